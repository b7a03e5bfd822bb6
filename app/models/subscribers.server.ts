// Deals by e-mail and texts (issue 40): sign-ups, their double opt-in, withdrawals and erasure, and the
// consent ledger that records each (consent_events, append-only; supabase/migrations/…_subscribers.sql).
// An e-mail subscription counts once its confirmation link is opened; texts are consented on the form.
import crypto from "node:crypto";
import { sql } from "kysely";
import { isRowId } from "~/lib/admin-list";
import { keysetBatches } from "~/lib/keyset-batches";
import { containsPattern } from "./like-pattern.server";
import { SUBSCRIPTION_RULES } from "~/lib/subscriptions";
import { type DB, db } from "~/server/db.server";
import { publicUrl } from "~/server/env.server";
import { isLinkSignature, linkSignature } from "~/server/link-signature.server";
import type { ConsentChannel, ConsentMethod, Subscriber } from "~/server/schema.server";
import { type ActivityActor, recordActivity } from "./activity.server";
import { queueNotificationMail } from "./notification-mail.server";

const HOUR_MS = 60 * 60 * 1000;

/** Where a consent event happened: the page, the client's network, and who recorded it for the patient. */
export interface ConsentContext {
  page: string | null;
  clientNetwork: string | null;
  now?: Date;
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

/**
 * The id of `text` as shown for `channel`, stored once per version: the same words are the same row; new
 * words are the next version.
 */
export async function consentTextId(executor: DB, channel: ConsentChannel, text: string): Promise<string> {
  const hash = sha256(text);
  for (let attempt = 0; attempt < 3; attempt++) {
    const found = await executor
      .selectFrom("consent_texts")
      .select("id")
      .where("channel", "=", channel)
      .where("text_sha256", "=", hash)
      .executeTakeFirst();
    if (found) return found.id;
    // Two first sign-ups with new words at once: one insert wins, the other finds its row on the next round.
    await executor
      .insertInto("consent_texts")
      .values((eb) => ({
        channel,
        text,
        text_sha256: hash,
        version: eb
          .selectFrom("consent_texts")
          .select(sql<number>`coalesce(max(version), 0) + 1`.as("next"))
          .where("channel", "=", channel),
      }))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  throw new Error("Could not store the consent text");
}

interface LedgerEntry {
  subscriberId: string;
  channel: ConsentChannel;
  action: "requested" | "granted" | "withdrawn";
  address: string;
  textId?: string | null;
  method: ConsentMethod;
  reason?: string | null;
  actorId?: string | null;
}

function appendConsentEvent(executor: DB, entry: LedgerEntry, context: ConsentContext) {
  return executor
    .insertInto("consent_events")
    .values({
      subscriber_id: entry.subscriberId,
      channel: entry.channel,
      action: entry.action,
      address: entry.address,
      consent_text_id: entry.textId ?? null,
      page: context.page,
      method: entry.method,
      reason: entry.reason ?? null,
      client_network: context.clientNetwork,
      actor_id: entry.actorId ?? null,
      created_at: context.now ?? new Date(),
    })
    .execute();
}

/** A fresh confirmation link's token (the table keeps its sha-256) and its page. */
function confirmationPath(token: string): string {
  return `/subscribe/confirm?t=${token}`;
}

/** The address of a subscriber's unsubscribe page and one-click endpoint (no sign-in: the signature opens it). */
export function unsubscribePath(subscriberId: string): string {
  return `/unsubscribe?s=${subscriberId}&k=${linkSignature("unsubscribe", subscriberId)}`;
}

/**
 * A subscriber's unsubscribe link, and the headers every marketing mail to them carries so the mail provider
 * can offer one click (RFC 8058: List-Unsubscribe with the https address, and List-Unsubscribe-Post).
 */
export function unsubscribeLink(subscriberId: string): { url: string; headers: Record<string, string> } {
  const url = publicUrl(unsubscribePath(subscriberId));
  return {
    url,
    headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

export function isUnsubscribeSignature(subscriberId: string, signature: string | null | undefined): boolean {
  return isLinkSignature("unsubscribe", subscriberId, signature);
}

function confirmationMail(email: string, storeName: string, token: string) {
  return {
    to: email,
    subject: `Confirm your subscription to ${storeName}'s deals`,
    text: [
      `Someone, we hope you, asked for ${storeName}'s deals by e-mail at this address.`,
      "",
      `To start your subscription, open this link within ${SUBSCRIPTION_RULES.confirmationHours} hours:`,
      publicUrl(confirmationPath(token)),
      "",
      "If you did not ask, ignore this e-mail: nothing more will be sent, and the request is removed in a week.",
    ].join("\n"),
  };
}

export interface SignUp {
  email: string;
  /** Ten digits, when the texts box was ticked. */
  phone: string | null;
  emailText: string;
  smsText: string | null;
  storeName: string;
  /** "Tell me when it's back" about this product (its slug), when the form was a product page's. */
  productSlug?: string | null;
}

/**
 * Records a sign-up and, when the address is not subscribed yet, queues its confirmation mail (with the
 * record, in one transaction). An address already confirmed gets no mail; one asked again within minutes,
 * or more than three times a day, gets no second mail. Texts are consented here, on the form. The caller
 * answers the same whatever happened (no one learns from the form whether an address is on the list).
 */
export async function signUp(
  input: SignUp,
  context: ConsentContext,
): Promise<{ confirmationQueued: boolean; subscriberId: string }> {
  const now = context.now ?? new Date();
  const at = { ...context, now };
  return (await db()).transaction().execute(async (trx) => {
    const emailTextId = await consentTextId(trx, "email", input.emailText);
    let subscriber = await trx
      .selectFrom("subscribers")
      .selectAll()
      .where("email", "=", input.email)
      .forUpdate()
      .executeTakeFirst();
    if (!subscriber) {
      subscriber = await trx
        .insertInto("subscribers")
        .values({ email: input.email, email_status: "pending", email_status_changed_at: now, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const id = subscriber.id;

    let confirmationQueued = false;
    if (subscriber.email_status !== "confirmed") {
      if (subscriber.email_status === "withdrawn") {
        await trx
          .updateTable("subscribers")
          .set({ email_status: "pending", email_status_changed_at: now })
          .where("id", "=", id)
          .execute();
      }
      await appendConsentEvent(
        trx,
        {
          subscriberId: id,
          channel: "email",
          action: "requested",
          address: input.email,
          textId: emailTextId,
          method: "form",
        },
        at,
      );
      if (await mayMailConfirmation(trx, subscriber, now)) {
        const token = crypto.randomBytes(16).toString("base64url");
        await trx
          .insertInto("subscription_confirmations")
          .values({
            token_hash: sha256(token),
            subscriber_id: id,
            page: context.page,
            expires_at: new Date(now.getTime() + SUBSCRIPTION_RULES.confirmationHours * HOUR_MS),
            created_at: now,
          })
          .execute();
        await trx.updateTable("subscribers").set({ confirmation_sent_at: now }).where("id", "=", id).execute();
        await queueNotificationMail(trx, confirmationMail(input.email, input.storeName, token), { subscriberId: id });
        confirmationQueued = true;
      }
    }

    if (input.phone && input.smsText && (subscriber.sms_status !== "consented" || subscriber.phone !== input.phone)) {
      const smsTextId = await consentTextId(trx, "sms", input.smsText);
      await trx
        .updateTable("subscribers")
        .set({ phone: input.phone, sms_status: "consented", sms_status_changed_at: now })
        .where("id", "=", id)
        .execute();
      await appendConsentEvent(
        trx,
        {
          subscriberId: id,
          channel: "sms",
          action: "granted",
          address: input.phone,
          textId: smsTextId,
          method: "form",
        },
        at,
      );
    }
    if (input.productSlug) {
      const product = await trx
        .selectFrom("catalog_products")
        .select("id")
        .where("slug", "=", input.productSlug)
        .executeTakeFirst();
      // One open request per subscriber and product (a repeated ask is the same request).
      if (product) {
        await trx
          .insertInto("back_in_stock_requests")
          .values({ subscriber_id: id, product_id: product.id, created_at: now })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      }
    }
    return { confirmationQueued, subscriberId: id };
  });
}

/** Whether another confirmation mail may go to this address now (not within minutes, at most 3 a day). */
async function mayMailConfirmation(trx: DB, subscriber: Subscriber, now: Date): Promise<boolean> {
  const resendAfter = SUBSCRIPTION_RULES.resendAfterMinutes * 60_000;
  if (subscriber.confirmation_sent_at && now.getTime() - subscriber.confirmation_sent_at.getTime() < resendAfter) {
    return false;
  }
  const today = await trx
    .selectFrom("subscription_confirmations")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("subscriber_id", "=", subscriber.id)
    .where("created_at", ">", new Date(now.getTime() - 24 * HOUR_MS))
    .executeTakeFirstOrThrow();
  return Number(today.count) < SUBSCRIPTION_RULES.confirmationsPerDay;
}

export type ConfirmationOutcome = "confirmed" | "already-confirmed" | "used" | "expired" | "unknown";

/** Whether a confirmation link's token names a link that can still be used (for its page; changes nothing). */
export async function confirmationState(token: string, now = new Date()): Promise<ConfirmationOutcome | "usable"> {
  if (!TOKEN_SHAPE.test(token)) return "unknown";
  const link = await (
    await db()
  )
    .selectFrom("subscription_confirmations")
    .select(["used_at", "expires_at"])
    .where("token_hash", "=", sha256(token))
    .executeTakeFirst();
  return linkState(link, now);
}

/** A confirmation token as signUp makes them: 16 random bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/** What a confirmation link (found or not) allows now. */
function linkState(
  link: { used_at: Date | null; expires_at: Date } | undefined,
  now: Date,
): "unknown" | "used" | "expired" | "usable" {
  if (!link) return "unknown";
  if (link.used_at) return "used";
  return link.expires_at.getTime() <= now.getTime() ? "expired" : "usable";
}

/**
 * Opens a confirmation link: once, before it expires. The subscription then counts (the ledger's grant, by
 * the confirmation link, with the words the form showed).
 */
export async function confirmSubscription(token: string, context: ConsentContext): Promise<ConfirmationOutcome> {
  if (!TOKEN_SHAPE.test(token)) return "unknown";
  const now = context.now ?? new Date();
  return (await db()).transaction().execute(async (trx): Promise<ConfirmationOutcome> => {
    const link = await trx
      .selectFrom("subscription_confirmations")
      .selectAll()
      .where("token_hash", "=", sha256(token))
      .forUpdate()
      .executeTakeFirst();
    if (!link) return "unknown";
    const state = linkState(link, now);
    if (state !== "usable") return state;
    await trx
      .updateTable("subscription_confirmations")
      .set({ used_at: now })
      .where("token_hash", "=", link.token_hash)
      .execute();
    const subscriber = await trx
      .selectFrom("subscribers")
      .selectAll()
      .where("id", "=", link.subscriber_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (subscriber.email_status === "confirmed") return "already-confirmed";
    // The words the patient agreed to: those of the sign-up this link was sent for.
    const requested = await trx
      .selectFrom("consent_events")
      .select("consent_text_id")
      .where("subscriber_id", "=", subscriber.id)
      .where("channel", "=", "email")
      .where("action", "=", "requested")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("subscribers")
      .set({ email_status: "confirmed", confirmed_at: now, email_status_changed_at: now })
      .where("id", "=", subscriber.id)
      .execute();
    await appendConsentEvent(
      trx,
      {
        subscriberId: subscriber.id,
        channel: "email",
        action: "granted",
        address: subscriber.email!,
        textId: requested.consent_text_id,
        method: "confirmation-link",
      },
      { ...context, page: link.page, now },
    );
    return "confirmed";
  });
}

export interface Withdrawal {
  subscriberId: string;
  channels: ConsentChannel[];
  method: Extract<ConsentMethod, "unsubscribe-link" | "one-click" | "admin">;
  /** An admin's note of the patient's request (required for "admin"). */
  reason?: string | null;
  actor?: ActivityActor | null;
}

/**
 * Ends consent on the channels given, at once, and records each withdrawal. A channel already ended (or
 * never given) records nothing. Returns the channels that ended now; null when there is no such subscriber.
 */
export async function withdrawConsent(
  withdrawal: Withdrawal,
  context: ConsentContext,
): Promise<ConsentChannel[] | null> {
  const now = context.now ?? new Date();
  return (await db()).transaction().execute(async (trx) => {
    const subscriber = await trx
      .selectFrom("subscribers")
      .selectAll()
      .where("id", "=", withdrawal.subscriberId)
      .forUpdate()
      .executeTakeFirst();
    if (!subscriber || subscriber.erased_at) return null;
    const ended: ConsentChannel[] = [];
    const entry = {
      subscriberId: subscriber.id,
      action: "withdrawn" as const,
      method: withdrawal.method,
      reason: withdrawal.reason ?? null,
      actorId: withdrawal.actor?.id ?? null,
    };
    if (withdrawal.channels.includes("email") && subscriber.email_status !== "withdrawn") {
      await trx
        .updateTable("subscribers")
        .set({ email_status: "withdrawn", email_status_changed_at: now })
        .where("id", "=", subscriber.id)
        .execute();
      await appendConsentEvent(trx, { ...entry, channel: "email", address: subscriber.email! }, { ...context, now });
      ended.push("email");
    }
    if (withdrawal.channels.includes("sms") && subscriber.sms_status === "consented") {
      await trx
        .updateTable("subscribers")
        .set({ sms_status: "withdrawn", sms_status_changed_at: now })
        .where("id", "=", subscriber.id)
        .execute();
      await appendConsentEvent(trx, { ...entry, channel: "sms", address: subscriber.phone! }, { ...context, now });
      ended.push("sms");
    }
    // Recorded for a patient by staff: in the activity log too, naming no one (the ledger holds who).
    if (withdrawal.method === "admin" && withdrawal.actor && ended.length > 0) {
      await recordActivity(trx, {
        kind: "subscriber.withdraw",
        actor: withdrawal.actor,
        subject: { type: "subscriber", id: subscriber.id, title: "Subscriber" },
        changes: { withdrawn: { from: null, to: ended.join(", ") } },
      });
    }
    return ended;
  });
}

export async function findSubscriber(id: string): Promise<Subscriber | null> {
  if (!isRowId(id)) return null;
  return (await (await db()).selectFrom("subscribers").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Empties a set of events' contact data: the one change the ledger allows. */
function anonymizeEvents(trx: DB, subscriberId: string, unlink: boolean) {
  return trx
    .updateTable("consent_events")
    .set({ address: null, client_network: null, ...(unlink ? { subscriber_id: null } : {}) })
    .where("subscriber_id", "=", subscriberId)
    .execute();
}

/**
 * A patient's erasure request: consent ends on every channel (recorded first, by an admin with the reason),
 * then the address, number and client networks are removed from the subscriber and every ledger record.
 * What stays is anonymous: that consent existed, when, with which words, and when it ended.
 */
export async function eraseSubscriber(
  subscriberId: string,
  request: { reason: string; actor: ActivityActor },
  context: ConsentContext,
): Promise<boolean> {
  const ended = await withdrawConsent(
    { subscriberId, channels: ["email", "sms"], method: "admin", reason: request.reason, actor: request.actor },
    context,
  );
  if (ended === null) return false;
  const now = context.now ?? new Date();
  await (await db()).transaction().execute(async (trx) => {
    await anonymizeEvents(trx, subscriberId, false);
    await trx
      .updateTable("subscribers")
      .set({ email: null, phone: null, erased_at: now })
      .where("id", "=", subscriberId)
      .execute();
    await trx.deleteFrom("subscription_confirmations").where("subscriber_id", "=", subscriberId).execute();
    await recordActivity(trx, {
      kind: "subscriber.erase",
      actor: request.actor,
      subject: { type: "subscriber", id: subscriberId, title: "Subscriber" },
    });
  });
  return true;
}

/**
 * Removes sign-ups never confirmed within SUBSCRIPTION_RULES.pendingDays (and without texts consented):
 * their ledger records stay, anonymous. Returns how many went.
 */
export async function pruneUnconfirmedSignUps(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SUBSCRIPTION_RULES.pendingDays * 24 * HOUR_MS);
  return (await db()).transaction().execute(async (trx) => {
    const stale = await trx
      .selectFrom("subscribers")
      .select("id")
      .where("email_status", "=", "pending")
      .where("email_status_changed_at", "<", before)
      .where((eb) => eb.or([eb("sms_status", "is", null), eb("sms_status", "=", "withdrawn")]))
      .forUpdate()
      .execute();
    for (const { id } of stale) await anonymizeEvents(trx, id, true);
    if (stale.length > 0) {
      await trx
        .deleteFrom("subscribers")
        .where(
          "id",
          "in",
          stale.map((row) => row.id),
        )
        .execute();
    }
    return stale.length;
  });
}

// ——— Admin → Subscribers ———

export interface SubscriberCounts {
  confirmed: number;
  waiting: number;
  withdrawn: number;
  texts: number;
}

/** The list's counts: e-mail confirmed, waiting for confirmation, withdrawn; texts consented. */
export async function subscriberCounts(): Promise<SubscriberCounts> {
  const row = await (
    await db()
  )
    .selectFrom("subscribers")
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere("email_status", "=", "confirmed").as("confirmed"),
      eb.fn.countAll<string>().filterWhere("email_status", "=", "pending").as("waiting"),
      eb.fn.countAll<string>().filterWhere("email_status", "=", "withdrawn").as("withdrawn"),
      eb.fn.countAll<string>().filterWhere("sms_status", "=", "consented").as("texts"),
    ])
    .where("erased_at", "is", null)
    .executeTakeFirstOrThrow();
  return {
    confirmed: Number(row.confirmed),
    waiting: Number(row.waiting),
    withdrawn: Number(row.withdrawn),
    texts: Number(row.texts),
  };
}

export type SubscriberFilter = { search: string; status: "confirmed" | "pending" | "withdrawn" | "texts" | null };

/** One page of subscribers, newest first: by a piece of the address or number, and by status. */
export async function listSubscribers(filter: SubscriberFilter, page: { limit: number; offset: number }) {
  let query = (await db()).selectFrom("subscribers").where("erased_at", "is", null);
  const search = filter.search.trim().toLowerCase();
  if (search) {
    const digits = search.replace(/\D/g, "");
    query = query.where((eb) =>
      eb.or([
        eb("email", "like", containsPattern(search)),
        ...(digits.length >= 3 ? [eb("phone", "like", containsPattern(digits))] : []),
      ]),
    );
  }
  if (filter.status === "texts") query = query.where("sms_status", "=", "consented");
  else if (filter.status) query = query.where("email_status", "=", filter.status);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy("created_at", "desc").orderBy("id").limit(page.limit).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** A ledger record's columns as Admin → Subscribers and the ledger's export read them. */
const EVENT_COLUMNS = [
  "e.id",
  "e.subscriber_id",
  "e.channel",
  "e.action",
  "e.address",
  "e.page",
  "e.method",
  "e.reason",
  "e.client_network",
  "e.created_at",
  "t.version",
] as const;

/** A subscriber's whole consent history, oldest first, with the words each grant agreed to. */
export async function consentHistory(subscriberId: string) {
  return (await db())
    .selectFrom("consent_events as e")
    .leftJoin("consent_texts as t", "t.id", "e.consent_text_id")
    .leftJoin("users as u", "u.id", "e.actor_id")
    .select([...EVENT_COLUMNS, "t.text", "u.email as actor_email"])
    .where("e.subscriber_id", "=", subscriberId)
    .orderBy("e.id")
    .execute();
}

/** The whole ledger in batches by id (the CSV export never holds it whole). */
export function consentLedgerBatches(batchSize = 1000) {
  return keysetBatches(
    async (after: string | null, limit) =>
      (await db())
        .selectFrom("consent_events as e")
        .leftJoin("consent_texts as t", "t.id", "e.consent_text_id")
        .select(EVENT_COLUMNS)
        .$if(after !== null, (query) => query.where("e.id", ">", after!))
        .orderBy("e.id")
        .limit(limit)
        .execute(),
    (event) => String(event.id),
    batchSize,
  );
}

/**
 * The current opt-in list of a channel in batches: e-mail (confirmed) or texts (consented), with the grant in
 * force (its time, its words' version, the page it was given on), as an SMS vendor imports it.
 */
export function optInBatches(channel: ConsentChannel, batchSize = 1000) {
  return keysetBatches(
    async (after: string | null, limit) =>
      (await db())
        .selectFrom("subscribers as s")
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom("consent_events as e")
              .leftJoin("consent_texts as t", "t.id", "e.consent_text_id")
              .select(["e.created_at as granted_at", "e.page", "t.version"])
              .whereRef("e.subscriber_id", "=", "s.id")
              .where("e.channel", "=", channel)
              .where("e.action", "=", "granted")
              .orderBy("e.id", "desc")
              .limit(1)
              .as("g"),
          (join) => join.onTrue(),
        )
        .select(["s.id", "s.email", "s.phone", "g.granted_at", "g.page", "g.version"])
        .where(
          channel === "email" ? "s.email_status" : "s.sms_status",
          "=",
          channel === "email" ? "confirmed" : "consented",
        )
        .where("s.erased_at", "is", null)
        .$if(after !== null, (query) => query.where("s.id", ">", after!))
        .orderBy("s.id")
        .limit(limit)
        .execute(),
    (row) => row.id,
    batchSize,
  );
}
