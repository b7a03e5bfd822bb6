// A POS export as a store's system writes one — its own column names, a row per option and store — and the
// mapping a person makes of it in Admin → Menu → Import. Shared by the admin-menu tests and bench-menu.
import type { ColumnMapping } from "~/lib/catalog";

export const POS_EXPORT_HEADER =
  "SKU,Product Name,Brand,Category,Strain,THC %,Size,Med Price,Sale Price,Qty,Location,Description";

export const POS_EXPORT_MAPPING: ColumnMapping = {
  externalId: "SKU",
  name: "Product Name",
  brand: "Brand",
  category: "Category",
  strainType: "Strain",
  thc: "THC %",
  option: "Size",
  priceMedical: "Med Price",
  priceSpecial: "Sale Price",
  stock: "Qty",
  store: "Location",
  description: "Description",
};
