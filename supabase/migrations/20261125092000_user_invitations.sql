-- Invitations to the admin (/admin/users): a single-use, expiring link to set a password. The account is
-- created only when the link is used; using, replacing or withdrawing the invitation deletes its row, so a
-- link works at most once. Only the token's SHA-256 is stored.
create table user_invitations (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  token_hash text not null unique,
  -- Who sent it (the row stays if they are removed; the e-mail says who).
  invited_by uuid references users (id) on delete set null,
  invited_by_email text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index user_invitations_email_idx on user_invitations (lower(email));
