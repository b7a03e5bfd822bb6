// Deals by e-mail through the real request handler (issue 40): the sign-up answers the same whether or not
// the address is on the list, refuses what it cannot take with a clear message, and its confirmation link,
// opened and pressed, starts the subscription once; the unsubscribe link ends it at once, the mail
// provider's one-click POST (RFC 8058) too, and an altered link gets a page that says so.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_UP_ANSWER } from "~/lib/subscriptions";
import { unsubscribePath } from "~/models/subscribers.server";
import { cookieJarClient } from "../support/cookie-jar-client";

type App = Awaited<ReturnType<typeof import("../support/http-harness").startInProcessApp>>;
let app: App;

beforeAll(async () => {
  // Every sign-up here comes from one address; the per-client limit has its own tests (http-layer).
  process.env.FORM_RATE_LIMIT = "100";
  const { startInProcessApp } = await import("../support/http-harness");
  app = await startInProcessApp();
}, 60_000);
afterAll(async () => {
  await app?.close();
  delete process.env.FORM_RATE_LIMIT;
});

const subscriberOf = (email: string) =>
  app.database.db.selectFrom("subscribers").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
const mailsTo = (email: string) =>
  app.database.db
    .selectFrom("notification_mail")
    .select("body")
    .where(sql<boolean>`${email} = any(recipients)`)
    .orderBy("created_at")
    .execute();
const escaped = (text: string) => text.replaceAll("'", "&#x27;");

describe("signing up", () => {
  it("answers the same for a new address and one already subscribed; mails only the new one", async () => {
    const visit = cookieJarClient(app.url);
    const form = { email: "New.Patient@Example.com", sms: "on", phone: "(405) 555-0142", page: "/deals", honeypot: "" };
    const first = await visit("/subscribe", form);
    expect(first.response.status).toBe(303);
    expect(first.response.headers.get("location")).toBe("/subscribe?sent=1");
    const answer = await visit("/subscribe?sent=1");
    expect(answer.html).toContain(escaped(SIGN_UP_ANSWER));
    expect(await subscriberOf("new.patient@example.com")).toMatchObject({
      email_status: "pending",
      sms_status: "consented",
      phone: "4055550142",
    });
    expect(await mailsTo("new.patient@example.com")).toHaveLength(1);

    // Confirmed, then asked again: the same answer, and no second mail.
    const token = /\/subscribe\/confirm\?t=([A-Za-z0-9_-]+)/.exec(
      (await mailsTo("new.patient@example.com"))[0].body,
    )![1];
    const page = await visit(`/subscribe/confirm?t=${token}`);
    expect(page.response.status).toBe(200);
    expect(page.html).toContain("Confirm my subscription");
    expect((await subscriberOf("new.patient@example.com")).email_status).toBe("pending");
    const confirmed = await visit(`/subscribe/confirm?t=${token}`, { t: token });
    expect(confirmed.html).toContain("You&#x27;re subscribed");
    expect((await subscriberOf("new.patient@example.com")).email_status).toBe("confirmed");
    const again = await visit("/subscribe", form);
    expect(again.response.headers.get("location")).toBe("/subscribe?sent=1");
    expect(await mailsTo("new.patient@example.com")).toHaveLength(1);

    // The link once more, and altered: pages that say so.
    expect((await visit(`/subscribe/confirm?t=${token}`)).html).toContain("This link has been used already");
    const altered = await visit(`/subscribe/confirm?t=${token.slice(0, -2)}xx`);
    expect(altered.response.status).toBe(404);
    expect(altered.html).toContain("This link is not one we sent");
  });

  it("refuses a malformed address, texts without a number, and a page that is not ours, with clear messages", async () => {
    const visit = cookieJarClient(app.url);
    const bad = await visit("/subscribe", { email: "not-an-address", phone: "", page: "/deals" });
    expect(bad.response.status).toBe(400);
    expect(bad.html).toContain("Please enter a valid email address");
    const texts = await visit("/subscribe", { email: "texts@example.com", sms: "on", phone: "", page: "/deals" });
    expect(texts.response.status).toBe(400);
    expect(texts.html).toContain("Please enter your mobile number for texts");
    expect(texts.html).toContain('value="texts@example.com"');
    const elsewhere = await visit("/subscribe", { email: "elsewhere@example.com", page: "//evil.example/x" });
    expect(elsewhere.response.status).toBe(303);
    const [event] = await app.database.db
      .selectFrom("consent_events")
      .select("page")
      .where("address", "=", "elsewhere@example.com")
      .execute();
    expect(event.page).toBeNull();
  });
});

describe("unsubscribing", () => {
  it("ends the e-mails at once by the link, and by the provider's one-click POST; an altered link changes nothing", async () => {
    const visit = cookieJarClient(app.url);
    await visit("/subscribe", { email: "leaving@example.com", sms: "on", phone: "4055550188", page: "/" });
    const { id } = await subscriberOf("leaving@example.com");

    const forged = await fetch(`${app.url}/unsubscribe?s=${id}&k=forged`);
    expect(forged.status).toBe(404);
    expect((await subscriberOf("leaving@example.com")).email_status).toBe("pending");

    const page = await visit(unsubscribePath(id));
    expect(page.response.status).toBe(200);
    expect(page.html).toContain("You will get no more e-mails from us");
    expect(page.html).toContain("Stop text messages too");
    expect((await subscriberOf("leaving@example.com")).email_status).toBe("withdrawn");
    const everything = await visit(unsubscribePath(id), {});
    expect(everything.html).toContain("no more e-mails or text messages");
    expect((await subscriberOf("leaving@example.com")).sms_status).toBe("withdrawn");

    // RFC 8058: the provider posts from its servers, without a browser's Origin.
    await visit("/subscribe", { email: "one-click@example.com", page: "/" });
    const other = await subscriberOf("one-click@example.com");
    const oneClick = await fetch(`${app.url}${unsubscribePath(other.id)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect((await subscriberOf("one-click@example.com")).email_status).toBe("withdrawn");
    const methods = await app.database.db
      .selectFrom("consent_events")
      .select(["method", "channel"])
      .where("subscriber_id", "in", [id, other.id])
      .where("action", "=", "withdrawn")
      .orderBy("id")
      .execute();
    expect(methods).toEqual([
      { method: "unsubscribe-link", channel: "email" },
      { method: "unsubscribe-link", channel: "sms" },
      { method: "one-click", channel: "email" },
    ]);
  });
});
