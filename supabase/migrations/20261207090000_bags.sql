-- A patient's bag for ordering ahead (issue 39): found by the sha-256 of a random 128-bit token that only the
-- patient's browser holds (an httpOnly cookie), so a copy of the database opens no one's bag. A bag keeps what
-- was chosen, never a price: prices, stock and weights are read from the catalog at every view. The price a
-- line showed when it was added is kept to say "the price changed". Bags idle for 7 days are deleted by the
-- daily pruning. Not a public table: no notification, no page dropped by a bag's change.
create table bags (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  -- The store the patient will pick up at ('Lindsey', 'BlueWater'); null until one is known.
  store_id text check (store_id is null or length(store_id) between 1 and 40),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index bags_updated_at on bags (updated_at);

create table bag_lines (
  bag_token_hash text not null references bags (token_hash) on delete cascade,
  product_id uuid not null references catalog_products (id) on delete cascade,
  option_label text not null check (length(option_label) between 1 and 200),
  quantity integer not null check (quantity between 1 and 10),
  -- The unit price (special where one applied) the line showed when it was added or last changed.
  seen_price_cents integer not null check (seen_price_cents >= 0),
  added_at timestamptz not null default now(),
  primary key (bag_token_hash, product_id, option_label)
);
create index bag_lines_product on bag_lines (product_id);
