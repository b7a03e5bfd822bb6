// The activity log for content (issue 12): every admin write to brands, deals, gallery photos, blog posts,
// categories and tags writes exactly one row in the same transaction as the change, through the routes as an
// admin submits them; a change that fails (invalid, gone, or failing inside its transaction) leaves none.
import fs from "node:fs";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type ActivityRow, REDACTED_CHANGE } from "~/models/activity.server";
import { getBrand, insertBrand, listBrands, updateBrand } from "~/models/brands.server";
import { getDealSlide, insertDealSlide, listDealSlidesForAdmin } from "~/models/deals.server";
import { getGalleryPhoto, insertGalleryPhoto, listGalleryPhotos } from "~/models/gallery.server";
import { getPostForAdmin } from "~/models/post-admin.server";
import { ensureTerms, findTermById } from "~/models/post-terms.server";
import { createPost } from "~/models/posts.server";
import { action as blogAction } from "~/routes/admin/blog";
import { action as editPostAction } from "~/routes/admin/blog-edit";
import { action as newPostAction } from "~/routes/admin/blog-new";
import { action as termsAction } from "~/routes/admin/blog-terms";
import { action as brandsAction } from "~/routes/admin/brands";
import { action as dealsAction } from "~/routes/admin/deals";
import { action as galleryAction } from "~/routes/admin/gallery";
import type { OpenedDatabase } from "~/server/db.server";
import { seedIfEmpty } from "~/services/seed.server";
import { resetStorageDriver } from "~/server/storage.server";
import { createTestDatabase } from "../support/database";
import { useTemporaryDataDir } from "../support/forms";
import { activityRows, failActivityWhenTitleContains } from "./activity-support";
import { formOf, postTo } from "./admin-requests";
import { asResult, makeUser, ORIGIN, callRoute, sessionCookieFor, settle } from "./auth-support";
import { logger } from "~/server/logger.server";

const dataDir = useTemporaryDataDir("activity-content");

/** A title with this word makes the activity insert fail (a trigger), after the change itself was written. */
const EXPLODE = "Explode";
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

let database: OpenedDatabase;
let admin: { id: string; email: string };
let cookie = "";
beforeAll(async () => {
  resetStorageDriver();
  database = await createTestDatabase();
  admin = await makeUser("content-editor@example.com", "editor-pass", { admin: true });
  cookie = await sessionCookieFor(admin.id);
  await failActivityWhenTitleContains(database.db, EXPLODE);
});
afterAll(async () => {
  await database.close();
  resetStorageDriver();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
const TABLES = ["activity_log", "brands", "deals_slides", "gallery_photos", "posts", "categories", "tags"] as const;
beforeEach(async () => {
  for (const table of TABLES) await database.db.deleteFrom(table).execute();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The injected failures are logged by the routes as any failed save is: keep the test output readable. */
const quietErrors = () => vi.spyOn(logger, "error").mockImplementation(() => {});

const activity = () => activityRows(database.db, "kind");

/** The one row the change wrote (and that it is the only one). */
async function onlyRow(): Promise<ActivityRow> {
  const rows = await activity();
  expect(rows).toHaveLength(1);
  return rows[0];
}

/** Who: the signed-in admin, with the request's client address ("unknown" when no proxy said it). */
const byAdmin = (ip = "unknown") => ({ actor_id: admin.id, actor_email: admin.email, ip });

const pngFile = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 40, height: 30, channels: 3, background: "#1f6f43" } })
          .png()
          .toBuffer(),
      ),
    ],
    "photo.png",
    { type: "image/png" },
  );

const send = (action: Parameters<typeof postTo>[0], path: string, fields: Record<string, string | File>) =>
  postTo(action, path, formOf(fields), cookie);

