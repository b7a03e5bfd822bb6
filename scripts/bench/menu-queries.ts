// The menu benchmark's queries: the /menu addresses it times (filters alone and combined, sorts, a deep
// page, a search) and product pages (in stock, out of stock), and the query plans of what those pages run —
// captured as the models run them (their SQL and parameters, through the database's executor) and
// EXPLAIN ANALYZEd, so the plan shown is the plan of the real statement.
import { CompiledQuery, sql } from "kysely";

/** The filter combinations timed and explained, as /menu addresses. */
const MENU_PATHS = [
  "/menu",
  "/menu?sort=price",
  "/menu?sort=thc",
  "/menu?page=40",
  "/menu/flower",
  "/menu/edibles?sort=price&page=3",
  "/menu?store=BlueWater",
  "/menu?store=both&sort=thc",
  "/menu?special=on",
  "/menu?strain=indica&sort=price",
  "/menu?brand=brand-7",
  "/menu?q=blue",
  "/menu?q=zzz-nothing",
  "/menu/vapes?brand=brand-21&strain=hybrid&store=Lindsey&special=on&sort=thc",
  "/menu?q=gelato&category=flower&store=both&sort=price",
];

export async function menuBenchPaths(): Promise<{ menu: string[]; products: string[] }> {
  const { db } = await import("~/server/db.server");
  const database = await db();
  const pick = (inStock: boolean) =>
    database
      .selectFrom("catalog_products")
      .select(["category", "slug"])
      .where("gone_since", "is", null)
      .where(sql<boolean>`cardinality(in_stock_stores) ${sql.raw(inStock ? ">" : "=")} 0`)
      .orderBy("slug")
      .limit(inStock ? 4 : 1)
      .execute();
  const products = [...(await pick(true)), ...(await pick(false))].map((row) => `/menu/${row.category}/${row.slug}`);
  return { menu: MENU_PATHS, products };
}

/** The statements a call runs, as the models send them. */
async function captured(call: () => Promise<unknown>): Promise<CompiledQuery[]> {
  const { db } = await import("~/server/db.server");
  const executor = (await db()).getExecutor() as unknown as {
    executeQuery: (query: CompiledQuery, queryId: unknown) => Promise<unknown>;
  };
  const original = executor.executeQuery;
  const queries: CompiledQuery[] = [];
  executor.executeQuery = function (query, queryId) {
    queries.push(query);
    return original.call(this, query, queryId);
  };
  try {
    await call();
  } finally {
    executor.executeQuery = original;
  }
  return queries;
}

/** The plan's scans (which index, or a sequential scan) and its execution time. */
function summary(plan: string[]): string {
  const scans = plan
    .map((line) =>
      /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: Backward)?(?: using| on) (\S+)/.exec(line),
    )
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => `${match[1]} ${match[2]}`);
  const time = plan.map((line) => /Execution Time: ([\d.]+) ms/.exec(line)?.[1]).find(Boolean);
  return `${[...new Set(scans)].join(", ") || "no table scan"}${time ? ` — ${time} ms` : ""}`;
}

export async function explainMenuQueries(): Promise<string[]> {
  const { db } = await import("~/server/db.server");
  const { parseMenuQuery, menuCategory, MENU_PAGE_SIZE } = await import("~/lib/menu-params");
  const { listMenuPage, findCatalogProductBySlug } = await import("~/models/catalog-pages.server");
  const { menuFacets } = await import("~/models/catalog-facets.server");
  const database = await db();
  const lines: string[] = [];
  const explain = async (label: string, call: () => Promise<unknown>) => {
    for (const [index, query] of (await captured(call)).entries()) {
      const { rows } = await database.executeQuery<{ "QUERY PLAN": string }>(
        CompiledQuery.raw(`explain (analyze, costs off) ${query.sql}`, [...query.parameters]),
      );
      lines.push(`${`${label} [${index + 1}]`.padEnd(64)} ${summary(rows.map((row) => row["QUERY PLAN"]))}`);
    }
  };
  for (const path of MENU_PATHS) {
    const url = new URL(path, "http://bench");
    const category = menuCategory(url.pathname.split("/")[2])?.slug ?? null;
    const query = parseMenuQuery(url.searchParams, category);
    const page = Math.max(1, Number(url.searchParams.get("page") ?? 1));
    await explain(path, () =>
      Promise.all([
        listMenuPage(query, { limit: MENU_PAGE_SIZE, offset: (page - 1) * MENU_PAGE_SIZE }),
        menuFacets(query),
      ]),
    );
  }
  const { paths } = { paths: await menuBenchPaths() };
  const slug = paths.products[0].split("/").at(-1)!;
  await explain("product page", () => findCatalogProductBySlug(slug));
  return lines;
}
