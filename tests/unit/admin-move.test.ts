// Moving brands and deals up and down: the plan (swap or renumber), the transaction, and the routes' forms.
import { getToast } from "remix-toast";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { planMove } from "~/lib/admin-list";
import { listBrands, moveBrand } from "~/models/brands.server";
import { listDealSlidesForAdmin, moveDealSlide } from "~/models/deals.server";
import { action as brandsAction, loader as brandsLoader } from "~/routes/admin/brands";
import { action as dealsAction, loader as dealsLoader } from "~/routes/admin/deals";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";
import { asResult, makeUser, ORIGIN, callRoute, routeArgs, sessionCookieFor, settle } from "./auth-support";

let database: OpenedDatabase;
let adminCookie = "";
let admin: { id: string; email: string };
let memberCookie = "";
beforeAll(async () => {
  database = await createTestDatabase();
  admin = await makeUser("move-admin@example.com", "admin-pass", { admin: true });
  adminCookie = await sessionCookieFor(admin.id);
  memberCookie = await sessionCookieFor(
    (await makeUser("move-member@example.com", "member-pass", { admin: false })).id,
  );
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom("brands").execute();
  await database.db.deleteFrom("deals_slides").execute();
});

const rows = (...orders: number[]) => orders.map((sort_order, i) => ({ id: String.fromCharCode(97 + i), sort_order }));

/** The ids in the order the plan's numbers give (ties keep their current order, as the list's tie-breakers do). */
function applied(list: { id: string; sort_order: number }[], plan: ReturnType<typeof planMove>) {
  const next = new Map(list.map((row, index) => [row.id, { order: row.sort_order, index }]));
  for (const update of plan.updates) next.get(update.id)!.order = update.sortOrder;
  return [...next.entries()]
    .sort(([, a], [, b]) => a.order - b.order || a.index - b.index)
    .map(([id]) => id)
    .join("");
}

describe("planMove", () => {
  it("refuses to move the first row up or the last row down, and an unknown row", () => {
    expect(planMove(rows(0, 1, 2), "a", "up")).toEqual({ outcome: "edge", updates: [] });
    expect(planMove(rows(0, 1, 2), "c", "down")).toEqual({ outcome: "edge", updates: [] });
    expect(planMove(rows(0, 1, 2), "zz", "up")).toEqual({ outcome: "missing", updates: [] });
    expect(planMove([], "a", "down")).toEqual({ outcome: "missing", updates: [] });
  });

  it("swaps two neighbours' numbers when those numbers are theirs alone, touching nothing else", () => {
    const list = rows(10, 20, 990);
    const plan = planMove(list, "c", "up");
    expect(plan).toEqual({
      outcome: "moved",
      updates: [
        { id: "c", sortOrder: 20 },
        { id: "b", sortOrder: 990 },
      ],
    });
    expect(applied(list, plan)).toBe("acb");
    expect(applied(list, planMove(list, "a", "down"))).toBe("bac");
  });

  it("renumbers 0, 1, 2… in the new order when numbers are shared, so the move always shows", () => {
    const ties = rows(0, 0, 0, 0);
    const plan = planMove(ties, "c", "up");
    expect(plan.outcome).toBe("moved");
    expect(applied(ties, plan)).toBe("acbd");
    // Only rows whose number changes are written.
    expect(plan.updates).toEqual([
      { id: "c", sortOrder: 1 },
      { id: "b", sortOrder: 2 },
      { id: "d", sortOrder: 3 },
    ]);
    // A tie elsewhere in the list: swapping 1 and 5 would let the row that shares 5 jump too.
    const mixed = rows(1, 5, 5, 7);
    expect(applied(mixed, planMove(mixed, "a", "down"))).toBe("bacd");
  });

  it("keeps the order of every other row, whichever row moves which way", () => {
    const list = rows(3, 3, 4, 9, 9, 12);
    for (const row of list) {
      for (const direction of ["up", "down"] as const) {
        const plan = planMove(list, row.id, direction);
        const order = applied(list, plan);
        const others = (text: string) => text.replace(row.id, "");
        expect(others(order)).toBe(others("abcdef"));
        const from = list.indexOf(row);
        const expected = plan.outcome === "edge" ? from : direction === "up" ? from - 1 : from + 1;
        expect(order.indexOf(row.id)).toBe(expected);
      }
    }
  });
});

async function addBrands(...specs: [string, number][]) {
  return database.db
    .insertInto("brands")
    .values(specs.map(([name, sort_order]) => ({ name, sort_order, logo_url: `/logos/${name}.png` })))
    .returningAll()
    .execute();
}

const brandNames = async () => (await listBrands()).map((b) => b.name);

describe("moveBrand", () => {
  it("moves a brand one place up and down in one transaction", async () => {
    const [, blue] = await addBrands(["Alpha", 0], ["Blue Dream", 1], ["Cosmic", 2]);
    expect(await moveBrand(blue.id, "up", admin)).toBe("moved");
    expect(await brandNames()).toEqual(["Blue Dream", "Alpha", "Cosmic"]);
    expect(await moveBrand(blue.id, "down", admin)).toBe("moved");
    expect(await moveBrand(blue.id, "down", admin)).toBe("moved");
    expect(await brandNames()).toEqual(["Alpha", "Cosmic", "Blue Dream"]);
    expect((await listBrands()).map((b) => b.sort_order)).toEqual([0, 1, 2]);
  });

  it("leaves the first brand where it is when asked to go up, and the last when asked to go down", async () => {
    const [first, , last] = await addBrands(["Alpha", 0], ["Blue Dream", 1], ["Cosmic", 2]);
    expect(await moveBrand(first.id, "up", admin)).toBe("edge");
    expect(await moveBrand(last.id, "down", admin)).toBe("edge");
    expect(await brandNames()).toEqual(["Alpha", "Blue Dream", "Cosmic"]);
    expect(await moveBrand("00000000-0000-4000-8000-000000000000", "up", admin)).toBe("missing");
  });

  it("moves a brand among brands of the same number (ordered by name) by renumbering them", async () => {
    const [, , cosmic] = await addBrands(["Alpha", 0], ["Blue Dream", 0], ["Cosmic", 0]);
    expect(await moveBrand(cosmic.id, "up", admin)).toBe("moved");
    expect(await brandNames()).toEqual(["Alpha", "Cosmic", "Blue Dream"]);
    expect((await listBrands()).map((b) => b.sort_order)).toEqual([0, 1, 2]);
  });
});

