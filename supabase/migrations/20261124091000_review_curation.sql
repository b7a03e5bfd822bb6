-- Reviews the owner curates in the admin: 'Featured' picks the four on /reviews and the three on the home
-- page (they were static code), 'Hidden' keeps a review out of the public pages without deleting it.
alter table reviews add column is_featured boolean not null default false;
alter table reviews add column is_hidden boolean not null default false;
alter table reviews add column updated_at timestamptz not null default now();
create index reviews_featured_idx on reviews (review_date desc) where is_featured and not is_hidden;

-- A database seeded before this migration has only sample reviews: feature the four newest of the best
-- rated, so /reviews and the home page keep showing reviews until the owner picks real ones.
update reviews set is_featured = true
where id in (
  select id from reviews where is_sample and rating >= 4 order by review_date desc, created_at desc limit 4
);