describe("brands", () => {
  const post = (fields: Record<string, string>) => send(brandsAction, "/admin/brands", fields);

  it("create: one row naming the admin, their address, the brand, and its fields from nothing", async () => {
    // The client address comes from the request, as the server's proxy sets it.
    const headers = new Headers({ Origin: ORIGIN, Cookie: cookie, "x-client-ip": "203.0.113.7" });
    const body = formOf({
      intent: "create",
      name: "Altvm",
      logo_url: "/logos/altvm.svg",
      site_url: "https://altvm.example",
      is_featured: "on",
      sort_order: "3",
    });
    const result = asResult(
      await settle(() =>
        callRoute(brandsAction, new Request(`${ORIGIN}/admin/brands`, { method: "POST", headers, body })),
      ),
    );
    expect(result.status).toBe(302);
    const [brand] = await listBrands();
    expect(await onlyRow()).toMatchObject({
      kind: "brand.create",
      ...byAdmin("203.0.113.7"),
      subject_type: "brand",
      subject_id: brand.id,
      subject_title: "Altvm",
      changes: {
        name: { from: null, to: "Altvm" },
        logo_url: { from: null, to: "/logos/altvm.svg" },
        site_url: { from: null, to: "https://altvm.example" },
        is_featured: { from: null, to: true },
        sort_order: { from: null, to: 3 },
      },
    });
  });

  it("update: only the fields that changed", async () => {
    const brand = await insertBrand({ name: "Wyld", logoUrl: "/logos/wyld.svg", sortOrder: 2 });
    const result = await post({
      intent: "update",
      id: brand.id,
      name: "Wyld Gummies",
      logo_url: "/logos/wyld.svg",
      is_featured: "on",
      sort_order: "2",
    });
    expect(result.status).toBe(302);
    expect(await onlyRow()).toMatchObject({
      kind: "brand.update",
      ...byAdmin(),
      subject_id: brand.id,
      subject_title: "Wyld Gummies",
      changes: { name: { from: "Wyld", to: "Wyld Gummies" } },
    });
  });

  it("delete: the brand's name and what it held", async () => {
    const brand = await insertBrand({ name: "Gone Brand", logoUrl: "/logos/gone.svg", sortOrder: 4 });
    expect((await post({ intent: "delete", id: brand.id })).status).toBe(302);
    expect(await getBrand(brand.id)).toBeUndefined();
    expect(await onlyRow()).toMatchObject({
      kind: "brand.delete",
      ...byAdmin(),
      subject_id: brand.id,
      subject_title: "Gone Brand",
      changes: {
        name: { from: "Gone Brand", to: null },
        logo_url: { from: "/logos/gone.svg", to: null },
        sort_order: { from: 4, to: null },
      },
    });
  });

  it("move: the moved brand's sort order and place; a move past the end writes nothing", async () => {
    await insertBrand({ name: "A", logoUrl: "/a.svg", sortOrder: 0 });
    const b = await insertBrand({ name: "B", logoUrl: "/b.svg", sortOrder: 1 });
    await post({ intent: "move-up", id: b.id });
    expect(await onlyRow()).toMatchObject({
      kind: "brand.move",
      ...byAdmin(),
      subject_id: b.id,
      subject_title: "B",
      changes: { sort_order: { from: 1, to: 0 }, position: { from: 2, to: 1 } },
    });
    await database.db.deleteFrom("activity_log").execute();
    await post({ intent: "move-up", id: b.id });
    expect(await activity()).toEqual([]);
  });

  it("a failed change writes no row: invalid, gone, or failing inside the transaction (rolled back)", async () => {
    quietErrors();
    const brand = await insertBrand({ name: "Kept", logoUrl: "/kept.svg" });
    expect((await post({ intent: "create", name: "", logo_url: "/x.svg" })).status).toBe(400);
    expect((await post({ intent: "update", id: MISSING_ID, name: "X", logo_url: "/x.svg" })).status).toBe(302);
    expect((await post({ intent: "delete", id: MISSING_ID })).status).toBe(302);
    expect((await post({ intent: "move-down", id: MISSING_ID })).status).toBe(302);
    // Gone between the form's check and the write: the model finds no row and records nothing.
    expect(await updateBrand(MISSING_ID, { name: "X", logoUrl: "/x.svg" }, admin)).toBeUndefined();
    expect(await activity()).toEqual([]);

    // The activity insert fails after the brand was written: the brand's change is undone with it.
    expect((await post({ intent: "create", name: `${EXPLODE} Brand`, logo_url: "/x.svg" })).status).toBe(500);
    const update = await post({ intent: "update", id: brand.id, name: `${EXPLODE} Kept`, logo_url: "/kept.svg" });
    expect(update.status).toBe(500);
    expect((await listBrands()).map((b) => b.name)).toEqual(["Kept"]);
    const doomed = await insertBrand({ name: `${EXPLODE} Doomed`, logoUrl: "/d.svg", sortOrder: 5 });
    // Delete and move have no form to answer: the error reaches the error page (a 500).
    expect((await post({ intent: "delete", id: doomed.id })).data).toBeInstanceOf(Error);
    expect((await post({ intent: "move-up", id: doomed.id })).data).toBeInstanceOf(Error);
    expect(await getBrand(doomed.id)).toMatchObject({ sort_order: 5 });
    expect(await activity()).toEqual([]);
  });
});

