-- Issue 37: a POS export names its categories its own way ("Vape Cartridge", "Flower - Indica"). The owner's
-- choice for each value (one of the menu's categories, or "skip") is remembered per export beside its columns:
--   categories: { "vape cartridge": "vapes", "flower - indica": "flower", "gift cards": "skip" }
alter table catalog_csv_mappings
  add column categories jsonb not null default '{}' check (jsonb_typeof(categories) = 'object');
