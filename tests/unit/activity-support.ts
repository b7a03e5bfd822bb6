// Helpers shared by the activity log's tests (not a test file itself).
import { sql } from "kysely";
import type { ActivityRow } from "~/models/activity.server";
import type { DB } from "~/server/db.server";

/**
 * Makes every activity insert whose subject title contains `word` fail (a trigger), after the change itself
 * was written in the same transaction: what a failed recording does to its change.
 */
export async function failActivityWhenTitleContains(db: DB, word: string): Promise<void> {
  await sql
    .raw(
      `create function test_fail_activity() returns trigger language plpgsql as $$
       begin
         if new.subject_title like '%${word}%' then raise exception 'injected activity failure'; end if;
         return new;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger test_fail_activity before insert on activity_log
       for each row execute function test_fail_activity()`,
    )
    .execute(db);
}

/** Every activity row, oldest first (or by kind). */
export function activityRows(db: DB, orderBy: "created_at" | "kind" = "created_at"): Promise<ActivityRow[]> {
  return db.selectFrom("activity_log").selectAll().orderBy(orderBy).execute();
}

/**
 * Makes every activity insert of `kind` fail (a trigger) until the answered function removes it: the change
 * saved in the same transaction must go with it.
 */
export async function failActivityOfKind(db: DB, kind: string): Promise<() => Promise<void>> {
  await sql`create or replace function test_fail_activity_kind() returns trigger language plpgsql as $$
    begin if new.kind = ${sql.lit(kind)} then raise exception 'injected activity failure'; end if; return new; end $$`.execute(
    db,
  );
  await sql`create trigger test_fail_activity_kind before insert on activity_log
    for each row execute function test_fail_activity_kind()`.execute(db);
  return async () => {
    await sql`drop trigger test_fail_activity_kind on activity_log`.execute(db);
  };
}
