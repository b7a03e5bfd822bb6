// The menu provider's sync (issue 26): both stores' menus merged into one catalog, a hand edit surviving it,
// and every failure — 401, 429 with Retry-After, a malformed body, an empty menu — leaving the last good
// catalog in place with the reason recorded for the dashboard. The provider is a local stand-in.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getToast } from "remix-toast";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { menuSyncSentence, timeAgo } from "~/lib/menu-sync-status";
import { defaultMenuSyncSettings, menuSyncFormSchema } from "~/lib/schemas/menu-sync";
import { getMenuSyncSettings, saveMenuSyncSettings } from "~/models/menu-sync-settings.server";
import { action as settingsAction } from "~/routes/admin/settings";
import { menuSyncStatus } from "~/routes/admin/settings-menu-sync.server";
import { emailConsentText } from "~/lib/subscriptions";
import { signUp } from "~/models/subscribers.server";
import type { OpenedDatabase } from "~/server/db.server";
import { dutchiePlusProvider } from "~/services/catalog/dutchie-plus.server";
import {
  mergeStoreMenus,
  PROVIDER_SOURCE,
  stopMenuSync,
  syncMenuIfDue,
  syncMenuNow,
} from "~/services/catalog/menu-sync.server";
import { createTestDatabase } from "../support/database";
import { asResult, callRoute, makeUser, ORIGIN, sessionCookieFor, settle } from "./auth-support";

type Reply = { status?: number; headers?: Record<string, string>; body?: string; hang?: boolean };
let menus: Record<string, () => Reply> = {};
const server = http.createServer((request, response) => {
  let raw = "";
  request.on("data", (chunk) => (raw += chunk));
  request.on("end", () => {
    const { variables } = JSON.parse(raw) as { variables: { retailerId: string; offset: number } };
    const reply: Reply =
      variables.offset > 0 ? { body: menu([]) } : (menus[variables.retailerId]?.() ?? { status: 404 });
    if (reply.hang) return; // never answers: the adapter's timeout ends the wait
    response.writeHead(reply.status ?? 200, { "Content-Type": "application/json", ...reply.headers });
    response.end(reply.body ?? "");
  });
});
let endpoint = "";
let database: OpenedDatabase;
const admin = { id: "", email: "" };
let adminCookie = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  database = await createTestDatabase();
  const user = await makeUser("menu-sync-admin@example.com", "admin-pass", { admin: true });
  Object.assign(admin, { id: user.id, email: user.email });
  adminCookie = await sessionCookieFor(user.id);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});
beforeEach(async () => {
  stopMenuSync();
  await database.db.deleteFrom("catalog_products").execute();
  await database.db.deleteFrom("catalog_syncs").execute();
  await database.db.deleteFrom("site_settings").execute();
  await saveMenuSyncSettings(
    {
      ...defaultMenuSyncSettings(),
      provider: "dutchie-plus",
      apiKey: "key-1",
      retailerIds: { Lindsey: "ret-l", BlueWater: "ret-b" },
    },
    admin,
  );
  menus = {
    "ret-l": () => ({ body: menu([item("l-1", "Blue Dream", { quantity: 4 }), item("l-2", "Jack Herer")]) }),
    "ret-b": () => ({
      body: menu([item("b-9", "Blue Dream", { quantity: 0, option: "7g", priceMed: 60 }), item("b-3", "Runtz")]),
    }),
  };
});

function item(id: string, name: string, variant: { quantity?: number; option?: string; priceMed?: number } = {}) {
  return {
    id,
    name,
    brand: { name: "Sunny Farms" },
    category: "FLOWER",
    description: `${name}, berry aroma.`,
    image: null,
    strainType: "HYBRID",
    potencyThc: { range: [22], unit: "PERCENTAGE" },
    potencyCbd: null,
    variants: [
      {
        option: variant.option ?? "3.5g",
        priceMed: variant.priceMed ?? 35,
        specialPriceMed: null,
        quantity: variant.quantity ?? 3,
      },
    ],
  };
}
const menu = (products: unknown[]) => JSON.stringify({ data: { menu: { products } } });
const provider = (timeoutMs = 2000) =>
  dutchiePlusProvider({
    apiKey: "key-1",
    retailerIds: { Lindsey: "ret-l", BlueWater: "ret-b" },
    endpoint,
    timeoutMs,
  });

