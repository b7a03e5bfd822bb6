// "Tell me when it's back" (issue 40): requests about products out at both stores, and the one mail each
// gets when an import or a sync brings the product back (supabase/migrations/…_back_in_stock.sql).
import { sql } from "kysely";
import { productPath } from "~/lib/menu-params";
import type { StoreMailSender } from "~/lib/subscriptions";
import { db } from "~/server/db.server";
import { publicUrl } from "~/server/env.server";
import { queueNotificationMail } from "./notification-mail.server";
import { unsubscribeLink } from "./subscribers.server";

/**
 * Queues the mail of every open request whose product is back on a shelf (listed, in stock at a store) and
 * whose subscriber is confirmed, and ends each request with it: one mail per request, whatever runs this
 * again (an import, a sync, the sender's round) or at the same time (the rows are locked and skipped).
 * Returns how many mails were queued.
 */
export async function queueBackInStockMail(sender: StoreMailSender, now = new Date(), limit = 500): Promise<number> {
  return (await db()).transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("back_in_stock_requests as r")
      .innerJoin("catalog_products as p", "p.id", "r.product_id")
      .innerJoin("subscribers as s", "s.id", "r.subscriber_id")
      .select(["r.id", "r.subscriber_id", "s.email", "p.name", "p.category", "p.slug", "p.in_stock_stores"])
      .where("r.notified_at", "is", null)
      .where("s.email_status", "=", "confirmed")
      .where("s.email", "is not", null)
      .where("p.is_hidden", "=", false)
      .where("p.gone_since", "is", null)
      .where(sql<boolean>`cardinality(p.in_stock_stores) > 0`)
      .orderBy("r.created_at")
      .limit(limit)
      .forUpdate("r")
      .skipLocked()
      .execute();
    for (const request of due) {
      const stores = request.in_stock_stores.map((id) => sender.storeNames[id] ?? id).join(" and ");
      const unsubscribe = unsubscribeLink(request.subscriber_id);
      await queueNotificationMail(
        trx,
        {
          to: request.email!,
          subject: `${request.name} is back at ${stores}`,
          text: [
            `${request.name} is back in stock at ${stores}, as you asked us to tell you.`,
            "",
            publicUrl(productPath(request.category, request.slug)),
            "",
            "—",
            `You asked ${sender.name} to tell you when it was back; this is the only mail about it.`,
            `Unsubscribe from all our e-mails (one click): ${unsubscribe.url}`,
            `${sender.name}, ${sender.postalAddress}`,
          ].join("\n"),
          headers: unsubscribe.headers,
        },
        { subscriberId: request.subscriber_id },
      );
      await trx.updateTable("back_in_stock_requests").set({ notified_at: now }).where("id", "=", request.id).execute();
    }
    return due.length;
  });
}
