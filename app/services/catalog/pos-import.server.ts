// A POS export's last step (Admin → Menu → Import): the catalog, the run, the remembered column mapping and
// the log entry in one transaction, the waiting upload deleted first within it — so a second Apply of the
// same upload (another tab, a double click) waits, then finds it gone and changes nothing.
import type { CategoryMapping, ColumnMapping, SourceProduct } from "~/lib/catalog";
import {
  type CatalogUpload,
  deleteCatalogUpload,
  recordMenuImport,
  rememberCsvMapping,
} from "~/models/catalog-admin.server";
import { applyCatalog } from "~/models/catalog.server";
import { recordCatalogRun } from "~/models/catalog-runs.server";
import type { ActivityActor } from "~/models/activity.server";
import { db } from "~/server/db.server";
import { sendBackInStockNotices } from "~/services/campaigns/back-in-stock.server";

export interface ImportCounts {
  added: number;
  changed: number;
  removed: number;
}

/** Applies the export's products; the counts, or null when the upload was applied (or cancelled) already. */
export async function applyPosExport(
  upload: Pick<CatalogUpload, "id" | "source" | "file_name">,
  products: SourceProduct[],
  options: { mapping: ColumnMapping; categories?: CategoryMapping; retireEdited: boolean; actor: ActivityActor },
): Promise<ImportCounts | null> {
  const startedAt = new Date();
  const counts = await (await db()).transaction().execute(async (trx) => {
    if (!(await deleteCatalogUpload(upload.id, trx))) return null;
    const result = await applyCatalog(upload.source, products, { retireEdited: options.retireEdited, trx });
    const counts = { added: result.added.length, changed: result.changed.length, removed: result.removed.length };
    await recordCatalogRun({ source: upload.source, kind: "import", startedAt, ok: true, counts }, trx);
    await rememberCsvMapping(trx, upload.source, options.mapping, options.categories);
    await recordMenuImport(trx, options.actor, { source: upload.source, fileName: upload.file_name, counts });
    return counts;
  });
  // Products the import brought back: the patients who asked hear of it now.
  if (counts) await sendBackInStockNotices();
  return counts;
}
