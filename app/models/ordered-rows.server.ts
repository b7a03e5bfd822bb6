import type { Transaction } from "kysely";
import { type MoveDirection, type MoveOutcome, planMove } from "~/lib/admin-list";
import { type ActivityChanges, changedFields } from "~/models/activity.server";
import { db } from "~/server/db.server";
import type { Database } from "~/server/schema.server";

/** The tables the admin orders by hand (a sort_order number, with move up/down), and how ties are broken. */
const TIE_BREAK = { brands: "name", deals_slides: "created_at", gallery_photos: "created_at" } as const;
export type OrderedTable = keyof typeof TIE_BREAK;

/** The moved row's order before and after: its sort_order, and its place in the whole list (1 = first). */
export interface OrderChange {
  id: string;
  sortOrder: { from: number; to: number };
  position: { from: number; to: number };
}

/**
 * A move as the activity log keeps it: the sort_order (when its number changed) and the place in the list
 * (always: when shared numbers are renumbered, the number alone can move the "wrong" way).
 */
export function moveChanges(change: OrderChange): ActivityChanges {
  return {
    ...changedFields({ sort_order: change.sortOrder.from }, { sort_order: change.sortOrder.to }, ["sort_order"]),
    position: { from: change.position.from, to: change.position.to },
  };
}

/**
 * Runs inside the move's transaction once the rows are renumbered (to record the move in the activity
 * log): when it throws, the move is undone too.
 */
export type OnMoved = (trx: Transaction<Database>, change: OrderChange) => Promise<void>;

/**
 * Moves a row one place up or down its list's order (sort_order, then the tie-break, then id) in one
 * transaction, with the rows locked so two admins moving at once cannot interleave. 'edge' when it is
 * already first (up) or last (down); see planMove for how shared numbers are renumbered. `onMoved` runs in
 * the same transaction after a move (not at an edge, nor for a missing row).
 */
export async function moveInOrder(
  table: OrderedTable,
  id: string,
  direction: MoveDirection,
  onMoved: OnMoved,
): Promise<MoveOutcome> {
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
    if (plan.outcome === "moved") {
      const index = rows.findIndex((row) => row.id === id);
      const from = rows[index].sort_order;
      const to = plan.updates.find((update) => update.id === id)?.sortOrder ?? from;
      const position = index + 1;
      await onMoved(trx, {
        id,
        sortOrder: { from, to },
        position: { from: position, to: direction === "up" ? position - 1 : position + 1 },
      });
    }
    return plan.outcome;
  });
}