describe("deals", () => {
  const post = (fields: Record<string, string>) => send(dealsAction, "/admin/deals", fields);

  it("create, update, delete and move each write one row", async () => {
    await post({
      intent: "create",
      title: "Half-off edibles",
      description: "Every Tuesday",
      start_date: "2026-12-01",
      end_date: "2026-12-31",
      is_active: "on",
      sort_order: "1",
    });
    const [deal] = await listDealSlidesForAdmin();
    expect(await onlyRow()).toMatchObject({
      kind: "deal.create",
      ...byAdmin(),
      subject_type: "deal",
      subject_id: deal.id,
      subject_title: "Half-off edibles",
      changes: {
        title: { from: null, to: "Half-off edibles" },
        description: { from: null, to: "Every Tuesday" },
        start_date: { from: null, to: "2026-12-01" },
        end_date: { from: null, to: "2026-12-31" },
        is_active: { from: null, to: true },
        sort_order: { from: null, to: 1 },
      },
    });
    await database.db.deleteFrom("activity_log").execute();

    await post({
      intent: "update",
      id: deal.id,
      title: "Half-off edibles",
      description: "Every Tuesday",
      start_date: "2026-12-01",
      end_date: "2027-01-15",
      sort_order: "1",
    });
    expect(await onlyRow()).toMatchObject({
      kind: "deal.update",
      subject_id: deal.id,
      changes: { end_date: { from: "2026-12-31", to: "2027-01-15" }, is_active: { from: true, to: false } },
    });
    expect(Object.keys((await onlyRow()).changes!)).toEqual(["end_date", "is_active"]);
    await database.db.deleteFrom("activity_log").execute();

    const second = await insertDealSlide({ title: "Second", sortOrder: 2 });
    await post({ intent: "move-up", id: second.id });
    expect(await onlyRow()).toMatchObject({
      kind: "deal.move",
      subject_id: second.id,
      subject_title: "Second",
      changes: { sort_order: { from: 2, to: 1 }, position: { from: 2, to: 1 } },
    });
    await database.db.deleteFrom("activity_log").execute();

    // Without JavaScript the delete asks first: the question writes nothing, the confirmed delete one row.
    await post({ intent: "delete", id: deal.id });
    expect(await activity()).toEqual([]);
    await post({ intent: "delete", id: deal.id, confirmed: "yes" });
    expect(await onlyRow()).toMatchObject({
      kind: "deal.delete",
      ...byAdmin(),
      subject_id: deal.id,
      subject_title: "Half-off edibles",
      changes: { title: { from: "Half-off edibles", to: null }, end_date: { from: "2027-01-15", to: null } },
    });
  });

  it("a failed change writes no row, and one failing inside its transaction is undone", async () => {
    quietErrors();
    const deal = await insertDealSlide({ title: "Kept deal", sortOrder: 1 });
    expect((await post({ intent: "create", title: "" })).status).toBe(400);
    expect(
      (await post({ intent: "create", title: "Backwards", start_date: "2026-12-31", end_date: "2026-12-01" })).status,
    ).toBe(400);
    expect((await post({ intent: "update", id: MISSING_ID, title: "X" })).status).toBe(302);
    expect((await post({ intent: "delete", id: MISSING_ID, confirmed: "yes" })).status).toBe(302);
    expect(await activity()).toEqual([]);

    expect((await post({ intent: "create", title: `${EXPLODE} deal` })).status).toBe(500);
    expect((await post({ intent: "update", id: deal.id, title: `${EXPLODE} deal`, sort_order: "1" })).status).toBe(500);
    expect((await listDealSlidesForAdmin()).map((d) => d.title)).toEqual(["Kept deal"]);
    expect((await getDealSlide(deal.id))?.is_active).toBe(true);
    expect(await activity()).toEqual([]);
  });
});

