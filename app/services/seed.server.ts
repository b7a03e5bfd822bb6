import { sql } from "kysely";
import { STORE_IDS } from "~/content/stores";
import { defaultOrderingSettings, type OrderingSettings } from "~/lib/schemas/ordering";
import { writeSetting } from "~/models/site-settings-rows.server";
import { demoBrands, demoDeals, demoPosts, demoReviews } from "~/content/demo";
import { demoCatalog } from "~/content/demo/catalog";
import { addDays, todayInStoreZone } from "~/lib/dates";
import { insertBrand } from "~/models/brands.server";
import { applyCatalog } from "~/models/catalog.server";
import { recordCatalogRun } from "~/models/catalog-runs.server";
import { insertDealSlide } from "~/models/deals.server";
import { ensureTerms } from "~/models/post-terms.server";
import { createPost } from "~/models/posts.server";
import { createReviews } from "~/models/reviews.server";
import type { DB } from "~/server/db.server";
import { logger } from "~/server/logger.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The demo catalog's source in catalog_products (a POS export or the provider uses its own). */
export const DEMO_CATALOG_SOURCE = "demo";

/** True when no content table has a row: a brand-new database. */
async function isEmpty(database: DB): Promise<boolean> {
  const { rows } = await sql<{ any: boolean }>`
    select exists (select 1 from posts) or exists (select 1 from brands)
      or exists (select 1 from deals_slides) or exists (select 1 from reviews) as any`.execute(database);
  return !rows[0]?.any;
}

/** Seeds the demo content into an empty database (SEED_DEMO=false starts without it). */
export async function seedIfEmpty(database: DB, options: { demo: boolean }, now = new Date()): Promise<boolean> {
  if (!options.demo || !(await isEmpty(database))) return false;
  const today = todayInStoreZone(now);
  for (const brand of demoBrands) {
    await insertBrand({ name: brand.name, logoUrl: brand.logoUrl, siteUrl: brand.siteUrl, sortOrder: brand.sortOrder });
  }
  for (const deal of demoDeals) {
    await insertDealSlide({
      title: deal.title,
      description: deal.description,
      imageUrl: deal.imageUrl,
      startDate: deal.startOffsetDays === null ? null : addDays(today, deal.startOffsetDays),
      endDate: deal.endOffsetDays === null ? null : addDays(today, deal.endOffsetDays),
      isActive: deal.isActive,
      sortOrder: deal.sortOrder,
      isDemo: true,
    });
  }
  await createReviews(
    demoReviews.map((r) => ({
      store: r.store,
      author: r.author,
      source: r.source,
      rating: r.rating,
      quote: r.quote,
      reviewDate: addDays(today, -r.daysAgo),
      isSample: true,
      isFeatured: r.featured ?? false,
    })),
  );
  for (const post of demoPosts) {
    await createPost({
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      content: post.content,
      heroImageUrl: post.heroImageUrl,
      status: post.status,
      publishedAt: post.publishOffsetDays === null ? null : new Date(now.getTime() + post.publishOffsetDays * DAY_MS),
      metaDescription: post.metaDescription ?? null,
      categoryIds: await ensureTerms("categories", post.categories),
      tagIds: await ensureTerms("tags", post.tags),
      isDemo: true,
    });
  }
  const counts = await applyCatalog(DEMO_CATALOG_SOURCE, demoCatalog(), { isDemo: true, now });
  await recordCatalogRun({
    source: DEMO_CATALOG_SOURCE,
    kind: "demo",
    startedAt: now,
    ok: true,
    counts: { added: counts.added.length, changed: 0, removed: 0 },
  });
  // The demo shows ordering ahead as a store without a provider checkout has it: kept by the store.
  await writeSetting("ordering", {
    ...defaultOrderingSettings(),
    modes: Object.fromEntries(STORE_IDS.map((id) => [id, "store"])) as OrderingSettings["modes"],
  } satisfies OrderingSettings);
  logger.info("Seeded demo content (set SEED_DEMO=false to start without it)");
  return true;
}
