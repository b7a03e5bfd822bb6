// Which public-content tables a query names: a render depends on those it reads (the page cache and the
// kept reads drop by them, issue 38: an import or a sync no longer drops /about), and a write changes those
// it writes (the database driver forgets their kept reads as it commits).
import type { OperationNode } from "kysely";

/**
 * The tables whose writes notify public_content_changed (migrations 20261128090000, 20261201090000 and
 * 20261202090000; tests/unit/query-tables.test.ts checks this list against the triggers in the schema).
 */
export const PUBLIC_CONTENT_TABLES = [
  "brands",
  "catalog_products",
  "catalog_syncs",
  "categories",
  "deals_slides",
  "gallery_photos",
  "post_categories",
  "post_tags",
  "posts",
  "reviews",
  "site_settings",
  "store_hours_exceptions",
  "tags",
] as const;

const PUBLIC_TABLE_NAMES: ReadonlySet<string> = new Set(PUBLIC_CONTENT_TABLES);
/** A public table named in raw SQL (`sql\`… from posts …\``): counted, whatever the statement does with it. */
const NAMED_IN_SQL = new RegExp(`\\b(${PUBLIC_CONTENT_TABLES.join("|")})\\b`, "g");

/**
 * Adds to `into` every public table `node` (a query's operation tree) names: its table nodes, and the
 * public tables named in the text of its raw SQL. Over-counting is safe (a page is dropped once too often);
 * missing one is not, so raw SQL is read by name.
 */
export function addPublicTables(node: unknown, into: Set<string>): void {
  if (node === null || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const item of node) addPublicTables(item, into);
    return;
  }
  const kind = (node as OperationNode).kind;
  if (kind === "TableNode") {
    const name = (node as { table: { identifier: { name: string } } }).table.identifier.name;
    if (PUBLIC_TABLE_NAMES.has(name)) into.add(name);
    return;
  }
  if (kind === "RawNode") {
    for (const fragment of (node as { sqlFragments: readonly string[] }).sqlFragments) {
      for (const match of fragment.matchAll(NAMED_IN_SQL)) into.add(match[1]);
    }
  }
  for (const value of Object.values(node)) {
    if (value !== null && typeof value === "object") addPublicTables(value, into);
  }
}
