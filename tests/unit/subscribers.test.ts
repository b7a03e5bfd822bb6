// Deals by e-mail (issue 40): the consent ledger (append-only; every event's fields; erasure leaves an
// anonymous record), the double opt-in (a link used once, expiring, not guessable), repeated sign-ups that
// send no second mail, withdrawal on each channel, and the removal of sign-ups never confirmed.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailConsentText, smsConsentText, SUBSCRIPTION_RULES } from "~/lib/subscriptions";
import {
  confirmationState,
  confirmSubscription,
  eraseSubscriber,
  findSubscriber,
  isUnsubscribeSignature,
  pruneUnconfirmedSignUps,
  signUp,
  unsubscribePath,
  withdrawConsent,
} from "~/models/subscribers.server";
import { clientNetwork } from "~/server/client-network.server";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";
import { makeUser } from "./auth-support";

const STORE = "Lindsey Street Cannabis Co.";
let database: OpenedDatabase;
let admin: { id: string; email: string };
beforeAll(async () => {
  database = await createTestDatabase();
  admin = await makeUser("subscribers-admin@example.com", "subscribers-admin-password", { admin: true });
});
afterAll(async () => {
  await database.close();
});

const context = (now = new Date()) => ({ page: "/deals", clientNetwork: "203.0.113.0/24", now });
const signUpOf = (email: string, phone: string | null = null, now = new Date()) =>
  signUp(
    {
      email,
      phone,
      emailText: emailConsentText(STORE),
      smsText: phone ? smsConsentText(STORE) : null,
      storeName: STORE,
    },
    context(now),
  );

/** The token of the confirmation mail queued for `email` (read from the mail's link, as the patient would). */
async function confirmationToken(email: string): Promise<string> {
  const mails = await database.db
    .selectFrom("notification_mail")
    .select(["body", "subject"])
    .where(sql<boolean>`${email} = any(recipients)`)
    .orderBy("created_at", "desc")
    .execute();
  const token = /\/subscribe\/confirm\?t=([A-Za-z0-9_-]+)/.exec(mails[0]?.body ?? "")?.[1];
  if (!token) throw new Error(`No confirmation mail to ${email}`);
  return token;
}

const ledgerOf = (subscriberId: string) =>
  database.db
    .selectFrom("consent_events")
    .leftJoin("consent_texts", "consent_texts.id", "consent_events.consent_text_id")
    .select([
      "consent_events.channel",
      "consent_events.action",
      "consent_events.address",
      "consent_events.method",
      "consent_events.page",
      "consent_events.client_network",
      "consent_events.reason",
      "consent_texts.text",
      "consent_texts.version",
    ])
    .where("subscriber_id", "=", subscriberId)
    .orderBy("consent_events.id")
    .execute();

describe("the client's network", () => {
  it.each([
    ["203.0.113.7", "203.0.113.0/24"],
    ["::ffff:198.51.100.23", "198.51.100.0/24"],
    ["2001:db8:1:2::5", "2001:db8:1::/48"],
    ["2001:db8::1", "2001:db8:0::/48"],
    ["unknown", null],
    [null, null],
  ])("%s is kept as %s", (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });
});

describe("signing up and confirming", () => {
  it("counts the subscription only once its link is opened, once; the ledger holds each step", async () => {
    const { subscriberId, confirmationQueued } = await signUpOf("pat@example.com", "(405) 555-0142".replace(/\D/g, ""));
    expect(confirmationQueued).toBe(true);
    expect(await findSubscriber(subscriberId)).toMatchObject({ email_status: "pending", sms_status: "consented" });

    const token = await confirmationToken("pat@example.com");
    expect(await confirmationState(token)).toBe("usable");
    expect(await confirmSubscription(token, context())).toBe("confirmed");
    expect(await confirmSubscription(token, context())).toBe("used");
    expect(await findSubscriber(subscriberId)).toMatchObject({ email_status: "confirmed" });

    expect(await ledgerOf(subscriberId)).toEqual([
      {
        channel: "email",
        action: "requested",
        address: "pat@example.com",
        method: "form",
        page: "/deals",
        client_network: "203.0.113.0/24",
        reason: null,
        text: emailConsentText(STORE),
        version: 1,
      },
      expect.objectContaining({
        channel: "sms",
        action: "granted",
        address: "4055550142",
        text: smsConsentText(STORE),
      }),
      expect.objectContaining({
        channel: "email",
        action: "granted",
        method: "confirmation-link",
        text: emailConsentText(STORE),
      }),
    ]);
  });

  it("refuses an altered, an unknown and an expired link, with no change", async () => {
    const past = new Date(Date.now() - (SUBSCRIPTION_RULES.confirmationHours + 1) * 3_600_000);
    const { subscriberId } = await signUpOf("late@example.com", null, past);
    const token = await confirmationToken("late@example.com");
    expect(await confirmSubscription(token, context())).toBe("expired");
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await confirmSubscription(altered, context())).toBe("unknown");
    expect(await confirmSubscription("not a token", context())).toBe("unknown");
    expect((await findSubscriber(subscriberId))?.email_status).toBe("pending");
  });

  it("sends no second mail for a sign-up repeated within minutes, nor to an address already confirmed", async () => {
    const first = await signUpOf("twice@example.com");
    const again = await signUpOf("twice@example.com");
    expect([first.confirmationQueued, again.confirmationQueued]).toEqual([true, false]);
    const later = new Date(Date.now() + (SUBSCRIPTION_RULES.resendAfterMinutes + 1) * 60_000);
    expect((await signUpOf("twice@example.com", null, later)).confirmationQueued).toBe(true);

    expect(await confirmSubscription(await confirmationToken("twice@example.com"), context(later))).toBe("confirmed");
    expect((await signUpOf("twice@example.com", null, new Date(later.getTime() + 3_600_000))).confirmationQueued).toBe(
      false,
    );
  });

  it("keeps new words as the next version, and the same words as the same one", async () => {
    const { subscriberId } = await signUpOf("words@example.com");
    await signUp(
      {
        email: "words2@example.com",
        phone: null,
        emailText: emailConsentText("Renamed Store"),
        smsText: null,
        storeName: "Renamed Store",
      },
      context(),
    );
    const versions = await database.db
      .selectFrom("consent_texts")
      .select(["version", "text"])
      .where("channel", "=", "email")
      .orderBy("version")
      .execute();
    expect(versions.map((row) => row.text)).toEqual([emailConsentText(STORE), emailConsentText("Renamed Store")]);
    expect((await ledgerOf(subscriberId))[0].version).toBe(1);
  });
});