describe("gallery photos", () => {
  const post = (fields: Record<string, string | File>) => send(galleryAction, "/admin/gallery", fields);

  it("create (the image as its address), update, move and delete each write one row named by the alt text", async () => {
    expect(
      (await post({ intent: "create", alt: "Glass display cases", caption: "Lindsey", image: await pngFile() })).status,
    ).toBe(302);
    const [photo] = await listGalleryPhotos();
    expect(await onlyRow()).toMatchObject({
      kind: "gallery.create",
      ...byAdmin(),
      subject_type: "gallery",
      subject_id: photo.id,
      subject_title: "Glass display cases",
      changes: {
        alt: { from: null, to: "Glass display cases" },
        caption: { from: null, to: "Lindsey" },
        image_url: { from: null, to: photo.image_url },
      },
    });
    await database.db.deleteFrom("activity_log").execute();

    await post({ intent: "update", id: photo.id, alt: "Glass display cases", caption: "" });
    expect(await onlyRow()).toMatchObject({
      kind: "gallery.update",
      subject_id: photo.id,
      changes: { caption: { from: "Lindsey", to: null } },
    });
    expect(Object.keys((await onlyRow()).changes!)).toEqual(["caption"]);
    await database.db.deleteFrom("activity_log").execute();

    const other = await insertGalleryPhoto({
      alt: "Checkout counter",
      imageUrl: "/c.png",
      imageKey: null,
      sortOrder: 0,
    });
    // Both at 0 (ties go by age): renumbered, the moved photo keeps its number, so its place says it moved.
    await post({ intent: "move-up", id: other.id });
    expect(await onlyRow()).toMatchObject({
      kind: "gallery.move",
      subject_id: other.id,
      subject_title: "Checkout counter",
      changes: { position: { from: 2, to: 1 } },
    });
    expect(Object.keys((await onlyRow()).changes!)).toEqual(["position"]);
    await database.db.deleteFrom("activity_log").execute();

    await post({ intent: "delete", id: photo.id, confirmed: "yes" });
    expect(await onlyRow()).toMatchObject({
      kind: "gallery.delete",
      subject_id: photo.id,
      subject_title: "Glass display cases",
      changes: { alt: { from: "Glass display cases", to: null }, image_url: { from: photo.image_url, to: null } },
    });
  });

  it("a failed change writes no row, and one failing inside its transaction is undone", async () => {
    quietErrors();
    const photo = await insertGalleryPhoto({ alt: "Kept photo", imageUrl: "/k.png", imageKey: null });
    expect((await post({ intent: "create", alt: "No image" })).status).toBe(400);
    expect((await post({ intent: "update", id: MISSING_ID, alt: "X" })).status).toBe(302);
    expect(await activity()).toEqual([]);

    expect((await post({ intent: "update", id: photo.id, alt: `${EXPLODE} photo` })).status).toBe(500);
    expect((await post({ intent: "create", alt: `${EXPLODE} new`, image: await pngFile() })).status).toBe(500);
    expect((await listGalleryPhotos()).map((p) => p.alt)).toEqual(["Kept photo"]);
    expect(await getGalleryPhoto(photo.id)).toMatchObject({ alt: "Kept photo" });
    expect(await activity()).toEqual([]);
  });
});

