-- Issue 37: the filter form's counts are faceted (each facet under the other chosen filters: strain type,
-- store, special), so its statement filters on those too. The facets' index carries them, and a filtered
-- list's counts (and its total, which they give) are still read from the index alone.
drop index catalog_products_menu_facets_idx;
create index catalog_products_menu_facets_idx on catalog_products (category, brand_slug)
  include (brand_name, strain_type, on_special, in_stock_stores)
  where gone_since is null and not is_hidden and cardinality(in_stock_stores) > 0;
