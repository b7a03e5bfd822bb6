import fs from "node:fs";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod/v4";
import sharp from "sharp";
import { getToast } from "remix-toast";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { site } from "~/content/site";
import { IMAGE_TOO_LARGE, IMAGE_UNREADABLE, IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES } from "~/lib/image-rules";
import { POST_MESSAGES, postSchema, splitTermNames } from "~/lib/schemas/post";
import { fromStoreDateTimeLocal, toStoreDateTimeLocal } from "~/lib/store-time";
import { countPostsForAdmin, getPostForAdmin, listPostsForAdmin, savePost } from "~/models/post-admin.server";
import { ensureTerms, findTermById } from "~/models/post-terms.server";
import { createPost, SlugTakenError } from "~/models/posts.server";
import { action as listAction, loader as listLoader } from "~/routes/admin/blog";
import { action as editAction, loader as editLoader } from "~/routes/admin/blog-edit";
import { action as markdownPreviewAction } from "~/routes/admin/blog-markdown-preview";
import { action as newAction, loader as newLoader } from "~/routes/admin/blog-new";
import { loader as previewLoader } from "~/routes/admin/blog-preview";
import { action as termsAction, loader as termsLoader } from "~/routes/admin/blog-terms";
import { loader as postPageLoader } from "~/routes/blog/post";
import { loader as feedLoader } from "~/routes/resources/feed";
import { loader as sitemapLoader } from "~/routes/resources/sitemap-blog";
import type { OpenedDatabase } from "~/server/db.server";
import { variantKey } from "~/server/images.server";
import { resetStorageDriver } from "~/server/storage.server";
import { createTestDatabase } from "../support/database";
import { listFiles, samples, useTemporaryDataDir } from "../support/forms";
import { corruptPng } from "../support/images";
import { asResult, makeUser, ORIGIN, callRoute, sessionCookieFor, settle } from "./auth-support";

const dataDir = useTemporaryDataDir("admin-posts");
const imagesDir = path.join(dataDir, "storage", "blog-images");

let database: OpenedDatabase;
let adminCookie = "";
let admin: { id: string; email: string };
let memberCookie = "";
beforeAll(async () => {
  resetStorageDriver();
  database = await createTestDatabase();
  admin = await makeUser("posts-admin@example.com", "admin-pass", { admin: true });
  adminCookie = await sessionCookieFor(admin.id);
  memberCookie = await sessionCookieFor(
    (await makeUser("posts-member@example.com", "member-pass", { admin: false })).id,
  );
});
afterAll(async () => {
  await database.close();
  resetStorageDriver();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.deleteFrom("posts").execute();
  await database.db.deleteFrom("categories").execute();
  await database.db.deleteFrom("tags").execute();
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

// Wide enough for two of the three variants (each narrower than the original).
const png = async (width = 1000, height = 500) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: "#1f6f43" } })
      .png()
      .toBuffer(),
  );
const pngFile = async (name = "photo.png") => new File([await png()], name, { type: "image/png" });

function form(fields: Record<string, string | string[] | File>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return body;
}

function request(pathname: string, init: { body?: FormData; cookie?: string | null } = {}) {
  const headers = new Headers({ Origin: ORIGIN });
  const cookie = init.cookie === undefined ? adminCookie : init.cookie;
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`${ORIGIN}${pathname}`, init.body ? { method: "POST", headers, body: init.body } : { headers });
}

const createViaAction = async (fields: Record<string, string | string[] | File>, cookie?: string | null) =>
  asResult(await settle(() => callRoute(newAction, request("/admin/blog/new", { body: form(fields), cookie }))));
const editViaAction = async (id: string, fields: Record<string, string | string[] | File>) =>
  asResult(
    await settle(() => callRoute(editAction, request(`/admin/blog/edit/${id}`, { body: form(fields) }), { id })),
  );
const deleteViaAction = async (id: string, search = "") =>
  asResult(
    await settle(() =>
      callRoute(listAction, request(`/admin/blog${search}`, { body: form({ intent: "delete", id }) })),
    ),
  );

/** The flash toast a redirect carries. */
async function toastOf(response: { headers: Headers }) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  return (await getToast(new Request(ORIGIN, { headers: { Cookie: cookie.split(";")[0] } }))).toast;
}

const postBySlug = (slug: string) =>
  database.db.selectFrom("posts").selectAll().where("slug", "=", slug).executeTakeFirst();
const imageFiles = () => listFiles(imagesDir);