describe("moveDealSlide", () => {
  it("moves a deal among deals of the same number (ordered by creation) and refuses the ends", async () => {
    const created = [];
    for (const [i, title] of ["One", "Two", "Three"].entries()) {
      created.push(
        await database.db
          .insertInto("deals_slides")
          .values({ title, sort_order: 5, created_at: new Date(Date.UTC(2026, 0, 1 + i)) })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    }
    const titles = async () => (await listDealSlidesForAdmin()).map((d) => d.title);
    expect(await moveDealSlide(created[0].id, "up", admin)).toBe("edge");
    expect(await moveDealSlide(created[2].id, "down", admin)).toBe("edge");
    expect(await moveDealSlide(created[2].id, "up", admin)).toBe("moved");
    expect(await titles()).toEqual(["One", "Three", "Two"]);
    expect(await moveDealSlide(created[0].id, "down", admin)).toBe("moved");
    expect(await titles()).toEqual(["Three", "One", "Two"]);
  });
});

async function post(
  action: (args: ReturnType<typeof routeArgs>) => unknown,
  path: string,
  fields: Record<string, string>,
  cookie: string | null = adminCookie,
) {
  const headers = new Headers({ Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
  });
  return asResult(await settle(() => callRoute(action, request)));
}

async function toastOf(response: { headers: Headers }) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  return (await getToast(new Request(ORIGIN, { headers: { Cookie: cookie.split(";")[0] } }))).toast;
}

describe("the move forms (no JavaScript needed)", () => {
  it("brands: intent=move-up moves, redirects back to the list it came from with a toast", async () => {
    const [alpha, blue] = await addBrands(["Alpha", 0], ["Blue Dream", 1]);
    const moved = await post(brandsAction, "/admin/brands?page=1", { intent: "move-up", id: blue.id });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe("/admin/brands?page=1");
    expect(await toastOf(moved)).toMatchObject({ type: "success", message: "Brand moved up" });
    expect(await brandNames()).toEqual(["Blue Dream", "Alpha"]);

    const edge = await post(brandsAction, "/admin/brands", { intent: "move-down", id: alpha.id });
    expect(await toastOf(edge)).toMatchObject({ type: "info", message: "This brand is already last" });
    const gone = await post(brandsAction, "/admin/brands", { intent: "move-down", id: "not-an-id" });
    expect(await toastOf(gone)).toMatchObject({ type: "error", message: "Error moving brand" });
    expect(await brandNames()).toEqual(["Blue Dream", "Alpha"]);
  });

  it("brands: the list marks the first and last brand of the whole list", async () => {
    await addBrands(["Alpha", 0], ["Blue Dream", 1], ["Cosmic", 2]);
    const headers = new Headers({ Cookie: adminCookie });
    const data = (await settle(() =>
      callRoute(brandsLoader, new Request(`${ORIGIN}/admin/brands`, { headers })),
    )) as Awaited<ReturnType<typeof brandsLoader>>;
    expect(data.brands.map((b) => [b.name, b.isFirst, b.isLast])).toEqual([
      ["Alpha", true, false],
      ["Blue Dream", false, false],
      ["Cosmic", false, true],
    ]);
  });

  it("deals: intent=move-down moves; only the whole list (no search, no filter) offers moving", async () => {
    const one = await database.db
      .insertInto("deals_slides")
      .values({ title: "One", sort_order: 0 })
      .returningAll()
      .executeTakeFirstOrThrow();
    await database.db.insertInto("deals_slides").values({ title: "Two", sort_order: 1 }).execute();
    const moved = await post(dealsAction, "/admin/deals", { intent: "move-down", id: one.id });
    expect(moved.headers.get("Location")).toBe("/admin/deals");
    expect(await toastOf(moved)).toMatchObject({ type: "success", message: "Deal moved down" });
    expect((await listDealSlidesForAdmin()).map((d) => d.title)).toEqual(["Two", "One"]);

    const load = async (search: string) =>
      (await settle(() =>
        callRoute(dealsLoader, new Request(`${ORIGIN}/admin/deals${search}`, { headers: { Cookie: adminCookie } })),
      )) as Awaited<ReturnType<typeof dealsLoader>>;
    const whole = await load("");
    expect(whole.reorderable).toBe(true);
    expect(whole.deals.map((d) => [d.title, d.isFirst, d.isLast])).toEqual([
      ["Two", true, false],
      ["One", false, true],
    ]);
    expect((await load("?q=one")).reorderable).toBe(false);
    expect((await load("?filter=active")).reorderable).toBe(false);
  });

  it("refuses visitors who are not admins", async () => {
    const [, blue] = await addBrands(["Alpha", 0], ["Blue Dream", 1]);
    const anonymous = await post(brandsAction, "/admin/brands", { intent: "move-up", id: blue.id }, null);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login/);
    const member = await post(brandsAction, "/admin/brands", { intent: "move-up", id: blue.id }, memberCookie);
    expect(member.headers.get("Location")).toBe("/");
    expect(await brandNames()).toEqual(["Alpha", "Blue Dream"]);
  });
});
