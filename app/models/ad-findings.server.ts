// The advertising checker's findings kept with the content they were found in (issue 27), so the dashboard
// counts live content with findings without reading every post; and the activity row of an owner's
// "Publish anyway". The checker is app code (app/lib/ad-rules), so the database marks a row whose words
// changed as unchecked (a trigger, supabase/migrations/20261204090000_advertising_findings.sql) and
// `checkUncheckedContent` checks those rows before anything counts them. Every rule's findings are kept; a
// kind the owner switched off is left out where they are counted.
import { createHash } from "node:crypto";
import { type RawBuilder, sql, type SqlBool } from "kysely";
import { checkAdvertising } from "~/lib/ad-rules/check";
import { findingsSummary, type PublishedAnyway } from "~/lib/ad-rules/override";
import { AD_RULES_FINGERPRINT, type AdRuleKind } from "~/lib/ad-rules/rules";
import { type DB, db } from "~/server/db.server";
import type { StoredAdFinding } from "~/server/schema.server";
import { type ActivityActor, type ActivitySubject, recordActivity } from "./activity.server";
import { LISTED } from "./catalog-pages.server";

/** The rules' version: a row checked with other rules or another reading (before a deploy changed them) is checked again. */
export const AD_RULES_VERSION = createHash("sha256").update(AD_RULES_FINGERPRINT).digest("hex").slice(0, 16);

export type CheckedContentType = "post" | "deal" | "photo" | "brand" | "product";

/** What each kind of content publishes (form field → its column), what it is called, and when it is live. */
const CHECKED_CONTENT: Record<
  CheckedContentType,
  {
    table: "posts" | "deals_slides" | "gallery_photos" | "brands" | "catalog_products";
    fields: Record<string, RawBuilder<string | null>>;
    title: RawBuilder<string>;
    /** Live: on the site now or on its way there by itself (a scheduled post, an active deal not yet started). */
    live: (today: string) => RawBuilder<SqlBool>;
  }
> = {
  post: {
    table: "posts",
    fields: {
      title: sql`title`,
      excerpt: sql`excerpt`,
      content: sql`content`,
      meta_title: sql`meta_title`,
      meta_description: sql`meta_description`,
    },
    title: sql`title`,
    live: () => sql`status in ('published', 'scheduled')`,
  },
  deal: {
    table: "deals_slides",
    fields: { title: sql`title`, description: sql`description` },
    title: sql`title`,
    live: (today) => sql`is_active and (end_date is null or end_date >= ${today}::date)`,
  },
  photo: {
    table: "gallery_photos",
    fields: { alt: sql`alt`, caption: sql`caption` },
    title: sql`coalesce(caption, alt)`,
    live: () => sql`true`,
  },
  brand: { table: "brands", fields: { name: sql`name` }, title: sql`name`, live: () => sql`true` },
  product: {
    table: "catalog_products",
    // The description the menu shows: the owner's where they wrote one, else the source's.
    fields: { description: sql`coalesce(edited_description, description)` },
    title: sql`name`,
    live: () => LISTED,
  },
};

/** Every rule's findings in the fields' words, as a row keeps them. */
function findingsToStore(fields: Record<string, string | null | undefined>): StoredAdFinding[] {
  return Object.entries(fields).flatMap(([field, text]) =>
    checkAdvertising(text ?? "").map((finding) => ({ field, kind: finding.kind, phrase: finding.phrase })),
  );
}

const BATCH = 500;

/**
 * Checks the rows whose words changed since their last check — and with `rulesChanged` (at start-up) every
 * row checked with other rules than these. A row changed again while it was being checked keeps waiting for
 * the next check: the write compares the words it checked with the row's. Answers how many rows it checked.
 */