describe("post schema: the spec's limits and messages", () => {
  const parse = (fields: Record<string, string>) =>
    parseWithZod(form({ status: "draft", ...fields }), { schema: postSchema });
  const errors = (fields: Record<string, string>) => {
    const submission = parse(fields);
    return submission.status === "error" ? submission.error : {};
  };

  it("needs only a title; title under 200 characters", () => {
    expect(errors({})).toMatchObject({ title: [POST_MESSAGES.titleRequired] });
    expect(errors({ title: "a".repeat(199) })).toEqual({});
    expect(errors({ title: "a".repeat(200) })).toMatchObject({ title: ["Title must be less than 200 characters"] });
  });

  it("excerpt under 500, content under 100000 (a CRLF line break counts once)", () => {
    expect(errors({ title: "T", excerpt: "e".repeat(499) })).toEqual({});
    expect(errors({ title: "T", excerpt: "e".repeat(500) })).toMatchObject({
      excerpt: ["Excerpt must be less than 500 characters"],
    });
    expect(errors({ title: "T", content: "c".repeat(99_999) })).toEqual({});
    expect(errors({ title: "T", content: "c".repeat(100_000) })).toMatchObject({
      content: ["Content must be less than 100000 characters"],
    });
    // 49,999 lines of "c\r\n" as the browser sends them are 99,998 characters on the page.
    const submission = parse({ title: "T", content: "c\r\n".repeat(33_333) });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.content).toBe("c\n".repeat(33_333));
  });

  it("meta title at most 60 and meta description at most 160", () => {
    expect(errors({ title: "T", meta_title: "m".repeat(60), meta_description: "d".repeat(160) })).toEqual({});
    expect(errors({ title: "T", meta_title: "m".repeat(61) })).toMatchObject({
      meta_title: [POST_MESSAGES.metaTitleTooLong],
    });
    expect(errors({ title: "T", meta_description: "d".repeat(161) })).toMatchObject({
      meta_description: [POST_MESSAGES.metaDescriptionTooLong],
    });
  });

  it("keeps a typed slug as the spec's slug, and needs one when the title has no letters or digits", () => {
    const submission = parse({ title: "Anything", slug: "  My First Post!  " });
    expect(submission.status === "success" && submission.value.slug).toBe("my-first-post");
    expect(errors({ title: "🌿🌿" })).toMatchObject({ slug: [POST_MESSAGES.slugFromTitleImpossible] });
    expect(errors({ title: "🌿🌿", slug: "leaf" })).toEqual({});
  });

  it("checks the publish date only for scheduled and published posts", () => {
    expect(errors({ title: "T", status: "published", published_at: "2026-02-30T10:00" })).toMatchObject({
      published_at: [POST_MESSAGES.publishDateInvalid],
    });
    expect(errors({ title: "T", status: "draft", published_at: "nonsense" })).toEqual({});
    expect(errors({ title: "T", status: "archived" })).toMatchObject({ status: [POST_MESSAGES.statusInvalid] });
  });

  it("splits new category and tag names on commas, once per slug", () => {
    expect(splitTermNames(" Wellness,  guides , ,wellness, Dosing  Tips")).toEqual([
      "Wellness",
      "guides",
      "Dosing Tips",
    ]);
    expect(errors({ title: "T", new_tags: "ok, !!!" })).toMatchObject({ new_tags: [POST_MESSAGES.termNameEmpty] });
    expect(errors({ title: "T", new_categories: "x".repeat(101) })).toMatchObject({
      new_categories: [POST_MESSAGES.termNameTooLong],
    });
  });
});

describe("store-zone publish times (America/Chicago)", () => {
  it("reads a datetime-local value as Chicago wall-clock time, summer and winter", () => {
    expect(fromStoreDateTimeLocal("2026-07-01T09:00")?.toISOString()).toBe("2026-07-01T14:00:00.000Z");
    expect(fromStoreDateTimeLocal("2026-12-01T09:00")?.toISOString()).toBe("2026-12-01T15:00:00.000Z");
    expect(toStoreDateTimeLocal(new Date("2026-12-01T15:00:00Z"))).toBe("2026-12-01T09:00");
    // Just after midnight in Chicago is still the previous day in UTC terms' other direction.
    expect(toStoreDateTimeLocal(new Date("2026-11-22T05:30:00Z"))).toBe("2026-11-21T23:30");
  });

  it("handles the spring-forward gap and the fall-back repeat", () => {
    // 2:30 AM on 8 March 2026 never happens: read with the offset before the change (3:30 AM CDT).
    expect(fromStoreDateTimeLocal("2026-03-08T02:30")?.toISOString()).toBe("2026-03-08T08:30:00.000Z");
    expect(fromStoreDateTimeLocal("2026-03-08T01:59")?.toISOString()).toBe("2026-03-08T07:59:00.000Z");
    expect(fromStoreDateTimeLocal("2026-03-08T03:00")?.toISOString()).toBe("2026-03-08T08:00:00.000Z");
    // 1:30 AM on 1 November 2026 happens twice: the first (CDT).
    expect(fromStoreDateTimeLocal("2026-11-01T01:30")?.toISOString()).toBe("2026-11-01T06:30:00.000Z");
    expect(fromStoreDateTimeLocal("2026-11-01T02:00")?.toISOString()).toBe("2026-11-01T08:00:00.000Z");
    expect(fromStoreDateTimeLocal("2026-13-01T00:00")).toBeNull();
  });
});

