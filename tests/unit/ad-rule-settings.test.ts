// Admin → Settings → Advertising rules (issue 27): the owner turns a kind of rule off (with the warning that
// the law still applies) and on again; the change is in the activity log; nothing can remove the table.
import { getToast } from "remix-toast";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkAdvertising } from "~/lib/ad-rules/check";
import { getDisabledAdRules } from "~/models/ad-rule-settings.server";
import { action, loader } from "~/routes/admin/settings";
import type { OpenedDatabase } from "~/server/db.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { createTestDatabase } from "../support/database";
import { failActivityOfKind } from "./activity-support";
import { settingsFormWith } from "./admin-requests";
import { asResult, callRoute, makeUser, ORIGIN, sessionCookieFor, settle } from "./auth-support";

let database: OpenedDatabase;
let cookie = "";
beforeAll(async () => {
  database = await createTestDatabase();
  cookie = await sessionCookieFor((await makeUser("rules-admin@example.com", "admin-pass", { admin: true })).id);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom("site_settings").execute();
  await database.db.deleteFrom("activity_log").execute();
});

async function post(fields: [string, string][], withCookie = cookie) {
  const headers = new Headers({ Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" });
  if (withCookie) headers.set("Cookie", withCookie);
  const request = new Request(`${ORIGIN}/admin/settings`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields),
  });
  return asResult(await settle(() => callRoute(action, request)));
}

const ON = (kinds: string[]): [string, string][] => [
  ["intent", "ad-rules"],
  ...kinds.map((kind): [string, string] => ["on", kind]),
];

