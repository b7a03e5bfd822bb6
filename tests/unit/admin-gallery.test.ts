import fs from "node:fs";
import path from "node:path";
import { getToast } from "remix-toast";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES } from "~/lib/image-rules";
import { imageSrcSet } from "~/lib/image-srcset";
import { GALLERY_MESSAGES, PHOTO_REQUIRED_MESSAGE } from "~/lib/schemas/gallery";
import { insertGalleryPhoto, getGalleryPhoto, listGalleryPhotos } from "~/models/gallery.server";
import { action, loader } from "~/routes/admin/gallery";
import { loader as aboutLoader } from "~/routes/site/about";
import type { OpenedDatabase } from "~/server/db.server";
import { resetStorageDriver } from "~/server/storage.server";
import { createTestDatabase } from "../support/database";
import { listFiles, samples, useTemporaryDataDir } from "../support/forms";
import { validPng } from "../support/images";
import { asResult, makeUser, ORIGIN, callRoute, sessionCookieFor, settle } from "./auth-support";

const dataDir = useTemporaryDataDir("admin-gallery");
const bucketDir = path.join(dataDir, "storage", "gallery");

let database: OpenedDatabase;
let adminCookie = "";
beforeAll(async () => {
  resetStorageDriver();
  database = await createTestDatabase();
  adminCookie = await sessionCookieFor((await makeUser("gallery-admin@example.com", "admin-pass", { admin: true })).id);
});
afterAll(async () => {
  await database.close();
  resetStorageDriver();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.deleteFrom("gallery_photos").execute();
  fs.rmSync(bucketDir, { recursive: true, force: true });
});

const pngFile = async (name = "shop.png", width = 800, height = 600) =>
  new File([new Uint8Array(await validPng(width, height))], name, { type: "image/png" });

function form(fields: Record<string, string | File>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

async function post(body: FormData | URLSearchParams, search = "", cookie: string | null = adminCookie) {
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`${ORIGIN}/admin/gallery${search}`, { method: "POST", headers, body });
  return asResult(await settle(() => callRoute(action, request)));
}

async function load(search = "", cookie: string | null = adminCookie) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  return settle(() => callRoute(loader, new Request(`${ORIGIN}/admin/gallery${search}`, { headers })));
}

/** The flash toast a redirect carries. */
async function toastOf(response: { headers: Headers }) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  return (await getToast(new Request(ORIGIN, { headers: { Cookie: cookie.split(";")[0] } }))).toast;
}

const photoFiles = () => listFiles(bucketDir);

/** A refused form's field errors (without the form's own summary, keyed ""). */
function fieldErrors(result: { data: any }): Record<string, string[]> {
  const { "": _summary, ...fields } = result.data.result.error as Record<string, string[]>;
  return fields;
}

/** Adds a photo through the action and answers its row. */
async function addPhoto(fields: Record<string, string> = {}) {
  const result = await post(form({ intent: "create", alt: "Display cases", ...fields, image: await pngFile() }));
  expect(result.status).toBe(302);
  return (await listGalleryPhotos()).at(-1)!;
}

describe("admin gallery: guard", () => {
  it("sends an anonymous visitor to the login page from the loader and the action, changing nothing", async () => {
    const page = (await load("", null)) as Response;
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fgallery");

    const created = await post(form({ intent: "create", alt: "X", image: await pngFile() }), "", null);
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await listGalleryPhotos()).toEqual([]);
    expect(photoFiles()).toEqual([]);

    const photo = await insertGalleryPhoto({ alt: "Kept", imageUrl: "/images/shop/display-cases.svg", imageKey: null });
    for (const body of [
      new URLSearchParams({ intent: "delete", id: photo.id, confirmed: "yes" }),
      new URLSearchParams({ intent: "move-up", id: photo.id }),
      form({ intent: "update", id: photo.id, alt: "Changed" }),
    ]) {
      const refused = await post(body, "", null);
      expect(refused.status).toBe(302);
      expect(refused.headers.get("Location")).toMatch(/^\/admin\/login/);
    }
    expect(await getGalleryPhoto(photo.id)).toMatchObject({ alt: "Kept" });
  });
});

