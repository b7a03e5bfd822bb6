import type { ImportReport } from "~/components/admin/menu/review-step";
import type { CatalogDiff } from "~/models/catalog.server";
import type { PosCsvResult } from "~/services/catalog/pos-csv.server";

// Admin → Menu → Import, step 3: what applying the file would change, as the page lists it. A long list shows
// its first entries and how many more there are (a first import lists every product as new).

const LISTED = 100;

const first = <T>(items: T[]) => items.slice(0, LISTED);

export function importReport(
  read: Extract<PosCsvResult, { ok: true }>,
  diff: CatalogDiff,
  source: { isNewSource: boolean; otherExportNames: string[] },
): ImportReport {
  const removed = diff.removed.filter((product) => !product.edited);
  const removedEdited = diff.removed.filter((product) => product.edited);
  return {
    products: read.products.length,
    skippedRows: read.skippedRows,
    added: { count: diff.added.length, names: first(diff.added.map((product) => product.name)) },
    changed: {
      count: diff.changed.length,
      items: first(diff.changed.map(({ name, fields }) => ({ name, fields }))),
    },
    removed: { count: removed.length, names: first(removed.map((product) => product.name)) },
    removedEdited: { count: removedEdited.length, items: first(removedEdited.map(({ id, name }) => ({ id, name }))) },
    adFindings: {
      count: read.adFindings.length,
      items: first(
        read.adFindings.map((claim) => ({
          ...claim,
          editHref: `/admin/menu?${new URLSearchParams({ q: claim.name, filter: "advertising" })}`,
        })),
      ),
    },
    isNewSource: source.isNewSource,
    otherExportNames: source.otherExportNames,
  };
}
