-- "Tell me when it's back" (issue 40): a subscriber's request about a product out at both stores. When an
-- import or a sync brings it back, the subscriber (once confirmed) gets one mail and the request ends
-- (notified_at), in the transaction that queues the mail: once per request.
create table back_in_stock_requests (
  id uuid primary key default gen_random_uuid(),
  subscriber_id uuid not null references subscribers (id) on delete cascade,
  product_id uuid not null references catalog_products (id) on delete cascade,
  created_at timestamptz not null default now(),
  notified_at timestamptz
);
-- One open request per subscriber and product; the sweep looks for open requests by product.
create unique index back_in_stock_open_idx on back_in_stock_requests (subscriber_id, product_id)
  where notified_at is null;
create index back_in_stock_product_idx on back_in_stock_requests (product_id) where notified_at is null;

-- A queued mail's extra headers: a marketing mail's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058).
alter table notification_mail add column headers jsonb;
