import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { getToast } from "remix-toast";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInStoreZone } from "~/lib/dates";
import { IMAGE_TOO_LARGE, IMAGE_UNREADABLE, IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES } from "~/lib/image-rules";
import { SORT_ORDER_MESSAGE } from "~/lib/schemas/admin-fields";
import { DATE_ORDER_MESSAGE, DEAL_MESSAGES } from "~/lib/schemas/deal";
import { insertDealSlide, getDealSlide, listDealSlidesForAdmin } from "~/models/deals.server";
import { action, loader } from "~/routes/admin/deals";
import { loader as dealsPageLoader } from "~/routes/site/deals";
import { listFiles, samples } from "../support/forms";
import { corruptPng } from "../support/images";
import { useAdminAreaTests } from "./admin-requests";
import { asResult, ORIGIN, callRoute, settle } from "./auth-support";

const site = useAdminAreaTests("deals");
const dealsDir = path.join(site.dataDir, "storage", "deals");

beforeEach(async () => {
  await site.database.db.deleteFrom("deals_slides").execute();
  fs.rmSync(dealsDir, { recursive: true, force: true });
});

// Two of the three variants (480 and 960 w) are narrower than it.
const png = async (width = 1200, height = 675) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: "#c98a1b" } })
      .png()
      .toBuffer(),
  );

function form(fields: Record<string, string | File>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

async function post(body: FormData | URLSearchParams, search = "", cookie: string | null = site.adminCookie) {
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`${ORIGIN}/admin/deals${search}`, { method: "POST", headers, body });
  return asResult(await settle(() => callRoute(action, request)));
}

type LoaderData = Awaited<ReturnType<typeof loader>>;
async function load(search = "", cookie: string | null = site.adminCookie) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  return settle(() => callRoute(loader, new Request(`${ORIGIN}/admin/deals${search}`, { headers })));
}

async function toastOf(response: { headers: Headers }) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  return (await getToast(new Request(ORIGIN, { headers: { Cookie: cookie.split(";")[0] } }))).toast;
}

const dealFiles = () => listFiles(dealsDir);

