import type { ColumnType, Generated, Selectable } from "kysely";
import type { Timestamp } from "./columns.server";

export type ConsentChannel = "email" | "sms";
export type ConsentAction = "requested" | "granted" | "withdrawn";
export type ConsentMethod = "form" | "confirmation-link" | "unsubscribe-link" | "one-click" | "admin" | "erasure";
export type EmailStatus = "pending" | "confirmed" | "withdrawn";
export type SmsStatus = "consented" | "withdrawn";

/** The exact words a sign-up form showed, stored once per version (supabase/migrations/…_subscribers.sql). */
export interface ConsentTextsTable {
  id: Generated<string>;
  channel: ConsentChannel;
  version: number;
  text: string;
  text_sha256: string;
  created_at: Generated<Date>;
}
export type ConsentText = Selectable<ConsentTextsTable>;

/** One e-mail address that asked for deals, and where each channel stands now. */
export interface SubscribersTable {
  id: Generated<string>;
  email: string | null;
  phone: string | null;
  email_status: EmailStatus;
  sms_status: SmsStatus | null;
  created_at: Generated<Date>;
  confirmation_sent_at: Date | null;
  confirmed_at: Date | null;
  email_status_changed_at: Timestamp;
  sms_status_changed_at: Date | null;
  erased_at: Date | null;
}
export type Subscriber = Selectable<SubscribersTable>;

/** The consent ledger: append-only (a trigger refuses every change but erasure's). */
export interface ConsentEventsTable {
  id: ColumnType<string, never, never>;
  subscriber_id: string | null;
  channel: ConsentChannel;
  action: ConsentAction;
  address: string | null;
  consent_text_id: string | null;
  page: string | null;
  method: ConsentMethod;
  reason: string | null;
  client_network: string | null;
  actor_id: string | null;
  created_at: Timestamp;
}
export type ConsentEvent = Selectable<ConsentEventsTable>;

/** A confirmation link, by its token's sha-256: single use, expiring. */
export interface SubscriptionConfirmationsTable {
  token_hash: string;
  subscriber_id: string;
  page: string | null;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

/** "Tell me when it's back": open until the mail about the product's return is queued. */
export interface BackInStockRequestsTable {
  id: Generated<string>;
  subscriber_id: string;
  product_id: string;
  created_at: Generated<Date>;
  notified_at: Date | null;
}

export interface SubscriberTables {
  back_in_stock_requests: BackInStockRequestsTable;
  consent_texts: ConsentTextsTable;
  subscribers: SubscribersTable;
  consent_events: ConsentEventsTable;
  subscription_confirmations: SubscriptionConfirmationsTable;
}