describe("Settings → Advertising rules", () => {
  it("starts with every kind on, and the page lists them", async () => {
    expect(await getDisabledAdRules()).toEqual([]);
    const headers = new Headers({ Cookie: cookie });
    const page = (await settle(() => callRoute(loader, new Request(`${ORIGIN}/admin/settings`, { headers })))) as {
      adRules: { kind: string; on: boolean }[];
    };
    expect(page.adRules.map((rule) => [rule.kind, rule.on])).toEqual([
      ["health-claim", true],
      ["overconsumption", true],
      ["minors", true],
      ["recreational", true],
      ["misleading", true],
    ]);
  });

  it("turns a kind off with a warning, logs it, and the checker skips it; on again the same way", async () => {
    const saved = await post(ON(["health-claim", "minors", "recreational", "misleading"]));
    expect(saved.status).toBe(302);
    const toast = (
      await getToast(
        new Request(ORIGIN, { headers: { Cookie: (saved.headers.get("Set-Cookie") ?? "").split(";")[0] } }),
      )
    ).toast;
    expect(toast).toMatchObject({
      type: "success",
      message: "Advertising rules saved",
      description: "Off: Overconsumption. The editors no longer warn about it; the law still applies.",
    });
    const disabled = await getDisabledAdRules();
    expect(disabled).toEqual(["overconsumption"]);
    expect(checkAdvertising("Get wasted. Cures insomnia.", { disabled }).map((f) => f.kind)).toEqual(["health-claim"]);
    const [entry] = await database.db.selectFrom("activity_log").selectAll().execute();
    expect(entry).toMatchObject({
      kind: "settings.update",
      subject_title: "Advertising rules",
      actor_email: "rules-admin@example.com",
    });
    expect(entry.changes).toEqual({ overconsumption: { from: "on", to: "off" } });

    await post(ON(["health-claim", "overconsumption", "minors", "recreational", "misleading"]));
    expect(await getDisabledAdRules()).toEqual([]);
  });

  it("ignores a kind it does not know, and reads a malformed stored value as every kind on", async () => {
    await post(ON(["health-claim", "minors", "recreational", "misleading", "no-such-rule"]));
    expect(await getDisabledAdRules()).toEqual(["overconsumption"]);
    await database.db
      .updateTable("site_settings")
      .set({ value: JSON.stringify({ disabled: "all" }) })
      .where("key", "=", "adRules")
      .execute();
    expect(await getDisabledAdRules()).toEqual([]);
  });

  it("is for admins only", async () => {
    const anonymous = await post(ON([]), "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await getDisabledAdRules()).toEqual([]);
  });
});

describe("the promo banner is advertising", () => {
  const banner = (text: string, extra: Record<string, string | null> = {}) =>
    settingsFormWith({ "banner.enabled": "on", "banner.text": text, ...extra });
  const postForm = async (form: URLSearchParams) => post([...form.entries()]);

  it("refuses a banner with a finding, saying which words and why, and saves nothing", async () => {
    const refused = await postForm(await banner("Our tinctures relieve anxiety."));
    expect(refused.status).toBe(400);
    const data = refused.data as {
      result: { error: Record<string, string[]> };
      advertising: { findings: Record<string, { phrase: string; kind: string }[]>; reasonNeeded: boolean };
    };
    expect(data.result.error[""]).toEqual([
      "This text has advertising findings. Change the words, or tick “Publish anyway” and say why.",
    ]);
    expect(data.advertising.findings["banner.text"]).toMatchObject([
      { phrase: "relieve anxiety", kind: "health-claim" },
    ]);
    expect(data.advertising.reasonNeeded).toBe(false);
    expect((await getSiteSettings()).banner.text).not.toContain("relieve");
  });

  it("asks for a reason of a few words with 'Publish anyway'", async () => {
    const refused = await postForm(
      await banner("Our tinctures relieve anxiety.", { publishAnyway: "on", publishAnywayReason: "ok" }),
    );
    expect(refused.status).toBe(400);
    expect((refused.data as { advertising: { reasonNeeded: boolean } }).advertising.reasonNeeded).toBe(true);
  });

  it("publishes anyway with a reason: the banner, its change and the override in one transaction", async () => {
    const reason = "Quoting the label the state approved.";
    const saved = await postForm(
      await banner("Our tinctures relieve anxiety.", { publishAnyway: "on", publishAnywayReason: reason }),
    );
    expect(saved.status).toBe(302);
    expect((await getSiteSettings()).banner.text).toBe("Our tinctures relieve anxiety.");
    // Rows of one transaction share their time: sorted by kind, not by time.
    const rows = await database.db.selectFrom("activity_log").selectAll().orderBy("kind").execute();
    expect(rows.map((row) => row.kind)).toEqual(["advertising.override", "settings.update"]);
    expect(rows[0]).toMatchObject({ subject_title: "Promo banner", actor_email: "rules-admin@example.com" });
    expect(rows[0].changes).toEqual({
      findings: { from: null, to: "“relieve anxiety” (Health claim)" },
      reason: { from: null, to: reason },
    });
  });

  it("saves nothing when the override's log entry cannot be written", async () => {
    const restore = await failActivityOfKind(database.db, "advertising.override");
    try {
      const form = await banner("Cures boredom.", {
        publishAnyway: "on",
        publishAnywayReason: "A joke the owner likes.",
      });
      await post([...form.entries()]).catch(() => null);
      expect((await getSiteSettings()).banner.text).not.toBe("Cures boredom.");
      expect(await database.db.selectFrom("activity_log").selectAll().execute()).toEqual([]);
    } finally {
      await restore();
    }
  });

  it("judges only the banner's words a save changes: another section saves past a banner already shown (issue 37)", async () => {
    const claim = "Our tinctures relieve anxiety.";
    const anyway = { publishAnyway: "on", publishAnywayReason: "Quoting the label the state approved." };
    expect((await postForm(await banner(claim, anyway))).status).toBe(302);
    // The same banner, a new site name: nothing checked changes, so no "Publish anyway" is asked.
    const other = await postForm(await banner(claim, { name: "Dispensary of Norman" }));
    expect(other.status).toBe(302);
    expect((await getSiteSettings()).name).toBe("Dispensary of Norman");
    // Its line breaks and spaces as a browser sends them are the same words.
    expect((await postForm(await banner(`  ${claim}  `))).status).toBe(302);
    // New flagged words need it again; so does showing the hidden banner's flagged words.
    expect((await postForm(await banner("Our tinctures relieve pain."))).status).toBe(400);
    expect((await postForm(await banner(claim, { "banner.enabled": null }))).status).toBe(302);
    const shown = await postForm(await banner(claim));
    expect(shown.status).toBe(400);
    expect(
      (shown.data as { advertising: { findings: Record<string, unknown[]> } }).advertising.findings,
    ).toHaveProperty("banner.text");
    const kinds = (await database.db.selectFrom("activity_log").select("kind").execute()).map((row) => row.kind);
    expect(kinds.filter((kind) => kind === "advertising.override")).toHaveLength(1);
  });

  it("saves a banner that is switched off (a draft) freely, and one whose rule the owner turned off", async () => {
    expect(
      (await postForm(await settingsFormWith({ "banner.enabled": null, "banner.text": "Cures boredom." }))).status,
    ).toBe(302);
    expect((await getSiteSettings()).banner).toMatchObject({ enabled: false, text: "Cures boredom." });
    await post(ON(["overconsumption", "minors", "recreational", "misleading"]));
    expect((await postForm(await banner("Cures boredom."))).status).toBe(302);
    const kinds = (await database.db.selectFrom("activity_log").select("kind").execute()).map((row) => row.kind);
    expect(kinds).not.toContain("advertising.override");
  });
});
