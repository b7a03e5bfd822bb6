-- 'Inside the Shop' on About: photos the owner uploads, orders and captions in the admin. While there are
-- none, the page shows its illustrations.
create table gallery_photos (
  id uuid primary key default gen_random_uuid(),
  image_url text not null,
  image_key text,
  alt text not null check (length(btrim(alt)) > 0),
  caption text,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index gallery_photos_order_idx on gallery_photos (sort_order, created_at);
