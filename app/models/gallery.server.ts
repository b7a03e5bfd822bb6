import type { MoveDirection, MoveOutcome } from "~/lib/admin-list";
import { db } from "~/server/db.server";
import { type ActivityActor, recordRowChange, type RowActivity } from "./activity.server";
import { type OverrideFor, overrideFor, recordAdvertisingOverride } from "./ad-findings.server";
import { moveInOrder } from "./ordered-rows.server";
import type { GalleryPhoto } from "~/server/schema.server";
import { lockRowForUpdate } from "./row-lock.server";
import { readUntilChanged } from "~/server/content-memo.server";

// 'Inside the Shop' on About: the photos the owner uploads, orders and captions in Admin → Gallery.
// Their order everywhere is sort_order, then created_at (the table's index), then id so pages never overlap.

/** Every photo, in the admin's order, for the About page. */
export function listGalleryPhotos(): Promise<GalleryPhoto[]> {
  return readUntilChanged("gallery photos", async () => {
    return (await db())
      .selectFrom("gallery_photos")
      .selectAll()
      .orderBy("sort_order", "asc")
      .orderBy("created_at", "asc")
      .orderBy("id", "asc")
      .execute();
  });
}

/** One page of the admin list, and the total. */
export async function listGalleryPhotosPage(
  page: number,
  pageSize: number,
): Promise<{ photos: GalleryPhoto[]; total: number }> {
  const database = await db();
  const [photos, count] = await Promise.all([
    database
      .selectFrom("gallery_photos")
      .selectAll()
      .orderBy("sort_order", "asc")
      .orderBy("created_at", "asc")
      .orderBy("id", "asc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    database
      .selectFrom("gallery_photos")
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { photos, total: Number(count.total) };
}

export async function getGalleryPhoto(id: string): Promise<GalleryPhoto | undefined> {
  return (await db()).selectFrom("gallery_photos").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface GalleryPhotoInput {
  alt: string;
  caption?: string | null;
  sortOrder?: number;
}

export interface GalleryImageInput {
  imageUrl: string;
  imageKey: string | null;
}

/** The fields an admin edits, as the activity log compares them (the image by its address). */
const GALLERY_FIELDS = ["alt", "caption", "image_url", "sort_order"] as const;

function photoValues(input: GalleryPhotoInput & GalleryImageInput) {
  return {
    image_url: input.imageUrl,
    image_key: input.imageKey,
    alt: input.alt.trim(),
    caption: input.caption?.trim() || null,
    sort_order: input.sortOrder ?? 0,
  };
}

/** A photo in the activity log: named by its alt text. */
/** A galleryphoto in the activity log: its name as the title, and the fields an admin edits. */
const GALLERY_ACTIVITY: RowActivity<GalleryPhoto> = {
  subject: (photo) => ({ type: "gallery", id: photo.id, title: photo.alt }),
  fields: GALLERY_FIELDS,
};

/** An admin adds a photo: the row and its activity entry in one transaction. */
export async function createGalleryPhoto(
  input: GalleryPhotoInput & GalleryImageInput,
  actor: ActivityActor,
  /** The owner published words with advertising findings anyway: kept in the activity log. */
  override?: OverrideFor<GalleryPhoto>,
): Promise<GalleryPhoto> {
  return (await db()).transaction().execute(async (trx) => {
    const photo = await trx
      .insertInto("gallery_photos")
      .values(photoValues(input))
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordRowChange(trx, "gallery.create", actor, GALLERY_ACTIVITY, null, photo);
    const decided = overrideFor(override, undefined);
    if (decided) await recordAdvertisingOverride(trx, actor, GALLERY_ACTIVITY.subject(photo), decided);
    return photo;
  });
}

/** Inserts a photo without an activity entry: test fixtures, never an admin's write. */
export async function insertGalleryPhoto(input: GalleryPhotoInput & GalleryImageInput): Promise<GalleryPhoto> {
  return (await db()).insertInto("gallery_photos").values(photoValues(input)).returningAll().executeTakeFirstOrThrow();
}

/**
 * Updates a photo's words and order, and its image when one is given (otherwise the image stays). Returns the
 * row before and after, so a replaced image's files can be removed; undefined when the photo is gone.
 */
export async function updateGalleryPhoto(
  id: string,
  input: GalleryPhotoInput & Partial<GalleryImageInput>,
  actor: ActivityActor,
  /** The owner published words with advertising findings anyway: kept in the activity log. */
  override?: OverrideFor<GalleryPhoto>,
): Promise<{ before: GalleryPhoto; after: GalleryPhoto } | undefined> {
  return (await db()).transaction().execute(async (trx) => {
    const before = await lockRowForUpdate(trx, "gallery_photos", id);
    if (!before) return undefined;
    const after = await trx
      .updateTable("gallery_photos")
      .set({
        image_url: input.imageUrl ?? before.image_url,
        image_key: input.imageUrl === undefined ? before.image_key : (input.imageKey ?? null),
        alt: input.alt.trim(),
        caption: input.caption?.trim() || null,
        sort_order: input.sortOrder ?? 0,
        updated_at: new Date(),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordRowChange(trx, "gallery.update", actor, GALLERY_ACTIVITY, before, after);
    const decided = overrideFor(override, before);
    if (decided) await recordAdvertisingOverride(trx, actor, GALLERY_ACTIVITY.subject(after), decided);
    return { before, after };
  });
}

/** Deletes a photo; returns it (so its image files can be removed), or undefined when it did not exist. */
export async function deleteGalleryPhoto(id: string, actor: ActivityActor): Promise<GalleryPhoto | undefined> {
  return (await db()).transaction().execute(async (trx) => {
    const photo = await trx.deleteFrom("gallery_photos").where("id", "=", id).returningAll().executeTakeFirst();
    if (!photo) return undefined;
    await recordRowChange(trx, "gallery.delete", actor, GALLERY_ACTIVITY, photo, null);
    return photo;
  });
}

/** Moves one place up or down the order (see moveInOrder); 'edge' when it is already first or last. */
export function moveGalleryPhoto(id: string, direction: MoveDirection, actor: ActivityActor): Promise<MoveOutcome> {
  return moveInOrder("gallery_photos", id, direction, {
    kind: "gallery.move",
    actor,
    subject: GALLERY_ACTIVITY.subject,
  });
}