describe("blog posts", () => {
  const create = (fields: Record<string, string>) => send(newPostAction, "/admin/blog/new", fields);
  const edit = (id: string, fields: Record<string, string>) =>
    postTo(editPostAction, `/admin/blog/edit/${id}`, formOf(fields), cookie, { id });

  it("create records the post (its body only as changed) and each category and tag it created", async () => {
    const [existing] = await ensureTerms("categories", ["Guides"]);
    const result = await create({
      title: "Terpenes 101",
      content: "# Terpenes\n\nA long body that the log should never copy.",
      status: "draft",
      author: "Jo",
      category_ids: existing,
      new_categories: "Science",
      new_tags: "terpenes",
    });
    expect(result.status).toBe(302);
    const post = (await database.db.selectFrom("posts").selectAll().executeTakeFirstOrThrow())!;
    const rows = await activity();
    expect(rows.map((row) => row.kind)).toEqual(["category.create", "post.create", "tag.create"]);
    expect(rows.every((row) => row.actor_id === admin.id && row.actor_email === admin.email)).toBe(true);
    const science = await database.db
      .selectFrom("categories")
      .selectAll()
      .where("name", "=", "Science")
      .executeTakeFirstOrThrow();
    expect(rows[0]).toMatchObject({
      subject_type: "category",
      subject_id: science.id,
      subject_title: "Science",
      changes: { name: { from: null, to: "Science" }, slug: { from: null, to: "science" } },
    });
    expect(rows[2]).toMatchObject({ subject_type: "tag", subject_title: "terpenes" });
    expect(rows[1]).toMatchObject({
      subject_type: "post",
      subject_id: post.id,
      subject_title: "Terpenes 101",
      changes: {
        title: { from: null, to: "Terpenes 101" },
        slug: { from: null, to: "terpenes-101" },
        content: REDACTED_CHANGE,
        author: { from: null, to: "Jo" },
        status: { from: null, to: "draft" },
        categories: { from: null, to: "Guides, Science" },
        tags: { from: null, to: "terpenes" },
      },
    });
    expect(JSON.stringify(rows[1].changes)).not.toContain("never copy");
  });

  it("update records only what changed; publishing is an update of status and date", async () => {
    const [guides] = await ensureTerms("categories", ["Guides"]);
    const { id } = await createPost({ title: "Draft one", content: "Body", status: "draft", categoryIds: [guides] });
    const fields = { title: "Draft one", slug: "draft-one", content: "Body", author: "Jo", category_ids: guides };
    await database.db.updateTable("posts").set({ author: "Jo" }).execute();

    await edit(id, { ...fields, status: "draft", title: "Draft, retitled" });
    expect(await onlyRow()).toMatchObject({
      kind: "post.update",
      ...byAdmin(),
      subject_id: id,
      subject_title: "Draft, retitled",
      changes: { title: { from: "Draft one", to: "Draft, retitled" } },
    });
    expect(Object.keys((await onlyRow()).changes!)).toEqual(["title"]);
    await database.db.deleteFrom("activity_log").execute();

    await edit(id, { ...fields, title: "Draft, retitled", content: "New body", status: "published", published_at: "" });
    const row = await onlyRow();
    const published = (await getPostForAdmin(id))!.published_at!;
    expect(row).toMatchObject({
      kind: "post.update",
      changes: {
        content: REDACTED_CHANGE,
        status: { from: "draft", to: "published" },
        published_at: { from: null, to: published.toISOString() },
      },
    });
    expect(Object.keys(row.changes!).sort()).toEqual(["content", "published_at", "status"]);
  });

  it("delete from the list records the post's title and what it held", async () => {
    const { id } = await createPost({ title: "Old news", content: "Body", status: "draft" });
    expect((await postTo(blogAction, "/admin/blog", formOf({ intent: "delete", id }), cookie)).status).toBe(302);
    expect(await onlyRow()).toMatchObject({
      kind: "post.delete",
      ...byAdmin(),
      subject_id: id,
      subject_title: "Old news",
      changes: { title: { from: "Old news", to: null }, content: REDACTED_CHANGE, status: { from: "draft", to: null } },
    });
  });

  it("a failed save writes no row: invalid, gone, a taken slug (its new terms undone), or failing inside", async () => {
    quietErrors();
    const { id } = await createPost({ title: "Taken", slug: "taken", content: "Body", status: "draft" });
    expect((await create({ title: "", status: "draft" })).status).toBe(400);
    expect((await edit(MISSING_ID, { title: "X", status: "draft" })).status).toBe(302);
    expect((await postTo(blogAction, "/admin/blog", formOf({ intent: "delete", id: MISSING_ID }), cookie)).status).toBe(
      302,
    );
    // The database refuses the post (unique slug) after the new category was written: both undone.
    const taken = await create({ title: "Other", slug: "taken", status: "draft", new_categories: "Fresh" });
    expect(taken.status).toBe(400);
    expect(await database.db.selectFrom("categories").selectAll().execute()).toEqual([]);
    expect(await activity()).toEqual([]);

    expect((await create({ title: `${EXPLODE} post`, status: "draft", new_tags: "boom" })).status).toBe(500);
    expect(
      (await edit(id, { title: `${EXPLODE} Taken`, slug: "taken", content: "Body", status: "draft" })).status,
    ).toBe(500);
    expect((await database.db.selectFrom("posts").select("title").execute()).map((p) => p.title)).toEqual(["Taken"]);
    expect(await database.db.selectFrom("tags").selectAll().execute()).toEqual([]);
    expect(await activity()).toEqual([]);
  });
});

