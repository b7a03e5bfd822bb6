-- The catalog's pages and sources (issue 26), beside 20261201090000_catalog.sql:
-- * a product's brand as a URL slug, for /brands/{slug} and the brand filter, kept by each import;
-- * images may be the site's own (the demo catalog's generated placeholders under /menu-images/);
-- * an uploaded POS export waits in catalog_uploads between the owner's steps (map, see the difference,
--   apply), so the steps work without JavaScript and survive a restart; pruned after a day;
-- * catalog_syncs: each import or provider sync, its outcome and counts, for the dashboard and
--   "Prices as of"; every write drops the page cache (a sync's new time shows on the pages).
alter table catalog_products add column brand_slug text
  check (brand_slug is null or brand_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$');
update catalog_products set brand_slug = nullif(trim(both '-' from regexp_replace(lower(brand_name), '[^a-z0-9]+', '-', 'g')), '');
create index catalog_products_brand_slug_idx on catalog_products (brand_slug, name) where gone_since is null and not is_hidden;

alter table catalog_products drop constraint catalog_products_image_url_check;
alter table catalog_products add constraint catalog_products_image_url_check check (image_url ~* '^(https?://|/)');
alter table catalog_products drop constraint catalog_products_edited_image_url_check;
alter table catalog_products add constraint catalog_products_edited_image_url_check
  check (edited_image_url ~* '^(https?://|/)');

create table catalog_uploads (
  id uuid primary key default gen_random_uuid(),
  source text not null check (length(btrim(source)) between 1 and 80),
  file_name text not null check (length(file_name) between 1 and 255),
  bytes bytea not null,
  uploaded_by uuid references users(id) on delete set null,
  uploaded_at timestamptz not null default now()
);

create table catalog_syncs (
  id uuid primary key default gen_random_uuid(),
  source text not null,
  -- 'import' (a POS export applied by the owner), 'sync' (the menu provider), 'demo'.
  kind text not null check (kind in ('import', 'sync', 'demo')),
  started_at timestamptz not null,
  finished_at timestamptz not null default now(),
  ok boolean not null,
  -- Why it failed, in the owner's words ("provider answered 401"); null when it worked.
  message text,
  added integer not null default 0,
  changed integer not null default 0,
  removed integer not null default 0
);
create index catalog_syncs_recent_idx on catalog_syncs (finished_at desc);
create index catalog_syncs_source_ok_idx on catalog_syncs (source, ok, finished_at desc);

create trigger catalog_syncs_public_content_changed after insert or update or delete or truncate
  on catalog_syncs for each statement execute function notify_public_content_changed();
