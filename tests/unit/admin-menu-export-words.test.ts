// Issue 37: what an owner's POS export and Admin → Menu say reaches the menu as they said it. A description is
// text ("THC <1% and CBD >20%" is not HTML), on the product page and in its JSON-LD; a file's own category
// words ("Vape Cartridge") are matched to the menu's categories in the mapping step, remembered per export.
import { beforeEach, describe, expect, it } from "vitest";
import { productJsonLd } from "~/lib/catalog-json-ld";
import { loadProductPage } from "~/routes/menu/product-view.server";
import { IMPORT_MESSAGES } from "~/lib/schemas/menu";
import { guessCategory } from "~/services/catalog/pos-categories.server";
import { useAdminAreaTests } from "./admin-requests";
import { csv, IMPORT, MAPPING, mappingFields, MENU_TABLES, menuRequests } from "./admin-menu-support";

const site = useAdminAreaTests("menu-text");

beforeEach(async () => {
  for (const table of MENU_TABLES) await site.database.db.deleteFrom(table).execute();
});

const menu = menuRequests(() => site.adminCookie);
const RATIO = "Ratio 1:20. THC <1% and CBD >20% per dropper; shake well.";
const TINCTURE = `T-2,CBD Drops,House,Tinctures,CBD,,30ml,$40,,2,both,${RATIO}`;

async function productPage() {
  const result = (await loadProductPage({ category: "tinctures", slug: "cbd-drops" }, new Date())) as any;
  return result.data;
}

describe("a description is text", () => {
  it("from a POS export and from the owner's edit: whole on the product page and in its JSON-LD", async () => {
    await menu.imported(csv(TINCTURE));
    const page = await productPage();
    expect(page.product.paragraphs).toEqual([RATIO]);
    expect(page.metaDescription).toBe(RATIO);
    const jsonLd = productJsonLd(
      {
        ...page.product,
        url: "x",
        description: page.product.paragraphs.join("\n\n"),
        categoryLabel: "Tinctures",
        inStock: true,
      },
      "http://localhost:3000",
    ) as { description: string };
    expect(jsonLd.description).toBe(RATIO);

    const { id } = await site.database.db.selectFrom("catalog_products").select("id").executeTakeFirstOrThrow();
    const edited = "Shake well.\n\nUnder <b>2%</b> THC & <script>nothing</script> runs.";
    await menu.edit({ id, description: edited }, `?edit=${id}`);
    expect((await productPage()).product.paragraphs).toEqual([
      "Shake well.",
      "Under <b>2%</b> THC & <script>nothing</script> runs.",
    ]);
  });
});

/** A file in the store's own category words, one of them with no guess. */
const OWN_WORDS = csv(
  "VC-1,Gelato Cart,Sunny Farms,Vape Cartridge,Indica,85%,1g,$45,,3,both,",
  "IP-1,ACDC Infused Pre-roll,Sunny Farms,Infused Pre-Rolls,CBD,,1g,$13,,3,both,",
  "IP-1,ACDC Infused Pre-roll,Sunny Farms,Infused Pre-Rolls,CBD,,5 x 0.5g,$32.50,$26,3,both,",
  "FI-1,Purple Punch,Moon Dust,Flower - Indica,Indica,21%,3.5g,$30,,3,both,",
  "GC-1,Gift Card $25,,Gift Cards,,,,$25,,9,both,",
  "BD-1,Blue Dream,Sunny Farms,flower,Sativa,24%,3.5g,$35,,12,Lindsey,",
);

/** The category choices as the form's pairs of fields. */
const choiceFields = (choices: Record<string, string>) => ({
  categoryValue: Object.keys(choices),
  categoryChoice: Object.values(choices),
});
const categoriesPost = (upload: string, choices: Record<string, string>) =>
  menu.post(
    { intent: "categories", upload, ...mappingFields(MAPPING), ...choiceFields(choices) },
    `?upload=${upload}&step=categories`,
  );

describe("a POS file's own category words", () => {
  it("are guessed sensibly, or not at all", () => {
    expect(guessCategory("Vape Cartridge")).toBe("vapes");
    expect(guessCategory("Infused Pre-Rolls")).toBe("pre-rolls");
    expect(guessCategory("Flower - Indica")).toBe("flower");
    expect(guessCategory("Gummies 10pk")).toBe("edibles");
    expect(guessCategory("Gift Cards")).toBeNull();
  });

  it("are matched in the mapping step: guessed, chosen or skipped by the owner, then imported and remembered", async () => {
    const id = await menu.uploaded(OWN_WORDS);
    const mapped = await menu.map(id);
    const location = new URL(mapped.headers.get("Location")!, "http://x");
    expect(location.pathname).toBe(IMPORT);
    expect(location.searchParams.get("step")).toBe("categories");

    const step = await menu.load(location.search);
    expect(step.data.step).toBe("categories");
    expect(step.data.categories).toEqual([
      { value: "Vape Cartridge", choice: "vapes", basis: "guessed" },
      { value: "Infused Pre-Rolls", choice: "pre-rolls", basis: "guessed" },
      { value: "Flower - Indica", choice: "flower", basis: "guessed" },
      { value: "Gift Cards", choice: "", basis: "none" },
      { value: "flower", choice: "flower", basis: "exact" },
    ]);
    // Going on to the difference without an answer for every value is asked again, naming the value.
    expect(
      (await menu.load(location.search.replace("step=categories", "step=review"))).headers.get("Location"),
    ).toMatch(/step=categories/);
    const guesses: [string, string][] = [
      ["Vape Cartridge", "vapes"],
      ["Infused Pre-Rolls", "pre-rolls"],
      ["Flower - Indica", "flower"],
      ["flower", "flower"],
    ];
    const unanswered = await categoriesPost(id, Object.fromEntries([...guesses, ["Gift Cards", ""]]));
    expect(unanswered.status).toBe(400);
    expect(unanswered.data).toMatchObject({ intent: "categories", message: IMPORT_MESSAGES.categoriesFailed });
    expect(unanswered.data.result.error[""].join(" ")).toContain("“Gift Cards”");

    const answered = await categoriesPost(id, Object.fromEntries([...guesses, ["Gift Cards", "skip"]]));
    expect(answered.status).toBe(302);
    const review = await menu.load(new URL(answered.headers.get("Location")!, "http://x").search);
    expect(review.data.step).toBe("review");
    expect(review.data.report).toMatchObject({ products: 4, skippedRows: 1, added: { count: 4 } });

    const applied = await menu.post(
      { intent: "apply", upload: id, ...mappingFields(MAPPING), ...choiceFields(review.data.categories) },
      `?upload=${id}&step=review`,
    );
    expect(applied.status).toBe(302);
    const rows = await site.database.db
      .selectFrom("catalog_products")
      .select(["name", "category"])
      .orderBy("name")
      .execute();
    expect(rows).toEqual([
      { name: "ACDC Infused Pre-roll", category: "pre-rolls" },
      { name: "Blue Dream", category: "flower" },
      { name: "Gelato Cart", category: "vapes" },
      { name: "Purple Punch", category: "flower" },
    ]);

    // The next file of this export: every value answered before, straight on to the difference.
    const again = await menu.uploaded(OWN_WORDS);
    const next = new URL((await menu.map(again)).headers.get("Location")!, "http://x");
    expect(next.searchParams.get("step")).toBe("review");
    expect((await menu.load(next.search)).data.report).toMatchObject({ skippedRows: 1, added: { count: 0 } });
  });
});
