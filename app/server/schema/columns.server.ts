import type { AdRuleKind } from "~/lib/ad-rules/rules";
import type { ColumnType } from "kysely";

// Column shapes every area's tables share (app/server/schema.server.ts composes the areas).
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;
/** `date` columns travel as 'YYYY-MM-DD' strings (a parser is registered for them). */
export type DateOnly = ColumnType<string, string, string>;

/** One advertising finding kept with its row (app/models/ad-findings.server.ts writes them). */
export interface StoredAdFinding {
  /** The form field the words are in ("content", "description"…). */
  field: string;
  kind: AdRuleKind;
  phrase: string;
}
/** The checker's findings and the rules' version that found them (null: not checked since the words changed). */
export interface AdFindingColumns {
  ad_findings: ColumnType<StoredAdFinding[], never, never>;
  ad_checked_with: ColumnType<string | null, never, null>;
}
