// Every paged list, public and admin, with page numbers and cursors nobody's pager would write: huge,
// exponent, negative, zero, words, a NUL byte. Each answers with a redirect to a real page (or ignores a
// cursor and shows the first page), never a server error.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_LIST_PAGE_SIZE } from "~/lib/admin-list";
import { BLOG_PAGE_SIZE } from "~/lib/blog";
import { MAX_PAGE, parsePageParam, requestedPage } from "~/lib/pagination";
import { ensureTerms } from "~/models/post-terms.server";
import { createPost } from "~/models/posts.server";
import { loader as adminApplicationsLoader } from "~/routes/admin/applications";
import { loader as adminBlogLoader } from "~/routes/admin/blog";
import { loader as adminTermsLoader } from "~/routes/admin/blog-terms";
import { loader as adminBrandsLoader } from "~/routes/admin/brands";
import { loader as adminDealsLoader } from "~/routes/admin/deals";
import { loader as adminInquiriesLoader } from "~/routes/admin/inquiries";
import { loader as blogCategoryLoader } from "~/routes/blog/category";
import { loader as blogListLoader } from "~/routes/blog/list";
import { loader as blogTagLoader } from "~/routes/blog/tag";
import { loader as publicBrandsLoader } from "~/routes/site/brands";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";
import { useTemporaryDataDir } from "../support/forms";
import { makeUser, ORIGIN, callRoute, sessionCookieFor } from "./auth-support";

const dataDir = useTemporaryDataDir("paging-params");

/** Page values no pager writes: each is malformed (encoded as it would appear in the URL). */
const MALFORMED_PAGES = [
  "99999999999999999999",
  "1e3",
  "-1",
  "0",
  "abc",
  "%00",
  "1%00",
  "1.5",
  "%2B1",
  "%201",
  "0x10",
  "",
  "9007199254740993",
  String(MAX_PAGE + 1),
  "9".repeat(400),
  "%EF%BC%91", // a full-width digit one
];

/** Cursor values for the keyset lists: none names a row, so the first page shows. */
const ODD_CURSORS = [
  "%00",
  "abc",
  "-1",
  "99999999999999999999",
  "1e3",
  "2026-01-01T00%3A00%3A00.000Z",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff%00",
  `${"f".repeat(8)}-${"f".repeat(4)}-${"f".repeat(4)}-${"f".repeat(4)}-${"f".repeat(5000)}`,
  "9".repeat(5000),
];

let database: OpenedDatabase;
let cookie = "";