describe("admin posts: guard", () => {
  it("sends anonymous visitors to the login page and members home, from every loader and action", async () => {
    const id = "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f";
    const cases: [string, (args: any) => unknown, Record<string, string>][] = [
      ["/admin/blog", listLoader, {}],
      ["/admin/blog", listAction, {}],
      ["/admin/blog/new", newLoader, {}],
      ["/admin/blog/new", newAction, {}],
      [`/admin/blog/edit/${id}`, editLoader, { id }],
      [`/admin/blog/edit/${id}`, editAction, { id }],
      [`/admin/blog/preview/${id}`, previewLoader, { id }],
      ["/admin/blog/terms", termsLoader, {}],
      ["/admin/blog/terms", termsAction, {}],
      ["/admin/blog/markdown-preview", markdownPreviewAction, {}],
    ];
    const actions: unknown[] = [listAction, newAction, editAction, termsAction, markdownPreviewAction];
    for (const [pathname, run, params] of cases) {
      const isAction = actions.includes(run);
      const body = isAction ? form({ intent: "delete", id, title: "Sneaky", status: "published" }) : undefined;
      const anonymous = asResult(await settle(() => callRoute(run, request(pathname, { body, cookie: null }), params)));
      expect(anonymous.status, pathname).toBe(302);
      const member = (await settle(() =>
        callRoute(
          run,
          request(pathname, { body: isAction ? form({ intent: "delete", id }) : undefined, cookie: memberCookie }),
          params,
        ),
      )) as Response;
      expect(member.headers.get("Location"), pathname).toBe("/");
    }
    expect(await countPostsForAdmin()).toBe(0);
  });
});