describe("categories and tags", () => {
  const post = (fields: Record<string, string>) => send(termsAction, "/admin/blog/terms", fields);

  it("rename records the name and slug that changed; delete records the term", async () => {
    const [category] = await ensureTerms("categories", ["Wellnes"]);
    await post({ intent: "rename", kind: "categories", id: category, name: "Wellness", slug: "" });
    expect(await onlyRow()).toMatchObject({
      kind: "category.rename",
      ...byAdmin(),
      subject_type: "category",
      subject_id: category,
      subject_title: "Wellness",
      changes: { name: { from: "Wellnes", to: "Wellness" }, slug: { from: "wellnes", to: "wellness" } },
    });
    await database.db.deleteFrom("activity_log").execute();

    const [tag] = await ensureTerms("tags", ["Unused"]);
    await post({ intent: "delete", kind: "tags", id: tag });
    expect(await onlyRow()).toMatchObject({
      kind: "tag.delete",
      ...byAdmin(),
      subject_type: "tag",
      subject_id: tag,
      subject_title: "Unused",
      changes: { name: { from: "Unused", to: null }, slug: { from: "unused", to: null } },
    });
  });

  it("a refused change writes no row: in use, taken slug, invalid, gone, or failing inside", async () => {
    quietErrors();
    const [used, other] = await ensureTerms("categories", ["Used", "Other"]);
    await createPost({ title: "User", status: "draft", categoryIds: [used] });
    await post({ intent: "delete", kind: "categories", id: used });
    await post({ intent: "rename", kind: "categories", id: other, name: "Other", slug: "used" });
    await post({ intent: "rename", kind: "categories", id: other, name: "" });
    await post({ intent: "rename", kind: "tags", id: MISSING_ID, name: "Nobody" });
    await post({ intent: "delete", kind: "tags", id: MISSING_ID });
    expect(await activity()).toEqual([]);

    expect((await post({ intent: "rename", kind: "categories", id: other, name: EXPLODE })).data).toBeInstanceOf(Error);
    expect(await findTermById("categories", other)).toMatchObject({ name: "Other", slug: "other" });
    expect(await activity()).toEqual([]);
  });
});

describe("the demo seed", () => {
  it("is not an admin's write: seeding records no activity", async () => {
    expect(await seedIfEmpty(database.db, { demo: true })).toBe(true);
    expect((await listBrands()).length).toBeGreaterThan(0);
    expect(await activity()).toEqual([]);
  });
});
