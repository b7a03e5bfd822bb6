-- The store's own catalog (issue 26): every product the menu provider or a POS export lists, served on the
-- site's own pages. A product is a source's row (source + its id there); what the source says is replaced
-- by each import or sync, and the owner's edits (edited_*, is_hidden) win over it until the owner resets them.
create table catalog_products (
  id uuid primary key default gen_random_uuid(),
  -- Where it comes from: 'csv:<the export's name>', 'dutchie:<store>', or 'demo'.
  source text not null check (length(btrim(source)) between 1 and 80),
  external_id text not null check (length(btrim(external_id)) between 1 and 200),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null check (length(btrim(name)) between 1 and 200),
  brand_name text check (brand_name is null or length(btrim(brand_name)) between 1 and 120),
  category text not null check (
    category in ('flower', 'edibles', 'pre-rolls', 'vapes', 'concentrates', 'accessories', 'topicals', 'tinctures')
  ),
  strain_type text check (strain_type in ('indica', 'sativa', 'hybrid', 'cbd')),
  thc_value numeric(8, 2) check (thc_value >= 0),
  thc_unit text check (thc_unit in ('%', 'mg')),
  cbd_value numeric(8, 2) check (cbd_value >= 0),
  cbd_unit text check (cbd_unit in ('%', 'mg')),
  description text,
  image_url text check (image_url ~* '^https?://'),
  -- [{ "label": "3.5g", "priceMedicalCents": 3500, "priceSpecialCents": 2800 | null }], in the source's order.
  options jsonb not null default '[]' check (jsonb_typeof(options) = 'array'),
  -- Kept with the options, for sorting and filtering without reading them: the lowest price a patient pays
  -- now, and whether any option is on special.
  price_from_cents integer not null check (price_from_cents >= 0),
  on_special boolean not null default false,
  in_stock_stores text[] not null default '{}',
  -- The owner's hand edits.
  edited_description text,
  edited_image_url text check (edited_image_url ~* '^https?://'),
  is_hidden boolean not null default false,
  edited_at timestamptz,
  is_demo boolean not null default false,
  first_seen_at timestamptz not null default now(),
  -- The last import or sync that listed it; gone_since is set when one no longer does (its page answers
  -- "out of stock" for 30 days, then 410).
  seen_at timestamptz not null default now(),
  gone_since timestamptz,
  updated_at timestamptz not null default now(),
  unique (source, external_id)
);
create index catalog_products_listed_idx on catalog_products (category, name) where gone_since is null and not is_hidden;
create index catalog_products_brand_idx on catalog_products (lower(brand_name)) where gone_since is null;
create index catalog_products_name_trgm_idx on catalog_products using gin (name gin_trgm_ops) where gone_since is null;

-- The owner's column mapping of each POS export, remembered for its next upload.
create table catalog_csv_mappings (
  source text primary key check (length(btrim(source)) between 1 and 80),
  mapping jsonb not null check (jsonb_typeof(mapping) = 'object'),
  updated_at timestamptz not null default now()
);

create trigger catalog_products_public_content_changed after insert or update or delete or truncate
  on catalog_products for each statement execute function notify_public_content_changed();
