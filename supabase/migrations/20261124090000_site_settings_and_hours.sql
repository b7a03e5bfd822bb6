-- The store facts the owner edits in the admin (Settings and Hours) instead of in code. Each section of
-- the settings is one JSON document under a key ('site', 'hours.Lindsey', 'hours.BlueWater'), validated by
-- the app when read; a key with no row reads as the defaults in app/content/site.ts, so a fresh database
-- starts with them and a section added later needs no data migration.
create table site_settings (
  key text primary key check (key ~ '^[a-z][a-zA-Z0-9.]*$'),
  value jsonb not null,
  updated_at timestamptz not null default now()
);

-- Dated exceptions to a store's weekly hours: a holiday closure or special hours, for one date or a range.
create table store_hours_exceptions (
  id uuid primary key default gen_random_uuid(),
  store text not null check (store in ('Lindsey', 'BlueWater')),
  start_date date not null,
  end_date date not null,
  closed boolean not null default true,
  opens text check (opens ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  closes text check (closes ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  label text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (end_date >= start_date),
  check (closed or (opens is not null and closes is not null and opens <> closes))
);
create index store_hours_exceptions_store_end_idx on store_hours_exceptions (store, end_date);
