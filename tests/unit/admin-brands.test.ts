import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { getToast } from "remix-toast";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IMAGE_TOO_LARGE, IMAGE_UNREADABLE, IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES } from "~/lib/image-rules";
import { imageSrcSet } from "~/lib/image-srcset";
import { BRAND_MESSAGES, LOGO_REQUIRED_MESSAGE, LOGO_URL_MESSAGE, SITE_URL_MESSAGE } from "~/lib/schemas/brand";
import { SORT_ORDER_MESSAGE } from "~/lib/schemas/admin-fields";
import { insertBrand, getBrand, listBrands, listFeaturedBrands } from "~/models/brands.server";
import { action, loader } from "~/routes/admin/brands";
import { loader as brandsPageLoader } from "~/routes/site/brands";
import type { OpenedDatabase } from "~/server/db.server";
import { resetStorageDriver } from "~/server/storage.server";
import { createTestDatabase } from "../support/database";
import { listFiles, samples, useTemporaryDataDir } from "../support/forms";
import { corruptPng } from "../support/images";
import { asResult, makeUser, ORIGIN, callRoute, sessionCookieFor, settle } from "./auth-support";

const dataDir = useTemporaryDataDir("admin-brands");
const brandsDir = path.join(dataDir, "storage", "brands");

let database: OpenedDatabase;
let adminCookie = "";
beforeAll(async () => {
  resetStorageDriver();
  database = await createTestDatabase();
  adminCookie = await sessionCookieFor((await makeUser("brands-admin@example.com", "admin-pass", { admin: true })).id);
});
afterAll(async () => {
  await database.close();
  resetStorageDriver();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.deleteFrom("brands").execute();
  fs.rmSync(brandsDir, { recursive: true, force: true });
});

// Wide enough for two of the three variants (each narrower than the original).
const png = async (width = 1000, height = 500) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: "#1f6f43" } })
      .png()
      .toBuffer(),
  );

function form(fields: Record<string, string | File>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

async function post(body: FormData | URLSearchParams, search = "", cookie: string | null = adminCookie) {
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`${ORIGIN}/admin/brands${search}`, { method: "POST", headers, body });
  return asResult(await settle(() => callRoute(action, request)));
}

async function load(search = "", cookie: string | null = adminCookie) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  return settle(() => callRoute(loader, new Request(`${ORIGIN}/admin/brands${search}`, { headers })));
}

/** The flash toast a redirect carries. */
async function toastOf(response: { headers: Headers }) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  return (await getToast(new Request(ORIGIN, { headers: { Cookie: cookie.split(";")[0] } }))).toast;
}

const brandFiles = () => listFiles(brandsDir);

describe("admin brands: guard", () => {
  it("sends an anonymous visitor to the login page from the loader and the action", async () => {
    const page = (await load("", null)) as Response;
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fbrands");
    const result = await post(form({ intent: "create", name: "X", logo_url: "/x.png" }), "", null);
    expect(result.status).toBe(302);
    expect(await listBrands()).toEqual([]);
  });
});

