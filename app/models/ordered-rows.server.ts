import type { Selectable } from "kysely";
import { type MoveDirection, type MoveOutcome, planMove } from "~/lib/admin-list";
import {
  type ActivityActor,
  type ActivityChanges,
  type ActivityKind,
  type ActivitySubject,
  changedFields,
  recordActivity,
} from "~/models/activity.server";
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
function moveChanges(change: OrderChange): ActivityChanges {
  return {
    ...changedFields({ sort_order: change.sortOrder.from }, { sort_order: change.sortOrder.to }, ["sort_order"]),
    position: { from: change.position.from, to: change.position.to },
  };
}

/** How a move is recorded in the activity log: its kind, who, and the moved row as a subject. */
export interface MoveActivity<T extends OrderedTable> {
  kind: ActivityKind;
  actor: ActivityActor;
  subject: (row: Selectable<Database[T]>) => ActivitySubject;
}

/**
 * Moves a row one place up or down its list's order (sort_order, then the tie-break, then id) in one
 * transaction, with the rows locked so two admins moving at once cannot interleave. 'edge' when it is
 * already first (up) or last (down); see planMove for how shared numbers are renumbered. A move (not an
 * edge, nor a missing row) is recorded in the activity log in the same transaction: if that fails, the move
 * is undone too.
 */
export async function moveInOrder<T extends OrderedTable>(
  table: T,
  id: string,
  direction: MoveDirection,
  activity: MoveActivity<T>,
): Promise<MoveOutcome> {
  // The queries take the table as the plain union (Kysely cannot type them over a generic table name).
  const ordered: OrderedTable = table;
  return (await db()).transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom(ordered)
      .select(["id", "sort_order"])
      .orderBy("sort_order", "asc")
      .orderBy(TIE_BREAK[ordered], "asc")
      .orderBy("id", "asc")
      .forUpdate()
      .execute();
    const plan = planMove(rows, id, direction);
    for (const update of plan.updates) {
      await trx
        .updateTable(ordered)
        .set({ sort_order: update.sortOrder, updated_at: new Date() })
        .where("id", "=", update.id)
        .execute();
    }
    if (plan.outcome === "moved") {
      const index = rows.findIndex((row) => row.id === id);
      const from = rows[index].sort_order;
      const to = plan.updates.find((update) => update.id === id)?.sortOrder ?? from;
      const position = index + 1;
      const change: OrderChange = {
        id,
        sortOrder: { from, to },
        position: { from: position, to: direction === "up" ? position - 1 : position + 1 },
      };
      const moved = (await trx
        .selectFrom(ordered)
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow()) as Selectable<Database[T]>;
      await recordActivity(trx, {
        kind: activity.kind,
        actor: activity.actor,
        subject: activity.subject(moved),
        changes: moveChanges(change),
      });
    }
    return plan.outcome;
  });
}
