-- Device cookies (OWASP's "slow down online guessing attacks with device cookies"): one row per browser an
-- account has signed in with. The cookie names the account and a random nonce, signed with the session
-- secret; only the nonce's SHA-256 is stored here. A cookie is good while its row exists and has not expired:
-- a password change or reset deletes the account's rows, and removing the account deletes them with it.
create table admin_device_cookies (
  nonce_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index admin_device_cookies_user_idx on admin_device_cookies (user_id);
create index admin_device_cookies_expires_idx on admin_device_cookies (expires_at);
