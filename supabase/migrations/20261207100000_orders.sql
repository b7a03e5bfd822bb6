-- Orders for pickup that the store keeps itself (issue 39, Settings → Ordering "kept by the store"): stored
-- with their lines in one transaction as the patient submits; the bag empties only then. A line copies what
-- the patient saw (name, size, price) so the order reads the same after the catalog changes. The patient's
-- name, phone, e-mail and note are removed after the retention period (default 90 days); totals stay.
create table orders (
  id uuid primary key default gen_random_uuid(),
  -- Short, said over the counter: six of 23456789ABCDEFGHJKMNPQRSTUVWXYZ (no 0/O, 1/I/L).
  number text not null unique check (number ~ '^[2-9A-HJKMNP-Z]{6}$'),
  store_id text not null check (store_id in ('Lindsey', 'BlueWater')),
  status text not null default 'new' check (status in ('new', 'ready', 'picked-up', 'cancelled', 'no-show')),
  customer_name text check (length(customer_name) between 1 and 100),
  customer_phone text check (customer_phone ~ '^[0-9]{10}$'),
  customer_email text check (length(customer_email) between 3 and 254),
  note text check (length(note) <= 500),
  pickup_starts_at timestamptz not null,
  pickup_ends_at timestamptz not null check (pickup_ends_at > pickup_starts_at),
  subtotal_cents integer not null check (subtotal_cents >= 0),
  item_count integer not null check (item_count >= 1),
  created_at timestamptz not null default now(),
  status_changed_at timestamptz not null default now(),
  personal_data_removed_at timestamptz,
  constraint orders_reachable check (
    personal_data_removed_at is not null or customer_phone is not null or customer_email is not null
  )
);
create index orders_store_created on orders (store_id, created_at desc);
create index orders_created on orders (created_at);

create table order_lines (
  order_id uuid not null references orders (id) on delete cascade,
  position integer not null check (position >= 0),
  product_id uuid references catalog_products (id) on delete set null,
  product_name text not null,
  option_label text not null,
  category text not null,
  quantity integer not null check (quantity between 1 and 10),
  unit_price_cents integer not null check (unit_price_cents >= 0),
  primary key (order_id, position)
);

-- The mail queue also carries the patient's order mails (confirmation, ready for pickup).
alter table notification_mail add column order_id uuid references orders (id) on delete cascade;
alter table notification_mail drop constraint notification_mail_one_submission;
alter table notification_mail
  add constraint notification_mail_one_subject check (num_nonnulls(application_id, inquiry_id, order_id) = 1);