describe("admin deals: guard", () => {
  it("refuses anonymous visitors and signed-in users without the admin role, loader and action", async () => {
    const anonymous = (await load("?filter=active", null)) as Response;
    expect(anonymous.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fdeals%3Ffilter%3Dactive");
    expect(((await load("", site.memberCookie)) as Response).headers.get("Location")).toBe("/");
    const created = await post(form({ intent: "create", title: "Sneaky" }), "", null);
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    const member = await post(form({ intent: "create", title: "Sneaky" }), "", site.memberCookie);
    expect(member.headers.get("Location")).toBe("/");
    expect(await listDealSlidesForAdmin()).toEqual([]);
  });
});

describe("admin deals: create", () => {
  it("creates a deal and returns to the list (keeping its search and filter) with the spec's toast", async () => {
    const result = await post(
      form({
        intent: "create",
        title: " Weekend Edibles ",
        description: "Two for one.",
        start_date: "2026-11-20",
        end_date: "2026-11-30",
        is_active: "on",
        sort_order: "2",
      }),
      "?dialog=new&q=week&filter=active",
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/deals?q=week&filter=active");
    expect(await toastOf(result)).toMatchObject({ type: "success", message: DEAL_MESSAGES.created });
    const [deal] = await listDealSlidesForAdmin();
    expect(deal).toMatchObject({
      title: "Weekend Edibles",
      description: "Two for one.",
      start_date: "2026-11-20",
      end_date: "2026-11-30",
      is_active: true,
      sort_order: 2,
      image_url: null,
    });
  });

  it("requires a title; an unchecked Active box stores an inactive deal", async () => {
    const missing = await post(form({ intent: "create", title: "  ", description: "kept" }));
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({ message: DEAL_MESSAGES.createFailed });
    expect(missing.data.result.error.title).toEqual(["Title is required"]);
    expect(missing.data.result.initialValue).toMatchObject({ description: "kept" });

    await post(form({ intent: "create", title: "Paused" }));
    expect((await listDealSlidesForAdmin())[0]).toMatchObject({ title: "Paused", is_active: false, sort_order: 0 });
  });

  it("refuses a start date after the end date, impossible dates and a sort order that is not a whole number", async () => {
    const reversed = await post(
      form({ intent: "create", title: "Backwards", start_date: "2026-12-02", end_date: "2026-12-01" }),
    );
    expect(reversed.status).toBe(400);
    expect(reversed.data.result.error.end_date).toEqual([DATE_ORDER_MESSAGE]);
    // Reported together with a missing title.
    const both = await post(form({ intent: "create", start_date: "2026-12-02", end_date: "2026-12-01" }));
    expect(both.data.result.error).toMatchObject({ title: ["Title is required"], end_date: [DATE_ORDER_MESSAGE] });
    // The same day is fine.
    const sameDay = await post(
      form({ intent: "create", title: "One day", start_date: "2026-12-01", end_date: "2026-12-01" }),
    );
    expect(sameDay.status).toBe(302);

    const impossible = await post(form({ intent: "create", title: "Feb 30", start_date: "2026-02-30" }));
    expect(impossible.data.result.error.start_date).toEqual(["Start date must be a valid date"]);
    const order = await post(form({ intent: "create", title: "Order", sort_order: "2.5" }));
    expect(order.data.result.error.sort_order).toEqual([SORT_ORDER_MESSAGE]);
    expect((await listDealSlidesForAdmin()).map((d) => d.title)).toEqual(["One day"]);
  });

  it("stores an uploaded image with variants and says so in the toast", async () => {
    const result = await post(
      form({ intent: "create", title: "Pictured", image: new File([await png()], "Deal.JPG", { type: "image/png" }) }),
    );
    expect(result.status).toBe(302);
    expect(await toastOf(result)).toMatchObject({
      type: "success",
      message: DEAL_MESSAGES.created,
      description: DEAL_MESSAGES.imageUploaded,
    });
    const [deal] = await listDealSlidesForAdmin();
    // Named by content: a PNG called .JPG is stored as .png.
    expect(deal.image_key).toMatch(/^[0-9a-f-]{36}-\d+x\d+\.png$/);
    expect(deal.image_url).toBe(`/media/deals/${deal.image_key}`);
    expect(dealFiles()).toHaveLength(3);
  });

  it("refuses an oversized image and a disguised file with the spec's messages as the toast, storing nothing", async () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES + 10);
    big.set(await png(), 0);
    const oversized = await post(
      form({ intent: "create", title: "Too big", image: new File([big], "big.png", { type: "image/png" }) }),
    );
    expect(oversized.status).toBe(400);
    expect(oversized.data).toMatchObject({ outcome: "invalid", message: IMAGE_TOO_LARGE });
    expect(oversized.data.result.error.image).toEqual([IMAGE_TOO_LARGE]);
    expect(oversized.data.result.initialValue).toMatchObject({ title: "Too big" });

    for (const [bytes, name] of [
      [samples.pdf(), "flyer.png"],
      [new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), "deal.gif"],
    ] as const) {
      const disguised = await post(
        form({ intent: "create", title: "Disguised", image: new File([bytes], name, { type: "image/png" }) }),
      );
      expect(disguised.status).toBe(400);
      expect(disguised.data).toMatchObject({ message: IMAGE_WRONG_TYPE });
      expect(disguised.data.result.error.image).toEqual([IMAGE_WRONG_TYPE]);
    }
    expect(await listDealSlidesForAdmin()).toEqual([]);
    expect(dealFiles()).toEqual([]);
  });
});