describe("admin posts: create and edit", () => {
  it("creates a post with the defaults and returns to /admin/blog with the spec's toast", async () => {
    const now = Date.now();
    const result = await createViaAction({
      title: "  Terpenes, Explained  ",
      content: "word ".repeat(450),
      status: "draft",
      published_at: "2026-07-01T09:00",
      author: "",
    });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/blog");
    expect(await toastOf(result)).toMatchObject({
      type: "success",
      message: "Post created",
      description: "Your blog post has been saved successfully.",
    });
    const post = await postBySlug("terpenes-explained");
    expect(post).toMatchObject({
      title: "Terpenes, Explained",
      author: site.teamName,
      status: "draft",
      published_at: null,
      read_minutes: 3,
      meta_title: null,
    });
    expect(post!.updated_at.getTime()).toBeGreaterThanOrEqual(now - 1000);
  });

  it("keeps every value and says what is wrong when the submission is invalid", async () => {
    const result = await createViaAction({
      title: "t".repeat(200),
      slug: "kept-slug",
      excerpt: "An excerpt",
      content: "Body text",
      meta_title: "Meta",
      status: "published",
      published_at: "2026-07-01T09:00",
      author: "Sam",
      new_tags: "alpha, beta",
    });
    expect(result.status).toBe(400);
    expect(result.data.kind).toBe("save");
    expect(result.data.toast).toEqual({ title: "Error", description: expect.any(String) });
    expect(result.data.result.error.title).toEqual(["Title must be less than 200 characters"]);
    expect(result.data.result.initialValue).toMatchObject({
      slug: "kept-slug",
      excerpt: "An excerpt",
      content: "Body text",
      meta_title: "Meta",
      status: "published",
      published_at: "2026-07-01T09:00",
      author: "Sam",
      new_tags: "alpha, beta",
    });
    expect(await countPostsForAdmin()).toBe(0);
    expect(await ensureTerms("tags", [])).toEqual([]);
    expect(await database.db.selectFrom("tags").selectAll().execute()).toEqual([]);
  });

  it("refuses a slug another post has, with a clear field error and nothing saved", async () => {
    await createPost({ title: "First", slug: "same-slug", status: "draft" });
    const result = await createViaAction({ title: "Second", slug: "Same Slug", status: "draft" });
    expect(result.status).toBe(400);
    expect(result.data.result.error.slug).toEqual([POST_MESSAGES.slugTaken]);
    expect(await countPostsForAdmin()).toBe(1);

    const second = await createPost({ title: "Second", slug: "second", status: "draft" });
    const edit = await editViaAction(second.id, { title: "Second", slug: "same-slug", status: "draft" });
    expect(edit.status).toBe(400);
    expect(edit.data.result.error.slug).toEqual([POST_MESSAGES.slugTaken]);
    expect((await getPostForAdmin(second.id))?.slug).toBe("second");
  });

  it("stores the Chicago-entered time for scheduled and published posts, across DST", async () => {
    await createViaAction({ title: "Spring", status: "scheduled", published_at: "2026-03-08T03:30" });
    expect((await postBySlug("spring"))?.published_at?.toISOString()).toBe("2026-03-08T08:30:00.000Z");
    await createViaAction({ title: "Fall", status: "published", published_at: "2026-11-01T01:30" });
    expect((await postBySlug("fall"))?.published_at?.toISOString()).toBe("2026-11-01T06:30:00.000Z");
    await createViaAction({ title: "Winter", status: "scheduled", published_at: "2026-12-24T18:00" });
    expect((await postBySlug("winter"))?.published_at?.toISOString()).toBe("2026-12-25T00:00:00.000Z");
    // Blank: now.
    const before = Date.now();
    await createViaAction({ title: "Now", status: "published", published_at: "" });
    const now = (await postBySlug("now"))!.published_at!.getTime();
    expect(now).toBeGreaterThanOrEqual(before - 1000);
    expect(now).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("switches status freely; a draft clears the publish date, an untouched date keeps its seconds", async () => {
    const created = await createPost({
      title: "Moving",
      status: "published",
      publishedAt: new Date("2026-05-05T15:04:05.678Z"),
    });
    const loaded = (await callRoute(editLoader, request(`/admin/blog/edit/${created.id}`), { id: created.id })) as any;
    expect(loaded.values.published_at).toBe("2026-05-05T10:04");
    expect(loaded.values.published_at_saved).toBe("2026-05-05T15:04:05.678Z");

    const untouched = await editViaAction(created.id, {
      title: "Moving",
      status: "published",
      published_at: loaded.values.published_at,
      published_at_saved: loaded.values.published_at_saved,
    });
    expect(untouched.status).toBe(302);
    expect(await toastOf(untouched)).toMatchObject({ message: "Post updated", description: POST_MESSAGES.saved });
    expect((await getPostForAdmin(created.id))?.published_at?.toISOString()).toBe("2026-05-05T15:04:05.678Z");

    await editViaAction(created.id, { title: "Moving", status: "draft", published_at: "2026-05-05T10:04" });
    const draft = await getPostForAdmin(created.id);
    expect(draft).toMatchObject({ status: "draft", published_at: null });

    await editViaAction(created.id, { title: "Moving", status: "scheduled", published_at: "2027-01-02T08:00" });
    expect((await getPostForAdmin(created.id))?.published_at?.toISOString()).toBe("2027-01-02T14:00:00.000Z");
  });

  it("updates updated_at and read_minutes on every save, and keeps the social image", async () => {
    const created = await createPost({ title: "Counting", content: "one two", status: "draft", ogImageUrl: "/og.png" });
    await database.db
      .updateTable("posts")
      .set({ updated_at: new Date("2020-01-01T00:00:00Z") })
      .where("id", "=", created.id)
      .execute();
    await editViaAction(created.id, { title: "Counting", content: "word ".repeat(1001), status: "draft" });
    const saved = await getPostForAdmin(created.id);
    expect(saved?.read_minutes).toBe(6);
    expect(saved?.updated_at.getTime()).toBeGreaterThan(new Date("2025-01-01").getTime());
    expect(saved?.og_image_url).toBe("/og.png");
  });

  it("answers an edit of a missing post with the error toast", async () => {
    const missing = "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f";
    const result = await editViaAction(missing, { title: "Gone", status: "draft" });
    expect(result.headers.get("Location")).toBe("/admin/blog");
    expect(await toastOf(result)).toMatchObject({ type: "error", message: "Error", description: POST_MESSAGES.gone });
    const page = asResult(
      await settle(() => callRoute(editLoader, request(`/admin/blog/edit/${missing}`), { id: missing })),
    );
    expect(page.headers.get("Location")).toBe("/admin/blog");
  });
});

describe("admin posts: categories and tags in the same transaction", () => {
  it("attaches picked terms and creates new ones with the post", async () => {
    const [guides] = await ensureTerms("categories", ["Guides"]);
    const result = await createViaAction({
      title: "With terms",
      status: "draft",
      category_ids: [guides],
      new_categories: "Wellness, guides",
      new_tags: "Sleep, CBD",
    });
    expect(result.status).toBe(302);
    const post = await getPostForAdmin((await postBySlug("with-terms"))!.id);
    expect(post?.categories.map((c) => c.name)).toEqual(["Guides", "Wellness"]);
    expect(post?.tags.map((t) => t.name)).toEqual(["CBD", "Sleep"]);
  });

  it("rolls the new terms back when the post cannot be saved", async () => {
    await createPost({ title: "Taken", slug: "taken", status: "draft" });
    await expect(
      savePost(
        null,
        {
          title: "Other",
          slug: "taken",
          status: "draft",
          newCategoryNames: ["Brand New"],
          newTagNames: ["fresh"],
        },
        admin,
      ),
    ).rejects.toBeInstanceOf(SlugTakenError);
    expect(await database.db.selectFrom("categories").selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom("tags").selectAll().execute()).toEqual([]);

    // Through the route: the same, with the field error.
    const result = await createViaAction({ title: "Other", slug: "taken", status: "draft", new_tags: "fresh" });
    expect(result.data.result.error.slug).toEqual([POST_MESSAGES.slugTaken]);
    expect(await database.db.selectFrom("tags").selectAll().execute()).toEqual([]);
  });

  it("replaces the terms on edit and ignores ids that no longer exist", async () => {
    const [a, b] = await ensureTerms("tags", ["A", "B"]);
    const created = await createPost({ title: "Terms", status: "draft", tagIds: [a, b] });
    await editViaAction(created.id, {
      title: "Terms",
      status: "draft",
      tag_ids: [b, "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f"],
    });
    expect((await getPostForAdmin(created.id))?.tags.map((t) => t.name)).toEqual(["B"]);
  });
});

describe("admin posts: featured image", () => {
  it("stores an image sent with the form, replaces it (deleting the old files) and removes it", async () => {
    await createViaAction({ title: "Pictured", status: "draft", hero_image: await pngFile() });
    const first = (await postBySlug("pictured"))!;
    expect(first.hero_image_key).toMatch(/^[0-9a-f-]{36}-\d+x\d+\.png$/);
    expect(first.hero_image_url).toBe(`/media/blog-images/${first.hero_image_key}`);
    expect(imageFiles()).toContain(first.hero_image_key);
    expect(imageFiles()).toContain(variantKey(first.hero_image_key!, 960));

    await editViaAction(first.id, { title: "Pictured", status: "draft", hero_image: await pngFile("new.png") });
    const second = (await getPostForAdmin(first.id))!;
    expect(second.hero_image_key).not.toBe(first.hero_image_key);
    expect(imageFiles()).not.toContain(first.hero_image_key);
    expect(imageFiles()).not.toContain(variantKey(first.hero_image_key!, 480));
    expect(imageFiles()).toContain(second.hero_image_key);

    // Saving without touching the image keeps it.
    await editViaAction(first.id, { title: "Pictured again", status: "draft" });
    expect((await getPostForAdmin(first.id))?.hero_image_key).toBe(second.hero_image_key);

    await editViaAction(first.id, { title: "Pictured", status: "draft", remove_image: "on" });
    expect(await getPostForAdmin(first.id)).toMatchObject({ hero_image_key: null, hero_image_url: null });
    expect(imageFiles()).toEqual([]);
  });

  it("refuses a file that is not an image, or too large, with the spec's toast titles and messages", async () => {
    const fake = new File([samples.pdf()], "photo.png", { type: "image/png" });
    const wrong = await createViaAction({ title: "Wrong", status: "draft", hero_image: fake });
    expect(wrong.status).toBe(400);
    expect(wrong.data.toast).toEqual({ title: "Invalid file type", description: IMAGE_WRONG_TYPE });
    expect(wrong.data.result.error.hero_image).toEqual([IMAGE_WRONG_TYPE]);

    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], "big.png", { type: "image/png" });
    const tooLarge = await createViaAction({ title: "Big one", excerpt: "kept", status: "draft", hero_image: big });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.data.toast).toEqual({ title: "File too large", description: IMAGE_TOO_LARGE });
    expect(tooLarge.data.result.initialValue).toMatchObject({ title: "Big one", excerpt: "kept" });
    expect(await countPostsForAdmin()).toBe(0);
    expect(imageFiles()).toEqual([]);
  });

  it("refuses a PNG with a valid header but broken pixels with 400 and the message, storing nothing", async () => {
    const brokenFile = async () => new File([await corruptPng()], "broken.png", { type: "image/png" });
    const unreadable = { title: POST_MESSAGES.uploadFailed, description: IMAGE_UNREADABLE };

    // Saved with the form (JavaScript off).
    const saved = await createViaAction({
      title: "Broken",
      excerpt: "kept",
      status: "draft",
      hero_image: await brokenFile(),
    });
    expect(saved.status).toBe(400);
    expect(saved.data.toast).toEqual(unreadable);
    expect(saved.data.result.error.hero_image).toEqual([IMAGE_UNREADABLE]);
    expect(saved.data.result.initialValue).toMatchObject({ title: "Broken", excerpt: "kept" });
    expect(saved.data.pendingImage).toBeNull();

    // Uploaded ahead of saving (the page's script).
    const ahead = await createViaAction({ intent: "upload-image", hero_image: await brokenFile() });
    expect(ahead.status).toBe(400);
    expect(ahead.data).toEqual({ kind: "upload", ok: false, toast: unreadable });

    // Sent with a submission that has other errors: the image's own message, and nothing kept.
    const invalid = await createViaAction({ title: "", status: "draft", hero_image: await brokenFile() });
    expect(invalid.status).toBe(400);
    expect(invalid.data.result.error.hero_image).toEqual([IMAGE_UNREADABLE]);
    expect(invalid.data.pendingImage).toBeNull();

    expect(await countPostsForAdmin()).toBe(0);
    expect(imageFiles()).toEqual([]);
  });

  it("keeps a post's image when its replacement cannot be read", async () => {
    await createViaAction({ title: "Kept", status: "draft", hero_image: await pngFile() });
    const post = (await postBySlug("kept"))!;
    const files = imageFiles();
    expect(files).toHaveLength(3);
    const refused = await editViaAction(post.id, {
      title: "Kept",
      status: "draft",
      hero_image: new File([await corruptPng()], "b.png", { type: "image/png" }),
    });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.hero_image).toEqual([IMAGE_UNREADABLE]);
    expect(await getPostForAdmin(post.id)).toMatchObject({
      hero_image_key: post.hero_image_key,
      hero_image_url: post.hero_image_url,
    });
    expect(imageFiles()).toEqual(files);
  });

  it("uploads ahead of saving (the script's path), adopts the upload on save and discards unused ones", async () => {
    const upload = await createViaAction({ intent: "upload-image", hero_image: await pngFile() });
    expect(upload.data).toMatchObject({ kind: "upload", ok: true });
    const key: string = upload.data.image.key;
    expect(imageFiles()).toContain(key);

    const refused = await createViaAction({ intent: "upload-image", hero_image: new File([samples.pdf()], "x.gif") });
    expect(refused.data).toMatchObject({ kind: "upload", ok: false, toast: { title: "Invalid file type" } });

    // A second upload replaces the first before saving: the page discards the first.
    const other = await createViaAction({ intent: "upload-image", hero_image: await pngFile() });
    const discarded = await createViaAction({ intent: "discard-image", key: other.data.image.key });
    expect(discarded.data).toEqual({ kind: "discard", ok: true });
    expect(imageFiles()).not.toContain(other.data.image.key);

    await createViaAction({ title: "Ahead", status: "draft", uploaded_image_key: key });
    const post = (await postBySlug("ahead"))!;
    expect(post.hero_image_key).toBe(key);

    // A post's image can be neither discarded nor taken by another post.
    expect((await createViaAction({ intent: "discard-image", key })).data).toEqual({ kind: "discard", ok: false });
    expect(imageFiles()).toContain(key);
    await createViaAction({ title: "Thief", status: "draft", uploaded_image_key: key });
    expect((await postBySlug("thief"))?.hero_image_key).toBeNull();
  });

  it("keeps a good image from a submission with errors, so it need not be chosen again", async () => {
    const failed = await createViaAction({ title: "", status: "draft", hero_image: await pngFile() });
    expect(failed.status).toBe(400);
    const pending = failed.data.pendingImage;
    expect(pending.key).toMatch(/\.png$/);
    expect(imageFiles()).toContain(pending.key);
    await createViaAction({ title: "Second try", status: "draft", uploaded_image_key: pending.key });
    expect((await postBySlug("second-try"))?.hero_image_key).toBe(pending.key);
  });

  it("hands back the chosen file's name with an image stored ahead of saving, for the editor to show", async () => {
    const upload = await createViaAction({ intent: "upload-image", hero_image: await pngFile("Harvest Cover.png") });
    expect(upload.data.image).toMatchObject({ name: "Harvest Cover.png", key: expect.stringMatching(/\.png$/) });
    // A save that fails keeps the upload, and its name, which the form sent along.
    const failed = await createViaAction({
      title: "",
      status: "draft",
      uploaded_image_key: upload.data.image.key,
      uploaded_image_name: "Harvest Cover.png",
    });
    expect(failed.data.pendingImage).toEqual({ ...upload.data.image });
    // So does one that stored a file sent with it (JavaScript off).
    const sent = await createViaAction({ title: "", status: "draft", hero_image: await pngFile("Sent along.png") });
    expect(sent.data.pendingImage.name).toBe("Sent along.png");
  });
});

