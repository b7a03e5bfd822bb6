// Run in a DATA_DIR before a server starts on it (the server then holds the database): puts the menu's
// end-to-end catalog in (tests/support/menu-catalog-data.ts), as a POS import would, with the owner's hidden
// product, a brands entry, a recorded import for "Prices as of" and ordering kept by the stores. Test support only; the app never reads it.
import { applyCatalog } from "~/models/catalog.server";
import { recordCatalogRun } from "~/models/catalog-runs.server";
import { writeSetting } from "~/models/site-settings-rows.server";
import { installDatabase, openDatabase } from "~/server/db.server";
import { migrateToLatest } from "~/server/migrate.server";
import { HIDDEN, MENU_BRAND, MENU_SOURCE, menuCatalogImports } from "./menu-catalog-data";

const opened = await openDatabase();
try {
  await migrateToLatest(opened.db);
  installDatabase(opened);
  for (const { products, at } of menuCatalogImports()) await applyCatalog(MENU_SOURCE, products, { now: at });
  await opened.db
    .updateTable("catalog_products")
    .set({ is_hidden: true, edited_at: new Date() })
    .where("external_id", "=", HIDDEN.externalId)
    .execute();
  const brand = await opened.db
    .selectFrom("brands")
    .select("id")
    .where("name", "=", MENU_BRAND.name)
    .executeTakeFirst();
  if (!brand) {
    await opened.db
      .insertInto("brands")
      .values({ name: MENU_BRAND.name, logo_url: MENU_BRAND.logoUrl, site_url: MENU_BRAND.siteUrl })
      .execute();
  }
  await recordCatalogRun({ source: MENU_SOURCE, kind: "import", startedAt: new Date(), ok: true });
  // Both stores keep the orders made from a bag themselves (Settings → Ordering), as the demo does.
  await writeSetting("ordering", {
    modes: { Lindsey: "store", BlueWater: "store" },
    leadMinutes: 30,
    retentionDays: 90,
  });
} finally {
  await opened.close();
}
