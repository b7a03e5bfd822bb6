-- The admin activity log (/admin/activity): every admin write, export and sign-in event, written in the
-- same transaction as the change it describes (a change that fails leaves no row).
--
-- Personal data kept here, and why:
--   actor_email  the signed-in person's e-mail, copied so the row still says who after the account is
--                removed (actor_id is then set null). For a failed sign-in it is the e-mail of the existing
--                account that was tried; an e-mail that matches no account is never stored (it may be a
--                mistyped address of someone else, or a password typed into the wrong box).
--   ip           the client address, for telling a stranger's sign-in attempts from staff's own.
-- Rows are pruned after a year (pruneActivity in app/models/activity.server.ts).
create table activity_log (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  actor_id uuid references users (id) on delete set null,
  actor_email text,
  -- '<subject>.<action>': 'brand.create', 'auth.sign-in-failed', 'hours-exception.delete'…
  kind text not null check (kind ~ '^[a-z-]+\.[a-z-]+$'),
  subject_type text,
  subject_id text,
  subject_title text,
  -- Which fields changed: { "field": { "from": …, "to": … } } (values cut to 200 characters), or
  -- { "field": "(changed)" } for a field whose values are never kept. Never passwords, tokens or file contents.
  changes jsonb check (changes is null or jsonb_typeof(changes) = 'object'),
  ip text
);
create index activity_log_created_at_idx on activity_log (created_at desc);
create index activity_log_actor_idx on activity_log (actor_id, created_at desc);
create index activity_log_kind_idx on activity_log (kind, created_at desc);