const products = () =>
  database.db
    .selectFrom("catalog_products")
    .select(["name", "in_stock_stores", "options", "edited_description", "description", "updated_at"])
    .where("source", "=", PROVIDER_SOURCE)
    .orderBy("name")
    .execute();

describe("the menu sync", () => {
  it("merges both stores' menus: one product per brand and name, stocked where a store has it", async () => {
    const outcome = await syncMenuNow({ provider: provider() });
    expect(outcome).toEqual({ ok: true, counts: { added: 3, changed: 0, removed: 0 } });
    const rows = await products();
    expect(rows.map((row) => row.name)).toEqual(["Blue Dream", "Jack Herer", "Runtz"]);
    // Blue Water lists Blue Dream with none on hand and a size Lindsey does not sell.
    expect(rows[0].in_stock_stores).toEqual(["Lindsey"]);
    expect(rows[0].options.map((option) => option.label)).toEqual(["3.5g", "7g"]);
    expect(rows[2].in_stock_stores).toEqual(["BlueWater"]);
    const status = await menuSyncStatus();
    expect(status).toEqual({ sentence: "Menu last synced just now.", failing: false });
  });

  it("a sync that brings a product back mails each confirmed subscriber who asked, once (issue 40)", async () => {
    menus["ret-l"] = () => ({ body: menu([item("l-2", "Jack Herer", { quantity: 0 })]) });
    menus["ret-b"] = () => ({ body: menu([item("b-3", "Runtz")]) });
    await syncMenuNow({ provider: provider() });
    const { slug } = await database.db
      .selectFrom("catalog_products")
      .select("slug")
      .where("name", "=", "Jack Herer")
      .executeTakeFirstOrThrow();
    const { subscriberId } = await signUp(
      {
        email: "jack-fan@example.com",
        phone: null,
        emailText: emailConsentText("Store"),
        smsText: null,
        storeName: "Store",
        productSlug: slug,
      },
      { page: null, clientNetwork: null },
    );
    await database.db
      .updateTable("subscribers")
      .set({ email_status: "confirmed" })
      .where("id", "=", subscriberId)
      .execute();
    const backMails = () =>
      database.db.selectFrom("notification_mail").select("subject").where("subject", "like", "%is back%").execute();

    menus["ret-l"] = () => ({ body: menu([item("l-2", "Jack Herer", { quantity: 5 })]) });
    await syncMenuNow({ provider: provider() });
    expect(await backMails()).toEqual([{ subject: "Jack Herer is back at Lindsey Street" }]);
    await syncMenuNow({ provider: provider() });
    expect(await backMails()).toHaveLength(1);
  });

  it("keeps a hand edit through the next sync, which still updates what the provider says", async () => {
    await syncMenuNow({ provider: provider() });
    await database.db
      .updateTable("catalog_products")
      .set({ edited_description: "Our own words.", edited_at: new Date() })
      .where("name", "=", "Jack Herer")
      .execute();
    menus["ret-l"] = () => ({
      body: menu([
        item("l-1", "Blue Dream", { quantity: 4 }),
        { ...item("l-2", "Jack Herer"), description: "New text." },
      ]),
    });
    const outcome = await syncMenuNow({ provider: provider() });
    expect(outcome).toMatchObject({ ok: true, counts: { added: 0, changed: 1 } });
    const jack = (await products()).find((row) => row.name === "Jack Herer")!;
    expect(jack).toMatchObject({ edited_description: "Our own words.", description: "New text." });
  });

  it.each([
    ["a 401", { status: 401 }, "provider answered 401 (Blue Water)"],
    ["a body that is not JSON", { body: "<html>oops" }, "provider sent an answer that is not JSON (Blue Water)"],
    ["an empty menu", { body: menu([]) }, "provider sent an empty menu"],
    ["a 429", { status: 429, headers: { "Retry-After": "60" } }, "provider answered 429 (Blue Water)"],
    // Both stores hang: the first one asked ends the sync, whatever the machine's speed.
    ["no answer in time", { hang: true }, "provider did not answer within 300 ms (Lindsey Street)"],
  ])("keeps the last good catalog after %s and says why", async (_name, reply, message) => {
    const first = new Date("2026-11-27T12:00:00Z");
    await syncMenuNow({ provider: provider(), now: first });
    const before = await products();
    menus["ret-b"] = () => reply;
    if (!message.includes("(Blue Water)")) menus["ret-l"] = () => reply;
    const timeoutMs = "hang" in reply ? 300 : 2000;
    const outcome = await syncMenuNow({ provider: provider(timeoutMs), now: new Date("2026-11-27T15:00:00Z") });
    expect(outcome).toMatchObject({ ok: false, message });
    expect(await products()).toEqual(before);
    const runs = await database.db
      .selectFrom("catalog_syncs")
      .select(["ok", "message"])
      .orderBy("finished_at")
      .execute();
    expect(runs).toEqual([
      { ok: true, message: null },
      { ok: false, message },
    ]);
    expect(await menuSyncStatus(new Date("2026-11-27T15:05:00Z"))).toEqual({
      sentence: `Menu last synced 3 hours ago: ${message}`,
      failing: true,
    });
  });

  it("waits as long as a 429's Retry-After asks before trying again, and otherwise every interval", async () => {
    const start = new Date("2026-11-27T12:00:00Z");
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const due = (when: Date) => syncMenuIfDue(when, { provider: provider() });
    expect(await due(start)).toMatchObject({ ok: true });
    expect(await due(at(5))).toBeNull(); // not due: every 15 minutes
    menus["ret-l"] = () => ({ status: 429, headers: { "Retry-After": "1800" } });
    expect(await due(at(16))).toMatchObject({
      ok: false,
      message: "provider answered 429 (Lindsey Street)",
      retryAfterSeconds: 1800,
    });
    menus["ret-l"] = () => ({ body: menu([item("l-1", "Blue Dream")]) });
    expect(await due(at(32))).toBeNull(); // the provider asked for 30 minutes
    expect(await due(at(47))).toMatchObject({ ok: true });
  });

  it("does nothing, and records nothing, until a provider, key and store id are set", async () => {
    await saveMenuSyncSettings(defaultMenuSyncSettings(), admin);
    expect(await syncMenuNow()).toEqual({ ok: false, message: "No menu provider is chosen." });
    expect(await syncMenuIfDue()).toBeNull();
    expect(await database.db.selectFrom("catalog_syncs").selectAll().execute()).toEqual([]);
    expect(await menuSyncStatus()).toBeNull();
  });
});

