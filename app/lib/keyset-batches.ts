/**
 * Every row of an ordered list in batches of `batchSize`, each its own short query that starts after the last
 * row of the one before (`fetch(after, limit)`, `after` null for the first): a CSV export never holds a whole
 * table, and rows added or removed meanwhile neither repeat nor stop it.
 */
export async function* keysetBatches<Row, Cursor>(
  fetch: (after: Cursor | null, limit: number) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor,
  batchSize: number,
): AsyncGenerator<Row[]> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await fetch(after, batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = cursorOf(rows[rows.length - 1]);
  }
}
