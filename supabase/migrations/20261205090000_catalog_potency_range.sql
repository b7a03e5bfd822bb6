-- Issue 37: the menu provider gives a potency as a range (THC 18.2–22.5 %); the catalog kept its low end only,
-- and a patient read "THC 18.2%". thc_value stays the low end (the THC sort and its index read it); *_max is
-- the high end when the source gives a range, null for one figure.
alter table catalog_products
  add column thc_max numeric(8, 2) check (thc_max >= thc_value),
  add column cbd_max numeric(8, 2) check (cbd_max >= cbd_value);
