import { type MoveDirection, type MoveOutcome, planMove } from "~/lib/admin-list";
import { db } from "~/server/db.server";

/** The tables the admin orders by hand (a sort_order number, with move up/down), and how ties are broken. */
const TIE_BREAK = { brands: "name", deals_slides: "created_at", gallery_photos: "created_at" } as const;
export type OrderedTable = keyof typeof TIE_BREAK;

/**
 * Moves a row one place up or down its list's order (sort_order, then the tie-break, then id) in one
 * transaction, with the rows locked so two admins moving at once cannot interleave. 'edge' when it is
 * already first (up) or last (down); see planMove for how shared numbers are renumbered.
 */
export async function moveInOrder(table: OrderedTable, id: string, direction: MoveDirection): Promise<MoveOutcome> {
  return (await db()).transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom(table)
      .select(["id", "sort_order"])
      .orderBy("sort_order", "asc")
      .orderBy(TIE_BREAK[table], "asc")
      .orderBy("id", "asc")
      .forUpdate()
      .execute();
    const plan = planMove(rows, id, direction);
    for (const update of plan.updates) {
      await trx
        .updateTable(table)
        .set({ sort_order: update.sortOrder, updated_at: new Date() })
        .where("id", "=", update.id)
        .execute();
    }
    return plan.outcome;
  });
}