export async function checkUncheckedContent(executor?: DB, { rulesChanged = false } = {}): Promise<number> {
  const database = executor ?? (await db());
  let checked = 0;
  if (rulesChanged) {
    for (const { table } of Object.values(CHECKED_CONTENT)) {
      await sql`update ${sql.table(table)} set ad_checked_with = null where ad_checked_with <> ${AD_RULES_VERSION}`.execute(
        database,
      );
    }
  }
  for (const { table, fields } of Object.values(CHECKED_CONTENT)) {
    const names = Object.keys(fields);
    const words = sql.join(Object.values(fields));
    const fingerprint = sql`md5(row(${words})::text)`;
    for (;;) {
      const { rows } = await sql<Record<string, string | null> & { id: string; fingerprint: string }>`
        select id, ${fingerprint} as fingerprint, ${sql.join(names.map((name) => sql`${fields[name]} as ${sql.ref(name)}`))}
        from ${sql.table(table)} where ad_checked_with is null limit ${BATCH}`.execute(database);
      if (rows.length === 0) break;
      const values = rows.map(
        (row) =>
          sql`(${row.id}::uuid, ${row.fingerprint}, ${JSON.stringify(findingsToStore(Object.fromEntries(names.map((name) => [name, row[name]]))))}::jsonb)`,
      );
      const result = await sql`
        update ${sql.table(table)} set ad_findings = checked.findings, ad_checked_with = ${AD_RULES_VERSION}
        from (values ${sql.join(values)}) as checked (id, fingerprint, findings)
        where ${sql.table(table)}.id = checked.id and ${fingerprint} = checked.fingerprint`.execute(database);
      checked += Number(result.numAffectedRows ?? 0);
      if (rows.length < BATCH) break;
    }
  }
  return checked;
}

/** A live item with findings, as the dashboard lists it. */
export interface LiveContentFindings {
  type: CheckedContentType;
  id: string;
  title: string;
  findings: StoredAdFinding[];
}

/** How many items of a kind the dashboard lists at most (the count is of all of them). */
const LISTED_PER_TYPE = 200;

/**
 * The live content with findings of the rules switched on, after checking what changed since the last
 * look: posts, deals, gallery photos, brands and menu products, each kind by its title.
 */
export async function listLiveContentWithFindings(
  disabled: readonly AdRuleKind[],
  today: string,
): Promise<{ items: LiveContentFindings[]; total: number }> {
  const database = await db();
  await checkUncheckedContent(database);
  const items: LiveContentFindings[] = [];
  let total = 0;
  for (const [type, content] of Object.entries(CHECKED_CONTENT) as [
    CheckedContentType,
    (typeof CHECKED_CONTENT)[CheckedContentType],
  ][]) {
    const { rows } = await sql<{ id: string; title: string; ad_findings: StoredAdFinding[] }>`
      select id, ${content.title} as title, ad_findings from ${sql.table(content.table)}
      where ad_findings <> '[]' and ${content.live(today)}
      order by ${content.title}, id`.execute(database);
    let listed = 0;
    for (const row of rows) {
      const findings = row.ad_findings.filter((finding) => !disabled.includes(finding.kind));
      if (findings.length === 0) continue;
      total += 1;
      if (listed++ < LISTED_PER_TYPE) items.push({ type, id: row.id, title: row.title, findings });
    }
  }
  return { items, total };
}

/**
 * An editor's "Publish anyway" as a model's save takes it: decided already, or decided by the gate against
 * the row as the save's transaction reads it (locked; undefined for a new row), so the words judged as
 * unchanged are the words stored when the save commits. The gate may throw, which rolls the save back.
 */
export type OverrideFor<Row> =
  PublishedAnyway | null | undefined | ((stored: Row | undefined) => PublishedAnyway | null);

export function overrideFor<Row>(override: OverrideFor<Row>, stored: Row | undefined): PublishedAnyway | null {
  return typeof override === "function" ? override(stored) : (override ?? null);
}

/**
 * The owner's "Publish anyway": the findings and the reason in the activity log, written with `executor` —
 * the transaction of the save itself, so the override is on record exactly when the words are.
 */
export async function recordAdvertisingOverride(
  executor: DB,
  actor: ActivityActor,
  subject: ActivitySubject,
  override: PublishedAnyway,
): Promise<void> {
  await recordActivity(executor, {
    kind: "advertising.override",
    actor,
    subject,
    changes: {
      findings: { from: null, to: findingsSummary(override.findings) },
      reason: { from: null, to: override.reason },
    },
  });
}
