// "Tell me when it's back" (issue 40): a request made with the sign-up on a product page out at both stores;
// when an import brings the product back, each confirmed subscriber who asked gets one mail (with the product's
// page and the unsubscribe headers), the request ends, and running it again sends nothing more. A subscriber
// who never confirmed gets nothing; a product the owner hid is not "back".
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailConsentText } from "~/lib/subscriptions";
import { applyCatalog } from "~/models/catalog.server";
import { confirmSubscription, signUp } from "~/models/subscribers.server";
import type { OpenedDatabase } from "~/server/db.server";
import { sendBackInStockNotices } from "~/services/campaigns/back-in-stock.server";
import { createTestDatabase } from "../support/database";
import { sourceProduct } from "../support/menu-catalog-data";

const STORE = "Lindsey Street Cannabis Co.";
let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const gone = (externalId: string, name: string) =>
  sourceProduct({ externalId, name, inStock: { Lindsey: false, BlueWater: false } });
const back = (externalId: string, name: string) =>
  sourceProduct({ externalId, name, inStock: { Lindsey: false, BlueWater: true } });

async function ask(email: string, slug: string, confirm: boolean) {
  const { subscriberId } = await signUp(
    { email, phone: null, emailText: emailConsentText(STORE), smsText: null, storeName: STORE, productSlug: slug },
    { page: `/menu/flower/${slug}`, clientNetwork: null },
  );
  if (confirm) {
    const mail = await database.db
      .selectFrom("notification_mail")
      .select("body")
      .where("subscriber_id", "=", subscriberId)
      .executeTakeFirstOrThrow();
    await confirmSubscription(/\?t=([A-Za-z0-9_-]+)/.exec(mail.body)![1], { page: null, clientNetwork: null });
  }
}
const mailsTo = (email: string) =>
  database.db
    .selectFrom("notification_mail")
    .select(["subject", "body", "headers"])
    .where(sql<boolean>`${email} = any(recipients)`)
    .where("subject", "like", "%is back%")
    .execute();

describe("back in stock", () => {
  it("one mail per request when an import brings the product back, to confirmed subscribers only", async () => {
    await applyCatalog("csv:pos", [gone("P-1", "Moon Rocks"), gone("P-2", "Sun Drops")]);
    const slug = async (externalId: string) =>
      (
        await database.db
          .selectFrom("catalog_products")
          .select("slug")
          .where("external_id", "=", externalId)
          .executeTakeFirstOrThrow()
      ).slug;
    await ask("asker@example.com", await slug("P-1"), true);
    await ask("asker@example.com", await slug("P-1"), true);
    await ask("never-confirmed@example.com", await slug("P-1"), false);
    await ask("hidden-asker@example.com", await slug("P-2"), true);
    expect(await sendBackInStockNotices()).toBe(0);

    await database.db
      .updateTable("catalog_products")
      .set({ is_hidden: true })
      .where("external_id", "=", "P-2")
      .execute();
    await applyCatalog("csv:pos", [back("P-1", "Moon Rocks"), back("P-2", "Sun Drops")]);
    expect(await sendBackInStockNotices()).toBe(1);
    expect(await sendBackInStockNotices()).toBe(0);

    const [mail] = await mailsTo("asker@example.com");
    expect(mail.subject).toBe("Moon Rocks is back at Blue Water");
    expect(mail.body).toContain(`/menu/flower/${await slug("P-1")}`);
    expect(mail.body).toContain("/unsubscribe?s=");
    expect(mail.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(await mailsTo("asker@example.com")).toHaveLength(1);
    expect(await mailsTo("never-confirmed@example.com")).toEqual([]);
    expect(await mailsTo("hidden-asker@example.com")).toEqual([]);

    // Out and back again: the request ended with its mail; a new ask is a new request.
    await applyCatalog("csv:pos", [gone("P-1", "Moon Rocks"), back("P-2", "Sun Drops")]);
    await applyCatalog("csv:pos", [back("P-1", "Moon Rocks"), back("P-2", "Sun Drops")]);
    expect(await sendBackInStockNotices()).toBe(0);
  });
});
