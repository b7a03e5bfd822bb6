import type { Selectable } from "kysely";
import type { DB } from "~/server/db.server";
import type { Database } from "~/server/schema.server";

/** The tables whose rows have an `id`. */
type TableWithId = { [T in keyof Database]: Database[T] extends { id: unknown } ? T : never }[keyof Database];

/**
 * Row `id` of `table` as it is now, locked until `trx` ends, so a concurrent edit of the same row waits and
 * the activity log's "before" is the truth; undefined when the row is gone.
 */
export function lockRowForUpdate<T extends TableWithId>(
  trx: DB,
  table: T,
  id: string,
): Promise<Selectable<Database[T]> | undefined> {
  // Kysely cannot type a column of a table chosen by a type parameter; every TableWithId has `id`.
  const query = trx.selectFrom(table as TableWithId).selectAll() as unknown as {
    where(column: "id", op: "=", value: string): { forUpdate(): { executeTakeFirst(): Promise<unknown> } };
  };
  return query.where("id", "=", id).forUpdate().executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}
