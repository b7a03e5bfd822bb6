// Admin → Subscribers (issue 40): counts and search, a subscriber's consent history, a withdrawal recorded
// for the patient (with the reason, in the ledger and the activity log), an erasure on request, and the
// exports: the e-mail list, the texts list in the shape an SMS vendor imports, and the whole ledger.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailConsentText, smsConsentText } from "~/lib/subscriptions";
import { confirmSubscription, signUp } from "~/models/subscribers.server";
import { loader as exportLoader } from "~/routes/admin/subscribers-export";
import { action, loader } from "~/routes/admin/subscribers";
import type { OpenedDatabase } from "~/server/db.server";
import { csvOf } from "../support/csv-response";
import { createTestDatabase } from "../support/database";
import { formOf, postTo } from "./admin-requests";
import { callRoute, makeUser, ORIGIN, sessionCookieFor } from "./auth-support";

const STORE = "Lindsey Street Cannabis Co.";
let database: OpenedDatabase;
let admin: { id: string; email: string };
let cookie: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await makeUser("subscribers-page-admin@example.com", "subscribers-page-password", { admin: true });
  cookie = await sessionCookieFor(admin.id);
  for (const [email, phone, confirm] of [
    ["ana@example.com", "4055550101", true],
    ["ben@example.com", null, true],
    ["cal@example.com", null, false],
  ] as const) {
    const signed = await signUp(
      {
        email,
        phone,
        emailText: emailConsentText(STORE),
        smsText: phone ? smsConsentText(STORE) : null,
        storeName: STORE,
      },
      { page: "/deals", clientNetwork: "203.0.113.0/24" },
    );
    ids[email] = signed.subscriberId;
    if (confirm) {
      const mail = await database.db
        .selectFrom("notification_mail")
        .select("body")
        .where("subscriber_id", "=", signed.subscriberId)
        .executeTakeFirstOrThrow();
      const token = /\?t=([A-Za-z0-9_-]+)/.exec(mail.body)![1];
      await confirmSubscription(token, { page: null, clientNetwork: null });
    }
  }
});
afterAll(async () => {
  await database.close();
});

const get = async (path: string) => callRoute(loader, new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } }));
const exported = async (list: string) =>
  (await callRoute(
    exportLoader,
    new Request(`${ORIGIN}/admin/subscribers/export.csv?list=${list}`, { headers: { Cookie: cookie } }),
  )) as Response;

describe("the list", () => {
  it("counts by status, searches by address or number, and shows a subscriber's whole history", async () => {
    const page = await get("/admin/subscribers");
    expect(page.counts).toEqual({ confirmed: 2, waiting: 1, withdrawn: 0, texts: 1 });
    expect((await get("/admin/subscribers?q=BEN")).subscribers.map((s) => s.email)).toEqual(["ben@example.com"]);
    expect((await get("/admin/subscribers?q=555-0101")).subscribers.map((s) => s.email)).toEqual(["ana@example.com"]);
    expect((await get("/admin/subscribers?status=pending")).subscribers.map((s) => s.email)).toEqual([
      "cal@example.com",
    ]);
    const chosen = (await get(`/admin/subscribers?id=${ids["ana@example.com"]}`)).chosen!;
    expect(chosen.history.map((event) => [event.what, event.how])).toEqual([
      ["E-mail: asked (waiting for confirmation)", "sign-up form"],
      ["Texts: consent given", "sign-up form"],
      ["E-mail: consent given", "confirmation link"],
    ]);
    expect(chosen.history[1].words).toEqual({ version: 1, text: smsConsentText(STORE) });
    expect(chosen.history[0]).toMatchObject({ page: "/deals", network: "203.0.113.0/24" });
  });
});

describe("recording for a patient", () => {
  it("records a withdrawal with its reason, in the ledger and the activity log; a missing reason is refused", async () => {
    const id = ids["ana@example.com"];
    const refused = await postTo(
      action,
      "/admin/subscribers",
      formOf({ intent: "withdraw", id, sms: "on", reason: "" }),
      cookie,
    );
    expect(refused.status).toBe(302);
    const recorded = await postTo(
      action,
      "/admin/subscribers",
      formOf({ intent: "withdraw", id, sms: "on", reason: "Called the store on Nov 29" }),
      cookie,
    );
    expect(recorded.status).toBe(302);
    const events = await database.db
      .selectFrom("consent_events")
      .select(["channel", "action", "method", "reason", "actor_id"])
      .where("subscriber_id", "=", id)
      .where("action", "=", "withdrawn")
      .execute();
    expect(events).toEqual([
      {
        channel: "sms",
        action: "withdrawn",
        method: "admin",
        reason: "Called the store on Nov 29",
        actor_id: admin.id,
      },
    ]);
    const logged = await database.db
      .selectFrom("activity_log")
      .select(["kind", "subject_title"])
      .where("subject_id", "=", id)
      .execute();
    expect(logged).toEqual([{ kind: "subscriber.withdraw", subject_title: "Subscriber" }]);
  });

  it("erases on request: the address goes from the list and the ledger, the anonymous record stays", async () => {
    const id = ids["cal@example.com"];
    await postTo(action, "/admin/subscribers", formOf({ intent: "erase", id, reason: "Asked in writing" }), cookie);
    const events = await database.db
      .selectFrom("consent_events")
      .select(["address", "client_network", "action"])
      .where("subscriber_id", "=", id)
      .orderBy("id")
      .execute();
    expect(events).toEqual([
      { address: null, client_network: null, action: "requested" },
      { address: null, client_network: null, action: "withdrawn" },
    ]);
    expect((await get("/admin/subscribers")).subscribers.map((s) => s.email)).not.toContain("cal@example.com");
  });
});

describe("the exports", () => {
  it("the e-mail list, the texts list as an SMS vendor imports it, and the whole ledger", async () => {
    await signUp(
      {
        email: "dee@example.com",
        phone: "4055550177",
        emailText: emailConsentText(STORE),
        smsText: smsConsentText(STORE),
        storeName: STORE,
      },
      { page: "/menu/flower/acdc", clientNetwork: null },
    );
    const email = await csvOf(await exported("email"));
    expect(email[0]).toEqual(["Email", "Confirmed at", "Consent text version", "Source page"]);
    expect(
      email
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(["ana@example.com", "ben@example.com"]);

    const texts = await csvOf(await exported("texts"));
    expect(texts[0]).toEqual(["Phone", "Consent time (UTC)", "Disclosure version", "Source page", "Email"]);
    expect(texts.slice(1)).toEqual([
      [
        "4055550177",
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        "1",
        "/menu/flower/acdc",
        "dee@example.com",
      ],
    ]);

    const ledger = await csvOf(await exported("ledger"));
    expect(ledger[0]).toEqual([
      "Record",
      "Subscriber",
      "Channel",
      "Action",
      "Address",
      "Method",
      "Page",
      "Consent text version",
      "Client network",
      "Reason",
      "Time",
    ]);
    expect(ledger.length - 1).toBe(
      Number(
        (
          await database.db
            .selectFrom("consent_events")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    const logged = await database.db
      .selectFrom("activity_log")
      .select("subject_title")
      .where("kind", "=", "export.subscribers")
      .execute();
    expect(logged.map((row) => row.subject_title).sort()).toEqual([
      "Consent ledger",
      "E-mail subscribers",
      "Text-message subscribers",
    ]);
  });

  it("asks for a sign-in", async () => {
    const outcome = await callRoute(exportLoader, new Request(`${ORIGIN}/admin/subscribers/export.csv`)).catch(
      (thrown: unknown) => thrown,
    );
    expect((outcome as Response).status).toBe(302);
  });
});
