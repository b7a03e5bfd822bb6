// Run in a DATA_DIR before a server starts on it (the server then holds the database): a store whose orders are
// handed to the menu provider (tests/e2e/ordering-provider.spec.ts). Blue Water takes orders through Dutchie
// Plus (its key and retailer id set, its menu synced a moment ago so no sync runs during the test); Lindsey
// keeps its own. Test support only; the app never reads it.
import { applyCatalog } from "~/models/catalog.server";
import { recordCatalogRun } from "~/models/catalog-runs.server";
import { writeSetting } from "~/models/site-settings-rows.server";
import { installDatabase, openDatabase } from "~/server/db.server";
import { migrateToLatest } from "~/server/migrate.server";
import { PROVIDER_PRODUCT, PROVIDER_SETTINGS } from "./provider-ordering-data";

const opened = await openDatabase();
try {
  await migrateToLatest(opened.db);
  installDatabase(opened);
  await applyCatalog("provider", [PROVIDER_PRODUCT]);
  await recordCatalogRun({ source: "provider", kind: "sync", startedAt: new Date(), ok: true });
  await writeSetting("menuSync", {
    provider: "dutchie-plus",
    apiKey: PROVIDER_SETTINGS.apiKey,
    retailerIds: { Lindsey: "r-lindsey", BlueWater: PROVIDER_SETTINGS.retailerId },
    intervalMinutes: 1440,
  });
  await writeSetting("ordering", {
    modes: { Lindsey: "store", BlueWater: "provider" },
    leadMinutes: 30,
    retentionDays: 90,
  });
} finally {
  await opened.close();
}