beforeAll(async () => {
  database = await createTestDatabase();
  cookie = await sessionCookieFor((await makeUser("paging-admin@example.com", "admin-pass", { admin: true })).id);
  // Two pages on every list: one more row than a page holds.
  const [category] = await ensureTerms("categories", ["Paging Category"]);
  const [tag] = await ensureTerms("tags", ["Paging Tag"]);
  for (let i = 0; i <= BLOG_PAGE_SIZE; i++) {
    await createPost({
      title: `Paging Post ${i}`,
      slug: `paging-post-${i}`,
      content: "Body text.",
      status: "published",
      publishedAt: new Date(Date.now() - (i + 1) * 60_000),
      categoryIds: [category],
      tagIds: [tag],
    });
  }
  const rows = Array.from({ length: ADMIN_LIST_PAGE_SIZE + 1 }, (_, i) => i);
  await database.db
    .insertInto("brands")
    .values(rows.map((i) => ({ name: `Brand ${i}`, logo_url: "https://example.com/logo.png", sort_order: i })))
    .execute();
  await database.db
    .insertInto("deals_slides")
    .values(rows.map((i) => ({ title: `Deal ${i}`, sort_order: i })))
    .execute();
  await ensureTerms(
    "categories",
    rows.map((i) => `Category ${i}`),
  );
  await database.db
    .insertInto("job_applications")
    .values(
      rows.map((i) => ({
        full_name: `Applicant ${i}`,
        email: `a${i}@example.com`,
        phone: "405-555-0000",
        position: "budtender",
        availability: "Any",
      })),
    )
    .execute();
  await database.db
    .insertInto("contact_inquiries")
    .values(
      rows.map((i) => ({
        name: `Visitor ${i}`,
        email: `v${i}@example.com`,
        topic: "general",
        message: "Hello there, a question about the stores.",
      })),
    )
    .execute();
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Loader = (args: any) => unknown;

/**
 * What the server would answer: the status and Location of a returned or thrown Response or data(), and
 * 500 for anything else thrown (as React Router does), with the error for the failure message.
 */
async function answer(loader: Loader, url: string, params: Record<string, string> = {}, admin = true) {
  const request = new Request(`${ORIGIN}${url}`, { headers: admin ? { Cookie: cookie } : {} });
  let value: unknown;
  try {
    value = await callRoute(loader, request, params);
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("Location"), value };
  if (value instanceof Error) return { status: 500, location: null, value: value.message };
  if (value && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit") {
    const init = (value as { init?: { status?: number } }).init;
    return { status: init?.status ?? 200, location: null, value: (value as { data: unknown }).data };
  }
  return { status: 200, location: null, value };
}

interface PagedList {
  name: string;
  loader: Loader;
  path: string;
  params?: Record<string, string>;
  admin: boolean;
  /** The name of the page parameter. */
  pageParam: string;
  /** Other parameters the list keeps across pages (written first in the URL). */
  keep: string;
  /** The list's last page with `keep` applied. */
  lastPage: number;
}

const PAGED_LISTS: PagedList[] = [
  {
    name: "public blog list",
    loader: blogListLoader,
    path: "/blog",
    admin: false,
    pageParam: "page",
    keep: "",
    lastPage: 2,
  },
  {
    name: "public blog search",
    loader: blogListLoader,
    path: "/blog",
    admin: false,
    pageParam: "page",
    keep: "q=Paging",
    lastPage: 2,
  },
  {
    name: "public category",
    loader: blogCategoryLoader,
    path: "/blog/category/paging-category",
    params: { slug: "paging-category" },
    admin: false,
    pageParam: "page",
    keep: "",
    lastPage: 2,
  },
  {
    name: "public tag",
    loader: blogTagLoader,
    path: "/blog/tag/paging-tag",
    params: { slug: "paging-tag" },
    admin: false,
    pageParam: "page",
    keep: "",
    lastPage: 2,
  },
  {
    name: "admin deals",
    loader: adminDealsLoader,
    path: "/admin/deals",
    admin: true,
    pageParam: "page",
    keep: "q=Deal",
    lastPage: 2,
  },
  {
    name: "admin deals, filtered",
    loader: adminDealsLoader,
    path: "/admin/deals",
    admin: true,
    pageParam: "page",
    keep: "filter=expired",
    lastPage: 1,
  },
  {
    name: "admin brands",
    loader: adminBrandsLoader,
    path: "/admin/brands",
    admin: true,
    pageParam: "page",
    keep: "",
    lastPage: 2,
  },
  {
    name: "admin blog posts",
    loader: adminBlogLoader,
    path: "/admin/blog",
    admin: true,
    pageParam: "page",
    keep: "q=Paging&status=published",
    lastPage: 1,
  },
  {
    name: "admin categories",
    loader: adminTermsLoader,
    path: "/admin/blog/terms",
    admin: true,
    pageParam: "cpage",
    keep: "tpage=1",
    lastPage: 2,
  },
  {
    name: "admin tags",
    loader: adminTermsLoader,
    path: "/admin/blog/terms",
    admin: true,
    pageParam: "tpage",
    keep: "cpage=2",
    lastPage: 1,
  },
];

const href = (path: string, ...parts: string[]) => {
  const query = parts.filter(Boolean).join("&");
  return query ? `${path}?${query}` : path;
};

describe("the shared page parser", () => {
  it("reads digits only, from 1 to MAX_PAGE, as a safe integer; anything else is malformed", () => {
    expect(parsePageParam("1")).toBe(1);
    expect(parsePageParam("007")).toBe(7);
    expect(parsePageParam(String(MAX_PAGE))).toBe(MAX_PAGE);
    for (const raw of MALFORMED_PAGES) expect(parsePageParam(decodeURIComponent(raw)), raw).toBeNull();
    // The deepest page's offset stays an exact integer, far inside Postgres's bigint, for page sizes up to 1e6.
    expect(Number.isSafeInteger((MAX_PAGE - 1) * 1_000_000)).toBe(true);
  });

  it("an absent page is page 1; an empty or malformed one is null", () => {
    expect(requestedPage(new URLSearchParams(""))).toBe(1);
    expect(requestedPage(new URLSearchParams("page=3"))).toBe(3);
    expect(requestedPage(new URLSearchParams("cpage=3"), "cpage")).toBe(3);
    expect(requestedPage(new URLSearchParams("page="))).toBeNull();
    expect(requestedPage(new URLSearchParams("page=1e3"))).toBeNull();
  });
});

describe.each(PAGED_LISTS)("$name", ({ loader, path, params, admin, pageParam, keep, lastPage }) => {
  it("shows its pages in range", async () => {
    for (const page of ["1", String(lastPage)]) {
      const result = await answer(loader, href(path, keep, `${pageParam}=${page}`), params, admin);
      expect(result.status, `${pageParam}=${page}: ${String(result.value)}`).toBe(200);
    }
  });

  it.each(MALFORMED_PAGES)(`redirects a malformed page (%s) to the list without it, keeping the rest`, async (raw) => {
    const result = await answer(loader, href(path, keep, `${pageParam}=${raw}`), params, admin);
    expect(result.status, String(result.value)).toBe(302);
    expect(result.location).toBe(href(path, keep));
  });

  it("redirects a page past the end, up to the largest it reads, to the last page", async () => {
    const last = href(path, keep, lastPage > 1 ? `${pageParam}=${lastPage}` : "");
    for (const page of [String(lastPage + 1), "500", String(MAX_PAGE)]) {
      const result = await answer(loader, href(path, keep, `${pageParam}=${page}`), params, admin);
      expect(result.status, `${page}: ${String(result.value)}`).toBe(302);
      expect(result.location, page).toBe(last);
    }
  });
});

describe("lists that are not paged", () => {
  it("the public brands page ignores a page parameter", async () => {
    for (const raw of MALFORMED_PAGES) {
      const result = await answer(publicBrandsLoader, `/brands?page=${raw}`, {}, false);
      expect(result.status, raw).toBe(200);
    }
  });
});

describe.each([
  { name: "admin applications", loader: adminApplicationsLoader, path: "/admin/applications", rows: "applications" },
  { name: "admin inquiries", loader: adminInquiriesLoader, path: "/admin/inquiries", rows: "inquiries" },
])("$name (keyset pages)", ({ loader, path, rows }) => {
  it.each(ODD_CURSORS.flatMap((cursor) => ["after", "before"].map((direction) => [direction, cursor])))(
    "shows the first page for %s=%s",
    async (direction, cursor) => {
      const result = await answer(loader, `${path}?${direction}=${cursor}`);
      expect(result.status, String(result.value)).toBe(200);
      const data = result.value as Record<string, unknown[]> & { previousHref: string | null };
      expect(data[rows]).toHaveLength(ADMIN_LIST_PAGE_SIZE);
      expect(data.previousHref).toBeNull();
    },
  );

  it("ignores page and offset parameters it does not use", async () => {
    for (const raw of MALFORMED_PAGES) {
      const result = await answer(loader, `${path}?page=${raw}&offset=${raw}`);
      expect(result.status, raw).toBe(200);
    }
  });
});