describe("admin brands: create", () => {
  it("creates a brand from a logo URL and redirects to the list with the spec's toast", async () => {
    const result = await post(
      form({
        intent: "create",
        name: "  Moon Dust ",
        logo_url: "https://example.com/moon.png",
        site_url: "https://moondust.example",
        sort_order: "4",
        is_featured: "on",
      }),
      "?dialog=new&page=1",
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/brands?page=1");
    expect(await toastOf(result)).toMatchObject({ type: "success", message: BRAND_MESSAGES.created });
    const [brand] = await listBrands();
    expect(brand).toMatchObject({
      name: "Moon Dust",
      logo_url: "https://example.com/moon.png",
      logo_key: null,
      site_url: "https://moondust.example",
      sort_order: 4,
      is_featured: true,
    });
  });

  it("accepts a site path as the logo, an empty website and order, and an unchecked featured box", async () => {
    const result = await post(form({ intent: "create", name: "Altvm", logo_url: "/demo/brands/altvm.svg" }));
    expect(result.status).toBe(302);
    const [brand] = await listBrands();
    expect(brand).toMatchObject({
      logo_url: "/demo/brands/altvm.svg",
      site_url: null,
      sort_order: 0,
      is_featured: false,
    });
    // Not featured: not in the home page carousel.
    expect(await listFeaturedBrands()).toEqual([]);
  });

  it("requires a name and a logo", async () => {
    const result = await post(form({ intent: "create", name: " ", logo_url: "" }));
    expect(result.status).toBe(400);
    expect(result.data.message).toBe(BRAND_MESSAGES.createFailed);
    expect(result.data.result.error).toMatchObject({ name: ["Name is required"], logo_url: [LOGO_REQUIRED_MESSAGE] });
    // The values typed are handed back so the form keeps them.
    expect(result.data.result.initialValue).toMatchObject({ name: " " });
    // A field left out altogether (what an empty input becomes) still reports the logo too.
    const empty = await post(form({ intent: "create" }));
    expect(empty.data.result.error).toMatchObject({ name: ["Name is required"], logo_url: [LOGO_REQUIRED_MESSAGE] });
    expect(await listBrands()).toEqual([]);
  });

  it("refuses a website that is not an http(s) URL, a bad logo URL and a sort order that is not a whole number", async () => {
    for (const [field, value, message] of [
      ["site_url", "javascript:alert(1)", SITE_URL_MESSAGE],
      ["site_url", "example.com", SITE_URL_MESSAGE],
      ["site_url", "ftp://example.com", SITE_URL_MESSAGE],
      ["logo_url", "//evil.example/logo.png", LOGO_URL_MESSAGE],
      ["logo_url", "data:image/png;base64,AAAA", LOGO_URL_MESSAGE],
      ["sort_order", "1.5", SORT_ORDER_MESSAGE],
      ["sort_order", "abc", SORT_ORDER_MESSAGE],
    ] as const) {
      const fields: Record<string, string> = { intent: "create", name: "Wyld", logo_url: "/wyld.svg", [field]: value };
      const result = await post(form(fields));
      expect(result.status, `${field}=${value}`).toBe(400);
      expect(result.data.result.error[field], `${field}=${value}`).toEqual([message]);
    }
    expect(await listBrands()).toEqual([]);
  });

  it("stores an uploaded logo (with WebP variants) in the brands bucket; the upload wins over a URL", async () => {
    const result = await post(
      form({
        intent: "create",
        name: "Timeless",
        logo_url: "https://example.com/ignored.png",
        logo_file: new File([await png()], "Timeless Logo.PNG", { type: "image/png" }),
      }),
    );
    expect(result.status).toBe(302);
    const [brand] = await listBrands();
    expect(brand.logo_key).toMatch(/^[0-9a-f-]{36}-\d+x\d+\.png$/);
    expect(brand.logo_url).toBe(`/media/brands/${brand.logo_key}`);
    expect(imageSrcSet(brand.logo_url)).toContain("-w480.webp 480w");
    expect(brandFiles()).toHaveLength(3);
  });

  it("refuses a disguised file and an oversized image with the spec's messages, storing nothing", async () => {
    const disguised = await post(
      form({
        intent: "create",
        name: "Sneaky",
        logo_file: new File([samples.exe()], "logo.png", { type: "image/png" }),
      }),
    );
    expect(disguised.status).toBe(400);
    expect(disguised.data.result.error.logo_file).toEqual([IMAGE_WRONG_TYPE]);
    expect(disguised.data).toMatchObject({ message: BRAND_MESSAGES.createFailed, description: IMAGE_WRONG_TYPE });

    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(await png(), 0);
    const oversized = await post(
      form({ intent: "create", name: "Huge", logo_file: new File([big], "huge.png", { type: "image/png" }) }),
    );
    expect(oversized.status).toBe(400);
    expect(oversized.data.result.error.logo_file).toEqual([IMAGE_TOO_LARGE]);
    // The fields before the file are still read and handed back.
    expect(oversized.data.result.initialValue).toMatchObject({ name: "Huge" });

    expect(await listBrands()).toEqual([]);
    expect(brandFiles()).toEqual([]);
  });
});

describe("admin brands: an image that cannot be read", () => {
  it("refuses a PNG with a valid header but broken pixels with 400 and the message, storing nothing", async () => {
    const refused = await post(
      form({
        intent: "create",
        name: "Broken",
        logo_file: new File([await corruptPng()], "broken.png", { type: "image/png" }),
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.logo_file).toEqual([IMAGE_UNREADABLE]);
    expect(refused.data).toMatchObject({
      outcome: "invalid",
      message: BRAND_MESSAGES.createFailed,
      description: IMAGE_UNREADABLE,
    });
    expect(refused.data.result.initialValue).toMatchObject({ name: "Broken" });
    expect(await listBrands()).toEqual([]);
    expect(brandFiles()).toEqual([]);
  });

  it("keeps a brand's logo when its replacement cannot be read", async () => {
    await post(
      form({ intent: "create", name: "Kept", logo_file: new File([await png()], "a.png", { type: "image/png" }) }),
    );
    const [brand] = await listBrands();
    const files = brandFiles();
    expect(files).toHaveLength(3);
    const refused = await post(
      form({
        intent: "update",
        id: brand.id,
        name: "Kept",
        logo_file: new File([await corruptPng()], "b.png", { type: "image/png" }),
      }),
      `?edit=${brand.id}`,
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.logo_file).toEqual([IMAGE_UNREADABLE]);
    expect(await getBrand(brand.id)).toMatchObject({ logo_key: brand.logo_key, logo_url: brand.logo_url });
    expect(brandFiles()).toEqual(files);
  });
});

describe("admin brands: update and delete", () => {
  it("updates a brand, and a replaced uploaded logo's files are removed", async () => {
    await post(
      form({ intent: "create", name: "Wyld", logo_file: new File([await png()], "a.png", { type: "image/png" }) }),
    );
    const [created] = await listBrands();
    const firstKey = created.logo_key!;
    expect(brandFiles()).toHaveLength(3);

    const edit = `?edit=${created.id}`;
    // Saving without a new file keeps the uploaded logo.
    const kept = await post(
      form({ intent: "update", id: created.id, name: "Wyld Gummies", logo_url: created.logo_url, is_featured: "on" }),
      edit,
    );
    expect(kept.status).toBe(302);
    expect(kept.headers.get("Location")).toBe("/admin/brands");
    expect(await toastOf(kept)).toMatchObject({ type: "success", message: BRAND_MESSAGES.updated });
    expect(await getBrand(created.id)).toMatchObject({ name: "Wyld Gummies", logo_key: firstKey });

    const replaced = await post(
      form({
        intent: "update",
        id: created.id,
        name: "Wyld Gummies",
        logo_url: created.logo_url,
        logo_file: new File([await png(300, 300)], "b.webp", { type: "image/webp" }),
      }),
      edit,
    );
    expect(replaced.status).toBe(302);
    const after = await getBrand(created.id);
    expect(after?.logo_key).not.toBe(firstKey);
    expect(brandFiles()).toHaveLength(1);
    expect(brandFiles().some((file) => file.startsWith(firstKey.replace(".png", "")))).toBe(false);

    // Switching to a URL logo removes the uploaded file.
    const toUrl = await post(
      form({ intent: "update", id: created.id, name: "Wyld", logo_url: "https://example.com/wyld.svg" }),
      edit,
    );
    expect(toUrl.status).toBe(302);
    expect(await getBrand(created.id)).toMatchObject({ logo_url: "https://example.com/wyld.svg", logo_key: null });
    expect(brandFiles()).toEqual([]);
  });

  it("keeps the values and reports the errors of an invalid update", async () => {
    const brand = await insertBrand({ name: "Altvm", logoUrl: "/altvm.svg" });
    const result = await post(
      form({ intent: "update", id: brand.id, name: "Altvm 2", logo_url: "/altvm.svg", sort_order: "x" }),
      `?edit=${brand.id}`,
    );
    expect(result.status).toBe(400);
    expect(result.data.message).toBe(BRAND_MESSAGES.updateFailed);
    expect(result.data.result.initialValue).toMatchObject({ name: "Altvm 2", sort_order: "x" });
    expect((await getBrand(brand.id))?.name).toBe("Altvm");
  });

  it("answers an update of a missing brand with the error toast", async () => {
    const missing = "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f";
    const result = await post(
      form({ intent: "update", id: missing, name: "X", logo_url: "/x.svg" }),
      `?edit=${missing}`,
    );
    expect(result.status).toBe(302);
    expect(await toastOf(result)).toMatchObject({ type: "error", message: BRAND_MESSAGES.updateFailed });
    const malformed = await post(form({ intent: "update", id: "not-a-uuid", name: "X", logo_url: "/x.svg" }));
    expect(await toastOf(malformed)).toMatchObject({ type: "error", message: BRAND_MESSAGES.updateFailed });
  });

  it("deletes at once (no confirmation), removing an uploaded logo's files", async () => {
    await post(
      form({
        intent: "create",
        name: "Bodega Boyz",
        logo_file: new File([await png()], "b.gif", { type: "image/png" }),
      }),
    );
    const [brand] = await listBrands();
    expect(brandFiles()).toHaveLength(3);
    const result = await post(new URLSearchParams({ intent: "delete", id: brand.id }), "?page=1");
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/brands?page=1");
    expect(await toastOf(result)).toMatchObject({ type: "success", message: BRAND_MESSAGES.deleted });
    expect(await listBrands()).toEqual([]);
    expect(brandFiles()).toEqual([]);

    const again = await post(new URLSearchParams({ intent: "delete", id: brand.id }));
    expect(await toastOf(again)).toMatchObject({ type: "error", message: BRAND_MESSAGES.deleteFailed });
  });

  it("refuses an unknown intent", async () => {
    const result = await post(new URLSearchParams({ intent: "explode" }));
    expect(result.status).toBe(400);
  });
});

describe("admin brands: list", () => {
  it("lists brands by sort order then name, 50 a page, with the dialog state from the address", async () => {
    for (let i = 0; i < 52; i++) {
      await insertBrand({ name: `Brand ${String(i).padStart(2, "0")}`, logoUrl: "/x.svg", sortOrder: i % 2 });
    }
    const first = (await load()) as Awaited<ReturnType<typeof loader>>;
    expect(first.brands).toHaveLength(50);
    expect(first).toMatchObject({ total: 52, page: 1, pageCount: 2, dialog: null });
    expect(first.brands[0].name).toBe("Brand 00");
    expect(first.brands[1].name).toBe("Brand 02");
    const second = (await load("?page=2&dialog=new")) as Awaited<ReturnType<typeof loader>>;
    expect(second.brands.map((b) => b.name)).toEqual(["Brand 49", "Brand 51"]);
    expect(second.dialog).toEqual({ mode: "new" });

    const editing = (await load(`?edit=${first.brands[3].id}`)) as Awaited<ReturnType<typeof loader>>;
    expect(editing.dialog).toMatchObject({ mode: "edit", row: { id: first.brands[3].id } });

    // Past the last page: the last page.
    const past = (await load("?page=9")) as Response;
    expect(past.headers.get("Location")).toBe("/admin/brands?page=2");
    // A brand that no longer exists: back to the list with the error toast.
    const gone = (await load("?edit=3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f")) as Response;
    expect(gone.status).toBe(302);
    expect(await toastOf(gone)).toMatchObject({ type: "error", message: BRAND_MESSAGES.updateFailed });
  });

  it("shows a change on the public All Brands page at once", async () => {
    await post(form({ intent: "create", name: "Zenoa Cannabis", logo_url: "/zenoa.svg" }));
    const page = await callRoute(brandsPageLoader, new Request(`${ORIGIN}/brands`));
    expect(page.brands.map((b) => b.name)).toEqual(["Zenoa Cannabis"]);
  });
});