describe("admin gallery: add", () => {
  it("requires a photo and alt text: field errors, the values kept, nothing stored", async () => {
    const result = await post(form({ intent: "create", alt: "  ", caption: "Checkout" }), "?dialog=new");
    expect(result.status).toBe(400);
    expect(result.data.message).toBe(GALLERY_MESSAGES.createFailed);
    expect(result.data.result.error).toMatchObject({
      alt: ["Alt text is required"],
      image: [PHOTO_REQUIRED_MESSAGE],
    });
    expect(result.data.result.initialValue).toMatchObject({ caption: "Checkout" });

    // With alt text but no image, and with an image but no alt text: each is refused on its own.
    const noImage = await post(form({ intent: "create", alt: "Display cases" }));
    expect(noImage.status).toBe(400);
    expect(fieldErrors(noImage)).toEqual({ image: [PHOTO_REQUIRED_MESSAGE] });
    const noAlt = await post(form({ intent: "create", image: await pngFile() }));
    expect(noAlt.status).toBe(400);
    expect(fieldErrors(noAlt)).toEqual({ alt: ["Alt text is required"] });

    expect(await listGalleryPhotos()).toEqual([]);
    expect(photoFiles()).toEqual([]);
  });

  it("limits the alt text to 160 characters and the caption to 200", async () => {
    const result = await post(
      form({ intent: "create", alt: "a".repeat(161), caption: "c".repeat(201), image: await pngFile() }),
    );
    expect(result.status).toBe(400);
    expect(fieldErrors(result)).toEqual({
      alt: ["Alt text must be at most 160 characters"],
      caption: ["Caption must be at most 200 characters"],
    });
    expect(await listGalleryPhotos()).toEqual([]);
    expect(photoFiles()).toEqual([]);
  });

  it("refuses a disguised file and an oversized image with the spec's messages as the toast's title, storing nothing", async () => {
    const disguised = await post(
      form({
        intent: "create",
        alt: "Sneaky",
        image: new File([samples.exe()], "shop.png", { type: "image/png" }),
      }),
    );
    expect(disguised.status).toBe(400);
    expect(disguised.data.result.error.image).toEqual([IMAGE_WRONG_TYPE]);
    expect(disguised.data).toMatchObject({ outcome: "invalid", message: IMAGE_WRONG_TYPE });

    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(await validPng(), 0);
    const oversized = await post(
      form({ intent: "create", alt: "Huge", image: new File([big], "huge.png", { type: "image/png" }) }),
    );
    expect(oversized.status).toBe(400);
    expect(oversized.data.result.error.image).toEqual([IMAGE_TOO_LARGE]);
    expect(oversized.data.message).toBe(IMAGE_TOO_LARGE);
    // The fields before the file are still read and handed back.
    expect(oversized.data.result.initialValue).toMatchObject({ alt: "Huge" });

    expect(await listGalleryPhotos()).toEqual([]);
    expect(photoFiles()).toEqual([]);
  });

  it("adds a photo: the row, the file and its WebP variants, and the spec's toast", async () => {
    const result = await post(
      form({
        intent: "create",
        alt: "  Glass display cases lit from above ",
        caption: " Display cases ",
        sort_order: "3",
        image: await pngFile("Shop Floor.PNG", 1800, 1350),
      }),
      "?dialog=new&page=1",
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/gallery?page=1");
    expect(await toastOf(result)).toMatchObject({ type: "success", message: GALLERY_MESSAGES.created });
    const [photo] = await listGalleryPhotos();
    expect(photo).toMatchObject({
      alt: "Glass display cases lit from above",
      caption: "Display cases",
      sort_order: 3,
    });
    expect(photo.image_key).toMatch(/^[0-9a-f-]{36}-1800x1350\.png$/);
    expect(photo.image_url).toBe(`/media/gallery/${photo.image_key}`);
    const base = photo.image_key!.replace(".png", "");
    expect(photoFiles()).toEqual(
      [photo.image_key!, `${base}-w1600.webp`, `${base}-w480.webp`, `${base}-w960.webp`].sort(),
    );
    // Wider than the widest variant: the original itself is not a candidate.
    expect(imageSrcSet(photo.image_url)).toBe(
      `/media/gallery/${base}-w480.webp 480w, /media/gallery/${base}-w960.webp 960w, /media/gallery/${base}-w1600.webp 1600w`,
    );

    // A blank caption is stored as none, a blank order as 0.
    const plain = await post(form({ intent: "create", alt: "Checkout", caption: " ", image: await pngFile() }));
    expect(plain.status).toBe(302);
    expect((await listGalleryPhotos())[0]).toMatchObject({ alt: "Checkout", caption: null, sort_order: 0 });
  });
});

describe("admin gallery: edit", () => {
  it("changes the alt text, caption and order, keeping the image when no file is chosen", async () => {
    const photo = await addPhoto({ caption: "Old caption" });
    const files = photoFiles();
    const edit = `?edit=${photo.id}`;
    const result = await post(
      form({
        intent: "update",
        id: photo.id,
        alt: "Checkout counter with an ATM",
        caption: "Checkout",
        sort_order: "7",
      }),
      edit,
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/gallery");
    expect(await toastOf(result)).toMatchObject({ type: "success", message: GALLERY_MESSAGES.updated });
    expect(await getGalleryPhoto(photo.id)).toMatchObject({
      alt: "Checkout counter with an ATM",
      caption: "Checkout",
      sort_order: 7,
      image_url: photo.image_url,
      image_key: photo.image_key,
    });
    expect(photoFiles()).toEqual(files);

    // Clearing the caption; alt text stays required when editing.
    await post(form({ intent: "update", id: photo.id, alt: "Checkout counter", caption: "" }), edit);
    expect(await getGalleryPhoto(photo.id)).toMatchObject({ caption: null });
    const noAlt = await post(form({ intent: "update", id: photo.id, alt: "" }), edit);
    expect(noAlt.status).toBe(400);
    expect(noAlt.data.message).toBe(GALLERY_MESSAGES.updateFailed);
    expect(fieldErrors(noAlt)).toEqual({ alt: ["Alt text is required"] });
    expect(await getGalleryPhoto(photo.id)).toMatchObject({ alt: "Checkout counter" });
  });

  it("replacing the image deletes the old file and its variants", async () => {
    const photo = await addPhoto();
    const oldBase = photo.image_key!.replace(".png", "");
    // An 800 px photo and its one narrower variant (480 w); then a 1200 px one and its two.
    expect(photoFiles()).toHaveLength(2);
    const result = await post(
      form({ intent: "update", id: photo.id, alt: "Display cases", image: await pngFile("new.png", 1200, 900) }),
      `?edit=${photo.id}`,
    );
    expect(result.status).toBe(302);
    const after = (await getGalleryPhoto(photo.id))!;
    expect(after.image_key).not.toBe(photo.image_key);
    expect(after.image_url).toBe(`/media/gallery/${after.image_key}`);
    expect(photoFiles()).toHaveLength(3);
    expect(photoFiles().some((file) => file.startsWith(oldBase))).toBe(false);
  });

  it("keeps the current image when its replacement is refused", async () => {
    const photo = await addPhoto();
    const files = photoFiles();
    const refused = await post(
      form({
        intent: "update",
        id: photo.id,
        alt: "Display cases",
        image: new File([samples.exe()], "new.png", { type: "image/png" }),
      }),
      `?edit=${photo.id}`,
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.image).toEqual([IMAGE_WRONG_TYPE]);
    expect(await getGalleryPhoto(photo.id)).toMatchObject({ image_key: photo.image_key });
    expect(photoFiles()).toEqual(files);
  });

  it("answers an edit of a missing photo with the error toast", async () => {
    const missing = "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f";
    const result = await post(form({ intent: "update", id: missing, alt: "X" }), `?edit=${missing}`);
    expect(result.status).toBe(302);
    expect(await toastOf(result)).toMatchObject({ type: "error", message: GALLERY_MESSAGES.updateFailed });
    const page = (await load(`?edit=${missing}`)) as Response;
    expect(page.status).toBe(302);
    expect(await toastOf(page)).toMatchObject({ type: "error", message: GALLERY_MESSAGES.updateFailed });
  });
});

describe("admin gallery: move", () => {
  it("moves a photo up and down the order, and stops at the ends", async () => {
    const a = await insertGalleryPhoto({ alt: "A", imageUrl: "/a.png", imageKey: null, sortOrder: 1 });
    const b = await insertGalleryPhoto({ alt: "B", imageUrl: "/b.png", imageKey: null, sortOrder: 2 });
    const c = await insertGalleryPhoto({ alt: "C", imageUrl: "/c.png", imageKey: null, sortOrder: 3 });
    const order = async () => (await listGalleryPhotos()).map((p) => p.alt);

    const up = await post(new URLSearchParams({ intent: "move-up", id: c.id }));
    expect(up.status).toBe(302);
    expect(await toastOf(up)).toMatchObject({ type: "success", message: "Photo moved up" });
    expect(await order()).toEqual(["A", "C", "B"]);

    const down = await post(new URLSearchParams({ intent: "move-down", id: a.id }));
    expect(await toastOf(down)).toMatchObject({ type: "success", message: "Photo moved down" });
    expect(await order()).toEqual(["C", "A", "B"]);

    const edge = await post(new URLSearchParams({ intent: "move-down", id: b.id }));
    expect(await toastOf(edge)).toMatchObject({ type: "info", message: "This photo is already last" });
    expect(await order()).toEqual(["C", "A", "B"]);

    // The admin list says which photos cannot move further.
    const list = (await load()) as Awaited<ReturnType<typeof loader>>;
    expect(list.photos.map((p) => [p.alt, p.isFirst, p.isLast])).toEqual([
      ["C", true, false],
      ["A", false, false],
      ["B", false, true],
    ]);
  });
});

describe("admin gallery: delete", () => {
  it("asks for confirmation without JavaScript, then removes the row and its files", async () => {
    const photo = await addPhoto();
    // An 800 px photo and its one narrower variant (480 w).
    expect(photoFiles()).toHaveLength(2);

    const asked = await post(new URLSearchParams({ intent: "delete", id: photo.id }), "?page=1");
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe(`/admin/gallery?page=1&confirm-delete=${photo.id}`);
    expect(await getGalleryPhoto(photo.id)).toBeDefined();
    const confirming = (await load(`?confirm-delete=${photo.id}`)) as Awaited<ReturnType<typeof loader>>;
    expect(confirming.dialog).toMatchObject({ mode: "confirm-delete", row: { id: photo.id } });

    const deleted = await post(new URLSearchParams({ intent: "delete", id: photo.id, confirmed: "yes" }), "?page=1");
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/admin/gallery?page=1");
    expect(await toastOf(deleted)).toMatchObject({ type: "success", message: GALLERY_MESSAGES.deleted });
    expect(await listGalleryPhotos()).toEqual([]);
    expect(photoFiles()).toEqual([]);

    const again = await post(new URLSearchParams({ intent: "delete", id: photo.id, confirmed: "yes" }));
    expect(await toastOf(again)).toMatchObject({ type: "error", message: GALLERY_MESSAGES.deleteFailed });
  });

  it("refuses an unknown intent", async () => {
    const result = await post(new URLSearchParams({ intent: "explode" }));
    expect(result.status).toBe(400);
  });
});

/** Sets when a photo was added (rows made in the same millisecond would tie). */
async function addedAt(id: string, iso: string) {
  await database.db
    .updateTable("gallery_photos")
    .set({ created_at: new Date(iso) })
    .where("id", "=", id)
    .execute();
}

describe("the public gallery", () => {
  it("About lists the photos by sort order, then the order they were added; none means the illustrations", async () => {
    const none = await aboutLoader();
    expect(none.photos).toEqual([]);

    // Two with the same number: the one added first comes first (whatever their random ids).
    const third = await insertGalleryPhoto({
      alt: "Third",
      caption: "Curbside",
      imageUrl: "/3.png",
      imageKey: null,
      sortOrder: 1,
    });
    const second = await insertGalleryPhoto({ alt: "Second", imageUrl: "/2.png", imageKey: null, sortOrder: 1 });
    await insertGalleryPhoto({ alt: "First", imageUrl: "/1.png", imageKey: null, sortOrder: -2 });
    await addedAt(second.id, "2026-01-01T10:00:00Z");
    await addedAt(third.id, "2026-01-02T10:00:00Z");
    const about = await aboutLoader();
    expect(about.photos.map(({ alt, caption, src }) => ({ alt, caption, src }))).toEqual([
      { alt: "First", caption: null, src: "/1.png" },
      { alt: "Second", caption: null, src: "/2.png" },
      { alt: "Third", caption: "Curbside", src: "/3.png" },
    ]);
  });

  it("lists the admin's photos 50 a page, in the same order", async () => {
    for (let i = 0; i < 52; i++) {
      const alt = `Photo ${String(i).padStart(2, "0")}`;
      await insertGalleryPhoto({ alt, imageUrl: "/x.png", imageKey: null, sortOrder: i });
    }
    const first = (await load()) as Awaited<ReturnType<typeof loader>>;
    expect(first).toMatchObject({ total: 52, page: 1, pageCount: 2, dialog: null });
    expect(first.photos).toHaveLength(50);
    expect(first.photos[0].alt).toBe("Photo 00");
    const second = (await load("?page=2&dialog=new")) as Awaited<ReturnType<typeof loader>>;
    expect(second.photos.map((p) => p.alt)).toEqual(["Photo 50", "Photo 51"]);
    expect(second.dialog).toEqual({ mode: "new" });
    const past = (await load("?page=9")) as Response;
    expect(past.headers.get("Location")).toBe("/admin/gallery?page=2");
  });
});