describe("the merge", () => {
  it("keeps the first store's prices for a size both list, and any data the first lacks", () => {
    const base = {
      brand: "B",
      category: "flower" as const,
      strainType: null,
      thc: null,
      cbd: null,
      imageUrl: null,
      inStock: { Lindsey: false, BlueWater: false },
    };
    const merged = mergeStoreMenus([
      [
        {
          ...base,
          externalId: "1",
          name: "X",
          description: null,
          options: [{ label: "1g", priceMedicalCents: 1000, priceSpecialCents: null }],
          inStock: { Lindsey: true, BlueWater: false },
        },
      ],
      [
        {
          ...base,
          externalId: "2",
          name: "x",
          description: "D",
          options: [{ label: "1G", priceMedicalCents: 900, priceSpecialCents: null }],
          inStock: { Lindsey: false, BlueWater: true },
        },
      ],
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({
      externalId: "flower/b/x",
      description: "D",
      options: [{ label: "1g", priceMedicalCents: 1000 }],
      inStock: { Lindsey: true, BlueWater: true },
    });
  });
});

describe("Settings → Menu sync", () => {
  async function post(fields: Record<string, string>) {
    const headers = new Headers({
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: adminCookie,
    });
    const request = new Request(`${ORIGIN}/admin/settings`, {
      method: "POST",
      headers,
      body: new URLSearchParams(fields),
    });
    return asResult(await settle(() => callRoute(settingsAction, request)));
  }
  const toastOf = async (response: { headers: Headers }) =>
    (
      await getToast(
        new Request(ORIGIN, { headers: { Cookie: (response.headers.get("Set-Cookie") ?? "").split(";")[0] } }),
      )
    ).toast;

  it("saves the provider and keeps the key when the field is left empty; the log never holds the key", async () => {
    const saved = await post({
      intent: "menu-sync",
      provider: "dutchie-plus",
      apiKey: "",
      "retailerIds.Lindsey": "ret-new",
      "retailerIds.BlueWater": "",
      intervalMinutes: "30",
    });
    expect(saved.status).toBe(302);
    expect(await toastOf(saved)).toMatchObject({ type: "success", message: "Menu sync saved" });
    expect(await getMenuSyncSettings()).toEqual({
      provider: "dutchie-plus",
      apiKey: "key-1",
      retailerIds: { Lindsey: "ret-new", BlueWater: null },
      intervalMinutes: 30,
    });
    await post({
      intent: "menu-sync",
      provider: "dutchie-plus",
      apiKey: "secret-key-2",
      "retailerIds.Lindsey": "ret-new",
      intervalMinutes: "30",
    });
    const rows = await database.db
      .selectFrom("activity_log")
      .select("changes")
      .where("subject_id", "=", "menuSync")
      .execute();
    expect(JSON.stringify(rows)).not.toMatch(/key-1|secret-key-2/);
    expect(rows.at(-1)?.changes).toMatchObject({ apiKey: "(changed)" });
  });

  it("refuses a provider without a key or a store id, and an interval out of bounds, field by field", async () => {
    await saveMenuSyncSettings(defaultMenuSyncSettings(), admin);
    const refused = await post({ intent: "menu-sync", provider: "dutchie-plus", apiKey: "", intervalMinutes: "15" });
    expect(refused.status).toBe(400);
    const errors = (refused.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors.apiKey).toEqual(["Enter the key your provider gave you"]);
    expect(errors["retailerIds.Lindsey"]).toEqual(["Enter at least one store's id at the provider"]);
    for (const minutes of ["2", "1441", "ten", "1.5"]) {
      expect(
        menuSyncFormSchema.safeParse({
          intent: "menu-sync",
          provider: "none",
          retailerIds: {},
          intervalMinutes: minutes,
        }).success,
      ).toBe(false);
    }
  });

  it("'Sync now' says what changed, or why it could not", async () => {
    await saveMenuSyncSettings(defaultMenuSyncSettings(), admin);
    const refused = await post({ intent: "menu-sync-now" });
    expect(refused.status).toBe(302);
    expect(await toastOf(refused)).toMatchObject({
      type: "error",
      message: "Menu sync failed",
      description: "No menu provider is chosen.",
    });
  });
});

describe("the sync sentence", () => {
  const now = new Date("2026-11-27T15:00:00Z");
  const run = (hoursAgo: number, ok: boolean, message: string | null = null) => ({
    finishedAt: new Date(now.getTime() - hoursAgo * 3_600_000),
    ok,
    message,
  });
  it("says when the menu last synced and why the last try failed", () => {
    expect(menuSyncSentence(null, null, now)).toBe("The menu has not synced yet.");
    expect(menuSyncSentence(run(0.25, true), run(0.25, true), now)).toBe("Menu last synced 15 minutes ago.");
    expect(menuSyncSentence(run(0, false, "provider answered 401"), run(3, true), now)).toBe(
      "Menu last synced 3 hours ago: provider answered 401",
    );
    expect(menuSyncSentence(run(0, false, "provider answered 401"), null, now)).toBe(
      "Menu has never synced: provider answered 401",
    );
    expect(timeAgo(new Date(now.getTime() - 60_000), now)).toBe("1 minute ago");
    expect(timeAgo(new Date(now.getTime() - 50 * 3_600_000), now)).toBe("2 days ago");
  });
});