describe("admin posts: the editor's content preview", () => {
  const HOSTILE =
    '## Fresh heading\n\nSome **bold words**.\n\n<script>alert(1)</script>\n\n<img src="/x.png" onerror="alert(2)">\n\n[bad](javascript:alert(3))';
  const expectSanitized = (html: string) => {
    expect(html).toContain('<h2 id="fresh-heading">Fresh heading</h2>');
    expect(html).toContain("<strong>bold words</strong>");
    expect(html).toContain('<img src="/x.png"');
    expect(html).not.toMatch(/<script|onerror|javascript:|alert\(1\)/i);
  };

  it("renders the saved content for the editor to show at once (sanitized), and nothing for a new post", async () => {
    const post = await createPost({ title: "Saved", content: HOSTILE, status: "draft" });
    const loaded = (await callRoute(editLoader, request(`/admin/blog/edit/${post.id}`), { id: post.id })) as any;
    expectSanitized(loaded.previewHtml);
    const fresh = (await callRoute(newLoader, request("/admin/blog/new"))) as any;
    expect(fresh.previewHtml).toBe("");
  });

  it("'Update preview' (no JavaScript) renders the typed content sanitized and keeps every value, storing nothing", async () => {
    const result = await createViaAction({
      intent: "preview",
      // Invalid for a save (too long): a preview shows no errors.
      title: "t".repeat(200),
      slug: "kept-slug",
      content: HOSTILE,
      status: "scheduled",
      published_at: "2027-03-14T08:45",
      new_tags: "alpha, beta",
      new_categories: "Gamma",
      remove_image: "on",
      hero_image: await pngFile("chosen.png"),
    });
    expect(result.status).toBe(200);
    expect(result.data.kind).toBe("preview");
    expectSanitized(result.data.html);
    expect(result.data.result.error).toBeUndefined();
    expect(result.data.result.status).toBeUndefined();
    // (A multipart body carries line breaks as CRLF.)
    expect(result.data.result.initialValue.content.replace(/\r\n/g, "\n")).toBe(HOSTILE);
    expect(result.data.result.initialValue).toMatchObject({
      title: "t".repeat(200),
      slug: "kept-slug",
      status: "scheduled",
      published_at: "2027-03-14T08:45",
      new_tags: "alpha, beta",
      remove_image: "on",
    });
    // The file is not kept (a preview stores nothing): the page says which one to choose again.
    expect(result.data.droppedFile).toBe("chosen.png");
    expect(result.data.pendingImage).toBeNull();
    expect(await countPostsForAdmin()).toBe(0);
    expect(await database.db.selectFrom("tags").selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom("categories").selectAll().execute()).toEqual([]);
    expect(imageFiles()).toEqual([]);
  });

  it("previews an edit without changing the post, keeping an image uploaded ahead", async () => {
    await createViaAction({ title: "Original", content: "Old body", status: "draft", hero_image: await pngFile() });
    const post = (await postBySlug("original"))!;
    const upload = await createViaAction({ intent: "upload-image", hero_image: await pngFile("next.png") });
    const files = imageFiles();
    const result = await editViaAction(post.id, {
      intent: "preview",
      title: "Changed",
      content: "# New body",
      status: "published",
      uploaded_image_key: upload.data.image.key,
      uploaded_image_name: "next.png",
    });
    expect(result.data.kind).toBe("preview");
    expect(result.data.html).toBe('<h2 id="new-body">New body</h2>\n');
    expect(result.data.pendingImage).toEqual(upload.data.image);
    expect(result.data.droppedFile).toBeNull();
    expect(await getPostForAdmin(post.id)).toMatchObject({
      title: "Original",
      content: "Old body",
      status: "draft",
      hero_image_key: post.hero_image_key,
    });
    expect(imageFiles()).toEqual(files);
  });

  it("the live preview route renders through the same sanitizer, as JSON, never cached, for admins only", async () => {
    const post = (body: FormData, cookie?: string | null) =>
      settle(() => callRoute(markdownPreviewAction, request("/admin/blog/markdown-preview", { body, cookie })));
    const response = (await post(form({ content: HOSTILE }))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const answer = await response.json();
    expect(answer.ok).toBe(true);
    expectSanitized(answer.html);
    // The same HTML the post page would show.
    const saved = await createPost({ title: "Same", content: HOSTILE, status: "draft" });
    const preview = (await callRoute(previewLoader, request(`/admin/blog/preview/${saved.id}`), {
      id: saved.id,
    })) as any;
    expect(answer.html).toBe(preview.post.html);

    expect(await ((await post(form({ content: "" }))) as Response).json()).toEqual({ ok: true, html: "" });
    const tooLong = (await post(form({ content: "x".repeat(600 * 1024) }))) as Response;
    expect(tooLong.status).toBe(413);
    expect((await tooLong.json()).ok).toBe(false);

    const anonymous = asResult(await post(form({ content: HOSTILE }), null));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/admin/login");
    const member = asResult(await post(form({ content: HOSTILE }), memberCookie));
    expect(member.headers.get("Location")).toBe("/");
    expect(await countPostsForAdmin()).toBe(1);
  });
});

describe("admin posts: list, delete, preview", () => {
  it("lists newest created first, filters by status and title, and pages by 50", async () => {
    // A millisecond apart at least: the embedded database's clock can give two quick inserts the same time.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 2));
    for (let i = 0; i < 55; i++) {
      await createPost({ title: `Bulk ${String(i).padStart(2, "0")}`, status: i % 2 ? "published" : "draft" });
      await tick();
    }
    await createPost({ title: "Special 100% Post", status: "scheduled", publishedAt: new Date("2030-01-01") });
    const first = (await callRoute(listLoader, request("/admin/blog"))) as any;
    expect(first.total).toBe(56);
    expect(first.pageCount).toBe(2);
    expect(first.posts).toHaveLength(50);
    expect(first.posts[0]).toMatchObject({ title: "Special 100% Post", status: "scheduled", isPublic: false });
    const second = (await callRoute(listLoader, request("/admin/blog?page=2"))) as any;
    expect(second.posts.map((p: any) => p.title)).toEqual([
      "Bulk 05",
      "Bulk 04",
      "Bulk 03",
      "Bulk 02",
      "Bulk 01",
      "Bulk 00",
    ]);
    const past = asResult(await settle(() => callRoute(listLoader, request("/admin/blog?page=9&q=bulk"))));
    expect(past.headers.get("Location")).toBe("/admin/blog?page=2&q=bulk");

    const drafts = (await callRoute(listLoader, request("/admin/blog?status=draft"))) as any;
    expect(drafts.total).toBe(28);
    expect(drafts.posts.every((p: any) => p.status === "draft" && p.publishedAt === null)).toBe(true);
    const search = (await callRoute(listLoader, request("/admin/blog?q=100%25"))) as any;
    expect(search.posts.map((p: any) => p.title)).toEqual(["Special 100% Post"]);
    expect(await listPostsForAdmin({ search: "BULK 1", status: "published" })).toHaveLength(5);
  });

  it("deletes a post and its image with the spec's toast; a missing one gets the error toast", async () => {
    await createViaAction({ title: "Doomed", status: "published", hero_image: await pngFile() });
    const post = (await postBySlug("doomed"))!;
    const confirm = (await callRoute(listLoader, request(`/admin/blog?confirm-delete=${post.id}`))) as any;
    expect(confirm.confirmDelete).toEqual({ id: post.id, title: "Doomed" });

    const result = await deleteViaAction(post.id, `?status=published&confirm-delete=${post.id}`);
    expect(result.headers.get("Location")).toBe("/admin/blog?status=published");
    expect(await toastOf(result)).toMatchObject({ type: "success", message: "Post deleted" });
    expect(await getPostForAdmin(post.id)).toBeNull();
    expect(imageFiles()).toEqual([]);

    const again = await deleteViaAction(post.id);
    expect(await toastOf(again)).toMatchObject({
      type: "error",
      message: "Error",
      description: "Failed to delete the post. Please try again.",
    });
  });

  it("previews a draft to admins exactly as the post page renders it, while the public URL is a 404", async () => {
    const [news] = await ensureTerms("categories", ["News"]);
    const draft = await createPost({
      title: "Secret draft",
      content: "## Hello\n\nA [link](https://example.com).",
      status: "draft",
      categoryIds: [news],
    });
    const preview = (await callRoute(previewLoader, request(`/admin/blog/preview/${draft.id}`), {
      id: draft.id,
    })) as any;
    expect(preview.status).toBe("Draft");
    expect(preview.post).toMatchObject({ title: "Secret draft", slug: "secret-draft", categories: [{ name: "News" }] });
    expect(preview.post.html).toContain('<h2 id="hello">Hello</h2>');
    const publicPage = asResult(
      await callRoute(postPageLoader, request("/blog/secret-draft"), { slug: "secret-draft" }),
    );
    expect(publicPage.status).toBe(404);

    // Once published, the public page renders the same article.
    await editViaAction(draft.id, {
      title: "Secret draft",
      content: "## Hello\n\nA [link](https://example.com).",
      status: "published",
      published_at: "2020-01-01T00:00",
      category_ids: [news],
    });
    const live = asResult(await callRoute(postPageLoader, request("/blog/secret-draft"), { slug: "secret-draft" }));
    expect(live.status).toBe(200);
    expect(live.data.post.html).toBe(preview.post.html);
  });
});

describe("admin posts: the public blog, feed and sitemap follow at once", () => {
  const etagOf = async (run: () => Promise<Response>) => {
    const response = await run();
    return { etag: response.headers.get("ETag"), body: await response.text() };
  };
  const feed = (etag?: string) =>
    callRoute(
      feedLoader,
      new Request(`${ORIGIN}/feed.xml`, { headers: etag ? { "If-None-Match": etag } : {} }),
    ) as Promise<Response>;
  const sitemap = (etag?: string) =>
    callRoute(
      sitemapLoader,
      new Request(`${ORIGIN}/sitemap-blog.xml`, { headers: etag ? { "If-None-Match": etag } : {} }),
    ) as Promise<Response>;

  it("a save or delete changes the feed's and sitemap's content and validators", async () => {
    const before = { feed: await etagOf(() => feed()), sitemap: await etagOf(() => sitemap()) };
    expect((await feed(before.feed.etag!)).status).toBe(304);

    await createViaAction({ title: "Fresh news", status: "published", published_at: "2020-01-01T00:00" });
    const afterSave = { feed: await feed(before.feed.etag!), sitemap: await sitemap(before.sitemap.etag!) };
    expect(afterSave.feed.status).toBe(200);
    expect(await afterSave.feed.text()).toContain("Fresh news");
    expect(afterSave.sitemap.status).toBe(200);
    expect(await afterSave.sitemap.text()).toContain("/blog/fresh-news");

    const saved = { feed: await etagOf(() => feed()), sitemap: await etagOf(() => sitemap()) };
    await deleteViaAction((await postBySlug("fresh-news"))!.id);
    const afterDelete = { feed: await feed(saved.feed.etag!), sitemap: await sitemap(saved.sitemap.etag!) };
    expect(afterDelete.feed.status).toBe(200);
    expect(await afterDelete.feed.text()).not.toContain("Fresh news");
    expect(afterDelete.sitemap.status).toBe(200);
    expect(await afterDelete.sitemap.text()).not.toContain("/blog/fresh-news");
  });
});

describe("admin posts: categories and tags management", () => {
  it("renames a term (slug from the name when blank; a taken slug is refused) and deletes only empty ones", async () => {
    const [used, empty] = await ensureTerms("categories", ["Used", "Empty"]);
    await createPost({ title: "User", status: "draft", categoryIds: [used] });
    const page = (await callRoute(termsLoader, request("/admin/blog/terms"))) as any;
    expect(page.categories.terms.map((t: any) => [t.name, t.post_count])).toEqual([
      ["Empty", 0],
      ["Used", 1],
    ]);
    const post = (fields: Record<string, string>) =>
      settle(() => callRoute(termsAction, request("/admin/blog/terms", { body: form(fields) })));

    const renamed = asResult(
      await post({ intent: "rename", kind: "categories", id: used, name: "Well Used", slug: "" }),
    );
    expect(await toastOf(renamed)).toMatchObject({ type: "success", message: "Category updated" });
    expect(await findTermById("categories", used)).toMatchObject({
      name: "Well Used",
      slug: "well-used",
      post_count: 1,
    });

    const taken = asResult(
      await post({ intent: "rename", kind: "categories", id: empty, name: "Empty", slug: "well-used" }),
    );
    expect(taken.status).toBe(400);
    expect(taken.data.result.error.slug).toEqual([POST_MESSAGES.slugTaken]);

    const refused = asResult(await post({ intent: "delete", kind: "categories", id: used }));
    expect(await toastOf(refused)).toMatchObject({ type: "error", message: "Error" });
    expect(await findTermById("categories", used)).not.toBeNull();

    const deleted = asResult(await post({ intent: "delete", kind: "categories", id: empty }));
    expect(await toastOf(deleted)).toMatchObject({ type: "success", message: "Category deleted" });
    expect(await findTermById("categories", empty)).toBeNull();
  });
});
