// The post editor's images on the server: the bucket they live in, and an image the page's script uploads
// ahead of saving, stored at once, then adopted by the post when it is saved, or discarded.
import { data } from "react-router";
import { IMAGE_TOO_LARGE } from "~/lib/image-rules";
import { imageRefusalTitle, type PendingImage, type PostEditorActionData } from "~/lib/post-editor";
import { POST_MESSAGES, UPLOADED_IMAGE_KEY } from "~/lib/schemas/post";
import { isImageKeyInUse } from "~/models/post-admin.server";
import { storeUpload } from "~/server/admin-uploads.server";
import { deleteImage } from "~/server/images.server";
import { getObject, publicUrl } from "~/server/storage.server";

export const BLOG_IMAGES = "blog-images";

/** The name a file was chosen under, as the page may show it (never a path; at most 200 characters). */
export function fileNameOf(name: unknown): string | null {
  if (typeof name !== "string") return null;
  const base = name.split(/[\\/]/).pop()!.trim();
  return base ? Array.from(base).slice(0, 200).join("") : null;
}

/** An image uploaded earlier (ahead of saving) that may become this post's: stored, and no other post's. */
export async function adoptUploadedImage(formData: FormData, postId: string | null): Promise<PendingImage | null> {
  const key = formData.get("uploaded_image_key")?.toString();
  if (!key || !UPLOADED_IMAGE_KEY.test(key)) return null;
  if (await isImageKeyInUse(key, postId)) return null;
  if (!(await getObject(BLOG_IMAGES, key))) return null;
  return { key, url: publicUrl(BLOG_IMAGES, key), name: fileNameOf(formData.get("uploaded_image_name")) };
}

/** Removes an image uploaded ahead of saving, unless a post shows it. */
export async function discardUploadedImage(key: string | null | undefined): Promise<boolean> {
  if (!key || !UPLOADED_IMAGE_KEY.test(key)) return false;
  if (await isImageKeyInUse(key)) return false;
  await deleteImage(BLOG_IMAGES, key);
  return true;
}

/** The page's script uploads a chosen image at once (the spec's 'Image uploaded successfully'). */
export async function uploadAhead(formData: FormData, oversized: boolean) {
  if (oversized) {
    return data<PostEditorActionData>(
      { kind: "upload", ok: false, toast: { title: POST_MESSAGES.fileTooLarge, description: IMAGE_TOO_LARGE } },
      { status: 400 },
    );
  }
  const file = formData.get("hero_image");
  const outcome = await storeUpload(BLOG_IMAGES, file instanceof File ? file : undefined);
  switch (outcome.status) {
    case "stored":
      return data<PostEditorActionData>({
        kind: "upload",
        ok: true,
        image: { ...outcome.image, name: fileNameOf(file instanceof File ? file.name : null) },
      });
    case "rejected":
      return data<PostEditorActionData>(
        {
          kind: "upload",
          ok: false,
          toast: { title: imageRefusalTitle(outcome.message), description: outcome.message },
        },
        { status: 400 },
      );
    case "failed":
      return data<PostEditorActionData>(
        {
          kind: "upload",
          ok: false,
          toast: { title: POST_MESSAGES.uploadFailed, description: POST_MESSAGES.imageStoreFailed },
        },
        { status: 500 },
      );
    case "none":
      return data<PostEditorActionData>(
        {
          kind: "upload",
          ok: false,
          toast: { title: POST_MESSAGES.uploadFailed, description: "Please choose an image." },
        },
        { status: 400 },
      );
  }
}
