-- The menu's lists (issue 26) over the listed products (not gone, not hidden, on a shelf at one store at
-- least): one partial index per sort, so a page is the first rows of an index scan rather than a sort of
-- the whole catalog; and the brand's name searchable like the product's (a search matches either).
create index catalog_products_menu_name_idx on catalog_products (name, id)
  where gone_since is null and not is_hidden and cardinality(in_stock_stores) > 0;
create index catalog_products_menu_price_idx on catalog_products (price_from_cents, name, id)
  where gone_since is null and not is_hidden and cardinality(in_stock_stores) > 0;
-- The THC sort: percentages first, then milligrams, each high to low, products without a figure last.
create index catalog_products_menu_thc_idx on catalog_products
  ((thc_value is null), (thc_unit = 'mg'), thc_value desc, name, id)
  where gone_since is null and not is_hidden and cardinality(in_stock_stores) > 0;
create index catalog_products_brand_name_trgm_idx on catalog_products using gin (brand_name gin_trgm_ops)
  where gone_since is null;
-- The filter form's counts (every list page): categories and brands of the listed products, read from the
-- index alone once vacuum has marked the table's pages visible.
create index catalog_products_menu_facets_idx on catalog_products (category, brand_slug) include (brand_name)
  where gone_since is null and not is_hidden and cardinality(in_stock_stores) > 0;