describe("admin deals: an image that cannot be read", () => {
  it("refuses a PNG with a valid header but broken pixels with 400 and the message, storing nothing", async () => {
    const refused = await post(
      form({
        intent: "create",
        title: "Broken",
        image: new File([await corruptPng()], "broken.png", { type: "image/png" }),
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ outcome: "invalid", message: IMAGE_UNREADABLE });
    expect(refused.data.result.error.image).toEqual([IMAGE_UNREADABLE]);
    expect(refused.data.result.initialValue).toMatchObject({ title: "Broken" });
    expect(await listDealSlidesForAdmin()).toEqual([]);
    expect(dealFiles()).toEqual([]);
  });

  it("keeps a deal's image when its replacement cannot be read", async () => {
    await post(
      form({ intent: "create", title: "Kept", image: new File([await png()], "a.png", { type: "image/png" }) }),
    );
    const [deal] = await listDealSlidesForAdmin();
    const files = dealFiles();
    expect(files).toHaveLength(3);
    const refused = await post(
      form({
        intent: "update",
        id: deal.id,
        title: "Kept",
        image: new File([await corruptPng()], "b.png", { type: "image/png" }),
      }),
      `?edit=${deal.id}`,
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.image).toEqual([IMAGE_UNREADABLE]);
    expect(await getDealSlide(deal.id)).toMatchObject({ image_key: deal.image_key, image_url: deal.image_url });
    expect(dealFiles()).toEqual(files);
  });
});

describe("admin deals: update and delete", () => {
  it("updates fields, keeps the image unless replaced or removed, and deletes replaced files", async () => {
    await post(
      form({ intent: "create", title: "Old", image: new File([await png()], "a.png", { type: "image/png" }) }),
    );
    const [deal] = await listDealSlidesForAdmin();
    const firstKey = deal.image_key!;
    const edit = `?edit=${deal.id}&filter=expired`;

    const kept = await post(
      form({ intent: "update", id: deal.id, title: "New title", is_active: "on", end_date: "2027-01-01" }),
      edit,
    );
    expect(kept.status).toBe(302);
    expect(kept.headers.get("Location")).toBe("/admin/deals?filter=expired");
    expect(await toastOf(kept)).toMatchObject({ type: "success", message: DEAL_MESSAGES.updated });
    expect(await getDealSlide(deal.id)).toMatchObject({
      title: "New title",
      image_key: firstKey,
      end_date: "2027-01-01",
    });

    const replaced = await post(
      form({
        intent: "update",
        id: deal.id,
        title: "New title",
        image: new File([await png(800, 450)], "b.png", { type: "image/png" }),
      }),
      edit,
    );
    expect(await toastOf(replaced)).toMatchObject({ description: DEAL_MESSAGES.imageUploaded });
    const secondKey = (await getDealSlide(deal.id))!.image_key!;
    expect(secondKey).not.toBe(firstKey);
    expect(dealFiles()).toHaveLength(2);
    expect(dealFiles().every((file) => file.startsWith(secondKey.replace(".png", "")))).toBe(true);

    const removed = await post(form({ intent: "update", id: deal.id, title: "New title", remove_image: "on" }), edit);
    expect(removed.status).toBe(302);
    expect(await getDealSlide(deal.id)).toMatchObject({ image_url: null, image_key: null });
    expect(dealFiles()).toEqual([]);
  });

  it("keeps an existing image when a replacement is refused", async () => {
    await post(
      form({ intent: "create", title: "Keep", image: new File([await png()], "a.png", { type: "image/png" }) }),
    );
    const [deal] = await listDealSlidesForAdmin();
    const refused = await post(
      form({
        intent: "update",
        id: deal.id,
        title: "Keep",
        image: new File([samples.exe()], "x.webp", { type: "image/webp" }),
      }),
      `?edit=${deal.id}`,
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.image).toEqual([IMAGE_WRONG_TYPE]);
    expect((await getDealSlide(deal.id))?.image_key).toBe(deal.image_key);
    expect(dealFiles()).toHaveLength(3);
  });

  it("asks for confirmation without JavaScript, then deletes the deal and its image", async () => {
    await post(
      form({ intent: "create", title: "Gone", image: new File([await png()], "a.png", { type: "image/png" }) }),
    );
    const [deal] = await listDealSlidesForAdmin();

    // No `confirmed` (the browser's confirm() did not run): the confirmation page.
    const unconfirmed = await post(new URLSearchParams({ intent: "delete", id: deal.id }), "?q=go");
    expect(unconfirmed.status).toBe(302);
    expect(unconfirmed.headers.get("Location")).toBe(`/admin/deals?q=go&confirm-delete=${deal.id}`);
    expect(await getDealSlide(deal.id)).toBeDefined();
    const page = (await load(`?q=go&confirm-delete=${deal.id}`)) as LoaderData;
    expect(page.dialog).toMatchObject({ mode: "confirm-delete", row: { id: deal.id, title: "Gone" } });

    const confirmed = await post(
      new URLSearchParams({ intent: "delete", id: deal.id, confirmed: "yes" }),
      `?q=go&confirm-delete=${deal.id}`,
    );
    expect(confirmed.headers.get("Location")).toBe("/admin/deals?q=go");
    expect(await toastOf(confirmed)).toMatchObject({ type: "success", message: DEAL_MESSAGES.deleted });
    expect(await getDealSlide(deal.id)).toBeUndefined();
    expect(dealFiles()).toEqual([]);

    const again = await post(new URLSearchParams({ intent: "delete", id: deal.id, confirmed: "yes" }));
    expect(await toastOf(again)).toMatchObject({ type: "error", message: DEAL_MESSAGES.deleteFailed });
  });

  it("answers an update of a missing deal with the error toast", async () => {
    const missing = "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f";
    const result = await post(form({ intent: "update", id: missing, title: "X" }), `?edit=${missing}`);
    expect(await toastOf(result)).toMatchObject({ type: "error", message: DEAL_MESSAGES.updateFailed });
  });
});

describe("admin deals: list", () => {
  const now = new Date();
  const today = todayInStoreZone(now);

  beforeEach(async () => {
    await insertDealSlide({
      title: "Current flower",
      startDate: addDays(today, -3),
      endDate: addDays(today, 3),
      sortOrder: 1,
    });
    await insertDealSlide({ title: "Upcoming edibles", startDate: addDays(today, 2), sortOrder: 2 });
    await insertDealSlide({ title: "Expired flower", endDate: addDays(today, -1), sortOrder: 3 });
    await insertDealSlide({ title: "Paused vapes", isActive: false, sortOrder: 0 });
  });

  it("filters (All, Active, Upcoming, Expired) and searches the title, together", async () => {
    const titles = async (search: string) => ((await load(search)) as LoaderData).deals.map((d) => d.title);
    expect(await titles("")).toEqual(["Paused vapes", "Current flower", "Upcoming edibles", "Expired flower"]);
    expect(await titles("?filter=active")).toEqual(["Current flower", "Upcoming edibles", "Expired flower"]);
    expect(await titles("?filter=upcoming")).toEqual(["Upcoming edibles"]);
    expect(await titles("?filter=expired")).toEqual(["Expired flower"]);
    expect(await titles("?q=FLOWER")).toEqual(["Current flower", "Expired flower"]);
    expect(await titles("?q=flower&filter=expired")).toEqual(["Expired flower"]);
    expect(await titles("?q=100%25")).toEqual([]);
    // An unknown filter is All.
    expect(((await load("?filter=bogus")) as LoaderData).filter).toBe("all");
  });

  it("pages 50 at a time", async () => {
    for (let i = 0; i < 50; i++) await insertDealSlide({ title: `Bulk ${i}`, sortOrder: 10 });
    const first = (await load()) as LoaderData;
    expect(first).toMatchObject({ total: 54, page: 1, pageCount: 2 });
    expect(first.deals).toHaveLength(50);
    const second = (await load("?page=2")) as LoaderData;
    expect(second.deals).toHaveLength(4);
    const all = [...first.deals, ...second.deals].map((d) => d.id);
    expect(new Set(all).size).toBe(54);
  });

  it("puts a new current deal on the public Deals page, and not an inactive or future one", async () => {
    await post(form({ intent: "create", title: "Fresh today", start_date: today, end_date: today, is_active: "on" }));
    await post(form({ intent: "create", title: "Hidden", start_date: today, end_date: today }));
    const page = await dealsPageLoader();
    expect(page.slides.map((s) => s.title)).toContain("Fresh today");
    expect(page.slides.map((s) => s.title)).not.toContain("Hidden");
    expect(page.slides.map((s) => s.title)).not.toContain("Upcoming edibles");
  });
});
