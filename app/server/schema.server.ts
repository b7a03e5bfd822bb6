import type { AccountTables } from "./schema/accounts.server";
import type { BagTables } from "./schema/bags.server";
import type { CampaignTables } from "./schema/campaigns.server";
import type { CatalogTables } from "./schema/catalog.server";
import type { OrderTables } from "./schema/orders.server";
import type { PostTables } from "./schema/posts.server";
import type { SiteContentTables } from "./schema/site-content.server";
import type { SubmissionTables } from "./schema/submissions.server";
import type { SubscriberTables } from "./schema/subscribers.server";

// TypeScript mirror of supabase/migrations: SQL is the contract. Each area's tables and row types live in
// app/server/schema/<area>.server.ts (like app/models/); this file composes them and stays the one import.
export interface Database
  extends
    PostTables,
    SiteContentTables,
    SubmissionTables,
    AccountTables,
    CatalogTables,
    BagTables,
    OrderTables,
    SubscriberTables,
    CampaignTables {}

export type { StoredAdFinding } from "./schema/columns.server";
export type * from "./schema/accounts.server";
export type * from "./schema/bags.server";
export type * from "./schema/campaigns.server";
export type * from "./schema/catalog.server";
export type * from "./schema/orders.server";
export type * from "./schema/posts.server";
export type * from "./schema/site-content.server";
export type * from "./schema/submissions.server";
export type * from "./schema/subscribers.server";