describe("withdrawing", () => {
  it("ends e-mail at once by the unsubscribe link, and texts on their own; an admin records the reason", async () => {
    const { subscriberId } = await signUpOf("leave@example.com", "4055550199");
    await confirmSubscription(await confirmationToken("leave@example.com"), context());
    expect(
      isUnsubscribeSignature(subscriberId, new URL(unsubscribePath(subscriberId), "http://x").searchParams.get("k")),
    ).toBe(true);
    expect(isUnsubscribeSignature(subscriberId, "forged")).toBe(false);

    expect(await withdrawConsent({ subscriberId, channels: ["email"], method: "one-click" }, context())).toEqual([
      "email",
    ]);
    expect(await withdrawConsent({ subscriberId, channels: ["email"], method: "unsubscribe-link" }, context())).toEqual(
      [],
    );
    expect(
      await withdrawConsent(
        { subscriberId, channels: ["sms"], method: "admin", reason: "Asked at the counter", actor: admin },
        context(),
      ),
    ).toEqual(["sms"]);
    expect(await findSubscriber(subscriberId)).toMatchObject({ email_status: "withdrawn", sms_status: "withdrawn" });
    const withdrawals = (await ledgerOf(subscriberId)).filter((event) => event.action === "withdrawn");
    expect(withdrawals).toEqual([
      expect.objectContaining({ channel: "email", method: "one-click", address: "leave@example.com", text: null }),
      expect.objectContaining({
        channel: "sms",
        method: "admin",
        reason: "Asked at the counter",
        address: "4055550199",
      }),
    ]);
  });
});

describe("the ledger", () => {
  it("refuses any change or deletion, by anyone, but erasure's", async () => {
    const { subscriberId } = await signUpOf("keep@example.com");
    await expect(
      database.db
        .updateTable("consent_events")
        .set({ page: "/elsewhere" })
        .where("subscriber_id", "=", subscriberId)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      database.db
        .updateTable("consent_events")
        .set({ address: "other@example.com" })
        .where("subscriber_id", "=", subscriberId)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      database.db.deleteFrom("consent_events").where("subscriber_id", "=", subscriberId).execute(),
    ).rejects.toThrow(/append-only/);
    expect(await ledgerOf(subscriberId)).toHaveLength(1);
  });

  it("an erasure request removes the contact data and leaves an anonymous record that consent existed and ended", async () => {
    const { subscriberId } = await signUpOf("erase@example.com", "4055550111");
    await confirmSubscription(await confirmationToken("erase@example.com"), context());
    expect(
      await eraseSubscriber(subscriberId, { reason: "Asked by e-mail to be forgotten", actor: admin }, context()),
    ).toBe(true);
    const ledger = await ledgerOf(subscriberId);
    expect(ledger.map((event) => [event.channel, event.action, event.address, event.client_network])).toEqual([
      ["email", "requested", null, null],
      ["sms", "granted", null, null],
      ["email", "granted", null, null],
      ["email", "withdrawn", null, null],
      ["sms", "withdrawn", null, null],
    ]);
    expect(await findSubscriber(subscriberId)).toMatchObject({ email: null, phone: null, email_status: "withdrawn" });
    // The address may sign up again as anyone new would.
    expect((await signUpOf("erase@example.com")).subscriberId).not.toBe(subscriberId);
  });

  it("removes sign-ups never confirmed after a week, keeping their records anonymous", async () => {
    const old = new Date(Date.now() - (SUBSCRIPTION_RULES.pendingDays + 1) * 24 * 3_600_000);
    const { subscriberId } = await signUpOf("never@example.com", null, old);
    const texts = await signUpOf("texts-only@example.com", "4055550122", old);
    expect(await pruneUnconfirmedSignUps()).toBeGreaterThanOrEqual(1);
    expect(await findSubscriber(subscriberId)).toBeNull();
    expect(await findSubscriber(texts.subscriberId)).not.toBeNull();
    const orphans = await database.db
      .selectFrom("consent_events")
      .select(["address", "action"])
      .where("subscriber_id", "is", null)
      .execute();
    expect(orphans).toContainEqual({ address: null, action: "requested" });
    expect(
      await database.db
        .selectFrom("notification_mail")
        .select("id")
        .where(sql<boolean>`${"never@example.com"} = any(recipients)`)
        .execute(),
    ).toEqual([]);
  });
});
