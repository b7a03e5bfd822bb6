import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { IMPORT_MESSAGES, MENU_IMPORT_TOO_LARGE, MENU_MESSAGES, UNKNOWN_COLUMN } from "~/lib/schemas/menu";
import { storeCatalogUpload } from "~/models/catalog-admin.server";
import { POS_CSV_MAX_BYTES } from "~/services/catalog/pos-csv.server";
import { listFiles } from "../support/forms";
import { validPng } from "../support/images";
import { toastOf, useAdminAreaTests } from "./admin-requests";
import {
  BLUE_DREAM,
  CLAIM,
  csv,
  fileOf,
  GUMMIES,
  IMPORT,
  MAPPING,
  MENU_TABLES,
  menuRequests,
  refuseMenuLogEntries,
  reviewSearch,
} from "./admin-menu-support";
import { asResult } from "./auth-support";

const site = useAdminAreaTests("menu");
const photosDir = path.join(site.dataDir, "storage", "menu");

beforeEach(async () => {
  for (const table of MENU_TABLES) await site.database.db.deleteFrom(table).execute();
});

const menu = menuRequests(() => site.adminCookie);
const products = () => site.database.db.selectFrom("catalog_products").selectAll().orderBy("name").execute();
const uploads = () => site.database.db.selectFrom("catalog_uploads").select("id").execute();
const activity = (kind: string) =>
  site.database.db.selectFrom("activity_log").selectAll().where("kind", "=", kind).orderBy("created_at").execute();
const formError = (result: { data: any }) => result.data.result.error[""].join(" ");
const product = async (name: string) => (await products()).find((row) => row.name === name)!;

