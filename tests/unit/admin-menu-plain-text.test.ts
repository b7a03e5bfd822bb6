// Issue 37: what an owner's POS export and Admin → Menu say reaches the menu as they said it. A description is
// text ("THC <1% and CBD >20%" is not HTML), on the product page and in its JSON-LD.
import { beforeEach, describe, expect, it } from "vitest";
import { productJsonLd } from "~/lib/catalog-json-ld";
import { loadProductPage } from "~/routes/menu/product-view.server";
import { useAdminAreaTests } from "./admin-requests";
import { csv, MENU_TABLES, menuRequests } from "./admin-menu-support";

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
