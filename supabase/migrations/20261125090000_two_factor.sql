-- Optional two-factor sign-in with an authenticator app (TOTP, RFC 6238).
-- One row per user who started or finished enrolling. The TOTP secret is stored encrypted (AES-256-GCM,
-- with a key derived from the session secret), so a database dump alone does not reveal it.
create table user_two_factor (
  user_id uuid primary key references users (id) on delete cascade,
  secret_encrypted text not null,
  -- null: enrolment started (QR shown) but not yet confirmed with a code; the secret is not in use.
  enabled_at timestamptz,
  -- The time step (unix seconds / 30) of the last code accepted: a code of that step or earlier is refused,
  -- so a code seen over someone's shoulder cannot be replayed within its window.
  last_used_step bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Single-use recovery codes (10 per enrolment), stored only as keyed hashes.
create table user_recovery_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index user_recovery_codes_user_idx on user_recovery_codes (user_id);