describe("admin menu: guard", () => {
  it("turns away anonymous visitors and members without the admin role, loader and action", async () => {
    const visitor = menuRequests(() => "");
    expect((await visitor.load()).headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    expect((await visitor.upload(fileOf(csv(BLUE_DREAM)))).headers.get("Location")).toMatch(/^\/admin\/login/);
    const member = menuRequests(() => site.memberCookie);
    expect((await member.upload(fileOf(csv(BLUE_DREAM)))).headers.get("Location")).toBe("/");
    expect(await uploads()).toEqual([]);
  });
});

describe("admin menu import, step 1: the upload", () => {
  it("keeps a CSV and goes on to matching its columns, guessed from their names", async () => {
    const id = await menu.uploaded(csv(BLUE_DREAM));
    expect(await uploads()).toEqual([{ id }]);
    const step = await menu.load(`?upload=${id}`);
    expect(step.data).toMatchObject({ step: "map", remembered: false, upload: { exportName: "POS export" } });
    expect(step.data.mapping).toMatchObject({
      name: "Product Name",
      priceMedical: "Med Price",
      priceSpecial: "Sale Price",
      thc: "THC %",
      stock: "Qty",
      store: "Location",
      externalId: "SKU",
    });
    expect(step.data.columns[1]).toEqual({ name: "Product Name", example: "Blue Dream" });
  });

  it("refuses an empty file, binary data, a spreadsheet, a file without a header row, with a message and 400", async () => {
    const refusals: [string | Uint8Array, RegExp][] = [
      ["", /^The file is empty\./],
      ["\r\n \r\n", /^The file is empty\./],
      [new Uint8Array([0x41, 0x00, 0x42, 0x2c, 0x43]), /holds binary data, not text: it is not a CSV/],
      [new Uint8Array(await validPng(40, 40)), /This file is a \.png file, not a CSV/],
      [",,,\r\nBlue Dream,Flower,35", /no header row/],
      ["Just a note about our inventory", /names only one column/],
    ];
    for (const [content, message] of refusals) {
      const result = await menu.upload(fileOf(content));
      expect(result.status, String(message)).toBe(400);
      expect(result.data.result.error.file.join(" ")).toMatch(message);
      expect(result.data).toMatchObject({ outcome: "invalid", message: IMPORT_MESSAGES.uploadFailed });
    }
    // No file, or no name for the export.
    const missing = await menu.post({ intent: "upload", source: "POS export" });
    expect(missing.status).toBe(400);
    expect(missing.data.result.error.file).toEqual(["Choose the CSV file to upload"]);
    const unnamed = await menu.upload(fileOf(csv(BLUE_DREAM)), "  ");
    expect(unnamed.data.result.error.source).toEqual(["Name the export, e.g. “POS export”"]);
    expect(await uploads()).toEqual([]);
  });

  it("refuses a file over 20 MB before reading it all (413), and a body that is not a form (415)", async () => {
    const big = new Uint8Array(POS_CSV_MAX_BYTES + 1).fill(0x61);
    const tooBig = await menu.upload(fileOf(big));
    expect(tooBig.status).toBe(413);
    expect(tooBig.data.result.error.file).toEqual([MENU_IMPORT_TOO_LARGE]);
    const json = await menu.postJson("{}");
    expect(json.status).toBe(415);
    expect(formError(json)).toMatch(/multipart\/form-data/);
    expect(await uploads()).toEqual([]);
  });

  it("offers the exports already used, and files an upload named like one under that one", async () => {
    await menu.imported(csv(BLUE_DREAM));
    expect((await menu.load()).data).toMatchObject({ exportNames: ["POS export"], defaultExportName: "POS export" });
    const id = await menu.uploaded(csv(BLUE_DREAM), "pos EXPORT");
    expect(
      (await site.database.db.selectFrom("catalog_uploads").select("source").where("id", "=", id).executeTakeFirst())!
        .source,
    ).toBe("csv:POS export");
  });
});

describe("admin menu import, step 2: the columns", () => {
  it("refuses a required field left out and a column the file does not have, per field (400)", async () => {
    const id = await menu.uploaded(csv(BLUE_DREAM));
    const missing = await menu.map(id, { ...MAPPING, priceMedical: undefined });
    expect(missing.status).toBe(400);
    expect(missing.data.result.error["mapping.priceMedical"]).toEqual([
      "Choose the column that holds the medical price",
    ]);
    const crafted = await menu.map(id, { ...MAPPING, brand: "Manufacturer" });
    expect(crafted.status).toBe(400);
    expect(crafted.data.result.error["mapping.brand"]).toEqual([UNKNOWN_COLUMN]);
    // The same check when the address of step 3 is written by hand.
    const review = await menu.load(reviewSearch(id, { ...MAPPING, brand: "Manufacturer" }));
    expect(review.status).toBe(400);
    expect(review.data).toMatchObject({ step: "map" });
    expect(review.data.result.error["mapping.brand"]).toEqual([UNKNOWN_COLUMN]);

    const mapped = await menu.map(id);
    expect(mapped.status).toBe(302);
    expect(mapped.headers.get("Location")).toBe(`${IMPORT}${reviewSearch(id)}`);
  });
});

describe("admin menu import, step 3: the difference and applying it", () => {
  it("shows new, changed and health claims before anything changes", async () => {
    await menu.imported(csv(BLUE_DREAM));
    const id = await menu.uploaded(csv(BLUE_DREAM.replace("$35.00", "$32.00"), GUMMIES, CLAIM));
    const { data } = await menu.load(reviewSearch(id));
    expect(data.report).toMatchObject({
      products: 3,
      added: { count: 2, names: ["Sour Gummies", "Calm Drops"] },
      changed: { count: 1, items: [{ name: "Blue Dream", fields: ["prices"] }] },
      removed: { count: 0 },
      adFindings: { count: 1, items: [{ row: 4, name: "Calm Drops", words: ["relieves stress", "treat pain"] }] },
    });
    expect(data.report.adFindings.items[0].editHref).toBe("/admin/menu?q=Calm+Drops&filter=advertising");
    expect((await products()).map((row) => row.name)).toEqual(["Blue Dream"]);
  });

  it("refuses a file with a bad row, naming it, and changes nothing (400)", async () => {
    await menu.imported(csv(BLUE_DREAM));
    const before = await products();
    const id = await menu.uploaded(csv(GUMMIES, "X-1,Bad Price,House,Flower,,,1g,cheap,,1,both,"));
    const review = await menu.load(reviewSearch(id));
    expect(review.status).toBe(400);
    expect(review.data.refusal).toBe("Row 3: the medical price “cheap” is not an amount in dollars.");
    const applied = await menu.apply(id);
    expect(applied.status).toBe(400);
    expect(formError(applied)).toBe("Row 3: the medical price “cheap” is not an amount in dollars.");
    expect(await products()).toEqual(before);
    expect(await uploads()).toEqual([{ id }]);
    expect(await activity("menu.import")).toHaveLength(1);
  });

  it("applies: the catalog, the run, the mapping remembered, the log entry, the upload gone, the toast", async () => {
    const id = await menu.uploaded(csv(BLUE_DREAM, GUMMIES));
    const applied = await menu.apply(id);
    expect(applied.status).toBe(302);
    expect(applied.headers.get("Location")).toBe("/admin/menu");
    expect(await toastOf(applied)).toMatchObject({
      type: "success",
      message: "Menu updated: 2 new, 0 changed, 0 no longer listed",
    });
    expect((await products()).map((row) => row.name)).toEqual(["Blue Dream", "Sour Gummies"]);
    const [run] = await site.database.db.selectFrom("catalog_syncs").selectAll().execute();
    expect(run).toMatchObject({ source: "csv:POS export", kind: "import", ok: true, added: 2, changed: 0, removed: 0 });
    const [entry] = await activity("menu.import");
    expect(entry).toMatchObject({
      actor_email: "menu-admin@example.com",
      subject_id: "csv:POS export",
      subject_title: "inventory.csv",
    });
    expect(entry.changes).toEqual({
      added: { from: null, to: 2 },
      changed: { from: null, to: 0 },
      removed: { from: null, to: 0 },
    });
    expect(await uploads()).toEqual([]);
    // A description with advertising findings: the toast points at the filter that finds it.
    const withClaim = await menu.apply(await menu.uploaded(csv(BLUE_DREAM, GUMMIES, CLAIM)));
    expect(await toastOf(withClaim)).toMatchObject({
      message: "Menu updated: 1 new, 0 changed, 0 no longer listed",
      description: "1 description has advertising findings: see “Advertising findings”.",
    });

    // The next upload of this export starts from the owner's mapping, even where the guess would differ.
    const next = await menu.uploaded(csv(BLUE_DREAM));
    await menu.apply(next, { mapping: { ...MAPPING, strainType: undefined, description: undefined } });
    const again = await menu.load(`?upload=${await menu.uploaded(csv(BLUE_DREAM))}`);
    expect(again.data).toMatchObject({ remembered: true });
    expect(again.data.mapping).toMatchObject({ strainType: "", description: "", name: "Product Name" });
  });

  it("is idempotent: the same file twice changes nothing and says so", async () => {
    await menu.imported(csv(BLUE_DREAM, GUMMIES));
    const before = await products();
    const twice = await menu.imported(csv(BLUE_DREAM, GUMMIES));
    expect(await toastOf(twice)).toMatchObject({ type: "info", message: IMPORT_MESSAGES.nothingChanged });
    expect(await products()).toEqual(before);
  });

  it("never retires a product edited by hand unless the box is ticked", async () => {
    await menu.imported(csv(BLUE_DREAM, GUMMIES));
    const gummies = await product("Sour Gummies");
    await menu.edit({ id: gummies.id, description: "Our own words." }, `?edit=${gummies.id}`);
    const id = await menu.uploaded(csv(BLUE_DREAM));
    const { data } = await menu.load(reviewSearch(id));
    expect(data.report).toMatchObject({
      removed: { count: 0 },
      removedEdited: { count: 1, items: [{ name: "Sour Gummies" }] },
    });
    const kept = await menu.apply(id);
    expect(await toastOf(kept)).toMatchObject({ message: IMPORT_MESSAGES.nothingChanged });
    expect((await product("Sour Gummies")).gone_since).toBeNull();

    const asked = await menu.imported(csv(BLUE_DREAM), { retireEdited: true });
    expect(await toastOf(asked)).toMatchObject({ message: "Menu updated: 0 new, 0 changed, 1 no longer listed" });
    expect((await product("Sour Gummies")).gone_since).toBeInstanceOf(Date);
  });

  it("keeps a hand edit through the next import, which still changes the price", async () => {
    await menu.imported(csv(BLUE_DREAM));
    const blueDream = await product("Blue Dream");
    await menu.edit(
      { id: blueDream.id, description: "A bright, berry-scented sativa.", is_hidden: "on" },
      `?edit=${blueDream.id}`,
    );
    await menu.imported(csv(BLUE_DREAM.replace("$35.00", "$30.00").replace("Berry aroma.", "New POS text.")));
    expect(await product("Blue Dream")).toMatchObject({
      edited_description: "A bright, berry-scented sativa.",
      is_hidden: true,
      description: "New POS text.",
      price_from_cents: 3000,
    });
  });

  it("cancel deletes the upload; a stale, unknown or malformed upload id goes back to step 1 with a message", async () => {
    const id = await menu.uploaded(csv(BLUE_DREAM));
    const cancelled = await menu.post({ intent: "cancel", upload: id });
    expect(cancelled.headers.get("Location")).toBe(IMPORT);
    expect(await toastOf(cancelled)).toMatchObject({ message: IMPORT_MESSAGES.cancelled });
    expect(await uploads()).toEqual([]);

    const old = await storeCatalogUpload(
      {
        source: "csv:POS export",
        fileName: "old.csv",
        bytes: new TextEncoder().encode(csv(BLUE_DREAM)),
        uploadedBy: null,
      },
      new Date(Date.now() - 25 * 60 * 60 * 1000),
    );
    for (const stale of [id, old, "not-a-uuid"]) {
      for (const result of [
        await menu.load(`?upload=${stale}`),
        await menu.load(reviewSearch(stale)),
        await menu.map(stale),
        await menu.apply(stale),
      ]) {
        expect(result.status).toBe(302);
        expect(result.headers.get("Location")).toBe(IMPORT);
        expect(await toastOf(result)).toMatchObject({ type: "error", message: IMPORT_MESSAGES.uploadGone });
      }
    }
    expect(await products()).toEqual([]);
  });
});

describe("admin menu: the list and hand edits", () => {
  it("lists, searches by name or brand, filters and counts", async () => {
    await menu.imported(csv(BLUE_DREAM, GUMMIES, CLAIM, "S-1,Sold Out Kush,House,Flower,Indica,20%,1g,$10,,0,both,"));
    const all = (await menu.list()) as any;
    expect(all.total).toBe(4);
    expect(all.products.map((p: any) => p.name)).toEqual(["Blue Dream", "Calm Drops", "Sold Out Kush", "Sour Gummies"]);
    expect(all.products[0]).toMatchObject({
      brand: "Sunny Farms",
      category: "Flower",
      priceFromCents: 3500,
      stock: [
        { store: "Lindsey Street", inStock: true },
        { store: "Blue Water", inStock: false },
      ],
      publicHref: "/menu/flower/blue-dream",
    });
    expect(((await menu.list("?q=kiva")) as any).products.map((p: any) => p.name)).toEqual(["Sour Gummies"]);
    expect(((await menu.list("?filter=out-of-stock")) as any).products.map((p: any) => p.name)).toEqual([
      "Sold Out Kush",
    ]);
    expect(((await menu.list("?filter=advertising")) as any).products.map((p: any) => p.name)).toEqual(["Calm Drops"]);
    const drops = await product("Calm Drops");
    await menu.edit({ id: drops.id, description: "A peppermint tincture." }, `?edit=${drops.id}`);
    expect(((await menu.list("?filter=advertising")) as any).total).toBe(0);
    expect(((await menu.list("?filter=edited")) as any).products.map((p: any) => p.name)).toEqual(["Calm Drops"]);
    expect(((await menu.list("?filter=hidden")) as any).total).toBe(0);
  });

  it("saves an edit with its log entry; a description left as the source's is no edit", async () => {
    await menu.imported(csv(BLUE_DREAM));
    const { id } = await product("Blue Dream");
    const unchanged = await menu.edit({ id, description: "Berry aroma.\r\n" }, `?edit=${id}`);
    expect(await toastOf(unchanged)).toMatchObject({ message: MENU_MESSAGES.updated });
    expect(await product("Blue Dream")).toMatchObject({ edited_description: null, edited_at: null });

    await menu.edit({ id, description: "Sweet and bright.", is_hidden: "on" }, `?edit=${id}`);
    expect(await product("Blue Dream")).toMatchObject({ edited_description: "Sweet and bright.", is_hidden: true });
    const [, entry] = await activity("menu.edit");
    expect(entry).toMatchObject({ subject_type: "menu-product", subject_id: id, subject_title: "Blue Dream" });
    expect(entry.changes).toEqual({
      edited_description: { from: null, to: "Sweet and bright." },
      is_hidden: { from: false, to: true },
    });
  });

  it("writes an edit and a reset together with their log entries, or neither", async () => {
    await menu.imported(csv(BLUE_DREAM));
    const { id } = await product("Blue Dream");
    // The log refuses every menu entry: the edit must not be saved without its entry.
    const allowLog = await refuseMenuLogEntries(site.database.db);
    try {
      const edit = await menu.edit({ id, description: "Never saved." }, `?edit=${id}`);
      expect(edit.status).toBe(500);
      await site.database.db
        .updateTable("catalog_products")
        .set({ is_hidden: true, edited_at: new Date() })
        .where("id", "=", id)
        .execute();
      const refused = await menu.reset(id);
      expect(await toastOf(refused)).toMatchObject({ type: "error", message: MENU_MESSAGES.resetFailed });
      expect(await product("Blue Dream")).toMatchObject({ edited_description: null, is_hidden: true });
    } finally {
      await allowLog();
    }
    const reset = await menu.reset(id);
    expect(await toastOf(reset)).toMatchObject({ message: MENU_MESSAGES.reset });
    expect(await product("Blue Dream")).toMatchObject({ is_hidden: false, edited_at: null });
    const [entry] = await activity("menu.reset");
    expect(entry.changes).toEqual({ is_hidden: { from: true, to: false } });
  });

  it("stores the owner's photo in the menu bucket, and a reset takes it away with its file", async () => {
    await menu.imported(csv(BLUE_DREAM));
    const { id } = await product("Blue Dream");
    const photo = new File([new Uint8Array(await validPng(1200, 900))], "dream.png", { type: "image/png" });
    const saved = await menu.edit({ id, image: photo }, `?edit=${id}`);
    expect(await toastOf(saved)).toMatchObject({
      message: MENU_MESSAGES.updated,
      description: MENU_MESSAGES.imageUploaded,
    });
    const edited = await product("Blue Dream");
    expect(edited.edited_image_url).toMatch(/^\/media\/menu\/[0-9a-f-]{36}-1200x900\.png$/);
    expect(edited.edited_at).toBeInstanceOf(Date);
    expect(listFiles(photosDir).length).toBeGreaterThan(0);
    await menu.reset(id);
    expect((await product("Blue Dream")).edited_image_url).toBeNull();
    expect(listFiles(photosDir)).toEqual([]);
  });

  it("opens the reset confirmation from the address, and refuses to add or delete a product by hand", async () => {
    await menu.imported(csv(BLUE_DREAM));
    const { id } = await product("Blue Dream");
    expect(((await menu.list(`?reset=${id}`)) as any).resetting).toEqual({ id, name: "Blue Dream" });
    const gone = asResult(await menu.list("?reset=00000000-0000-4000-8000-000000000000"));
    expect(await toastOf(gone)).toMatchObject({ message: MENU_MESSAGES.resetFailed });
    for (const intent of ["create", "delete"]) {
      const refused = await menu.postToList({ intent, id });
      expect(refused.status).toBe(400);
    }
    expect(await products()).toHaveLength(1);
  });
});
