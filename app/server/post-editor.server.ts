// The post editor's server side (/admin/blog/new and /admin/blog/edit/{id}): what the form starts with,
// and what a submission does: save the post, preview its content (storing nothing), or (from the page's
// script) upload or discard an image ahead of saving. Also the live preview's resource route.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { site } from "~/content/site";
import { isRowId } from "~/lib/admin-list";
import { FIX_FIELDS_MESSAGE } from "~/lib/form-result";
import { IMAGE_TOO_LARGE, IMAGE_UNREADABLE, MAX_IMAGE_BYTES } from "~/lib/image-rules";
import { POST_MESSAGES, postSchema, publishInstant, UPLOADED_IMAGE_KEY } from "~/lib/schemas/post";
import type {
  MarkdownPreviewResult,
  PendingImage,
  PostEditorActionData,
  PostEditorLoaderData,
  PostEditorValues,
} from "~/lib/post-editor";
import { toStoreDateTimeLocal } from "~/lib/store-time";
import { type AdminPost, getPostForAdmin, isImageKeyInUse, savePost } from "~/models/post-admin.server";
import { listAllTerms } from "~/models/post-terms.server";
import { SlugTakenError } from "~/models/posts.server";
import { storeUpload } from "./admin-uploads.server";
import { renderMarkdown } from "./markdown.server";
import type { AdminUser } from "./auth.server";
import { type FormBody, type FormBodyLimits, readFormBody } from "./form-body.server";
import { deleteImage, type StoredImage } from "./images.server";
import { getObject, publicUrl } from "./storage.server";
import { logger } from "./logger.server";

export const POSTS_PATH = "/admin/blog";
export const BLOG_IMAGES = "blog-images";

/** The editor's body: up to 100,000 characters of content (4 bytes each at most), the image, and term checkboxes. */
export const POST_FORM_LIMITS: FormBodyLimits = {
  maxFileSize: MAX_IMAGE_BYTES,
  maxTotalSize: MAX_IMAGE_BYTES + 1024 * 1024,
  maxFiles: 1,
  maxParts: 5000,
};

/** The live preview's text: the content alone, up to 100,000 characters of 4 bytes each. */
export const MARKDOWN_PREVIEW_LIMITS: FormBodyLimits = {
  maxFileSize: 512 * 1024,
  maxTotalSize: 520 * 1024,
  maxFiles: 0,
  maxParts: 4,
};

export const editPath = (id: string) => `${POSTS_PATH}/edit/${id}`;
export const previewPath = (id: string) => `${POSTS_PATH}/preview/${id}`;

function isVisible(post: AdminPost, now: Date): boolean {
  return post.status === "published" && post.published_at !== null && post.published_at <= now;
}

/** The editor's data: the post (or a new one's defaults) and every category and tag to pick from. */
export async function loadPostEditor(id: string | null, now = new Date()) {
  let post: AdminPost | null = null;
  if (id !== null) {
    post = isRowId(id) ? await getPostForAdmin(id) : null;
    if (!post)
      throw await redirectWithError(POSTS_PATH, { message: POST_MESSAGES.error, description: POST_MESSAGES.gone });
  }
  const [categories, tags] = [await listAllTerms("categories"), await listAllTerms("tags")];
  const values: PostEditorValues = post
    ? {
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt ?? "",
        content: post.content,
        meta_title: post.meta_title ?? "",
        meta_description: post.meta_description ?? "",
        status: post.status,
        // A draft has no date: the field offers now, should it become scheduled or published.
        published_at: toStoreDateTimeLocal(post.published_at ?? now),
        published_at_saved: post.published_at?.toISOString() ?? "",
        author: post.author,
        category_ids: post.categories.map((c) => c.id),
        tag_ids: post.tags.map((t) => t.id),
      }
    : {
        title: "",
        slug: "",
        excerpt: "",
        content: "",
        meta_title: "",
        meta_description: "",
        status: "draft",
        published_at: toStoreDateTimeLocal(now),
        published_at_saved: "",
        author: site.teamName,
        category_ids: [],
        tag_ids: [],
      };
  const loaderData: PostEditorLoaderData = {
    previewHtml: values.content ? renderMarkdown(values.content) : "",
    post: post
      ? {
          id: post.id,
          slug: post.slug,
          heroImageUrl: post.hero_image_url,
          isPublic: isVisible(post, now),
          previewHref: previewPath(post.id),
        }
      : null,
    values,
    categories,
    tags,
  };
  return loaderData;
}

/** The name a file was chosen under, as the page may show it (never a path; at most 200 characters). */
function fileNameOf(name: unknown): string | null {
  if (typeof name !== "string") return null;
  const base = name.split(/[\\/]/).pop()!.trim();
  return base ? Array.from(base).slice(0, 200).join("") : null;
}

/** An image uploaded earlier (ahead of saving) that may become this post's: stored, and no other post's. */
async function adoptUploadedImage(formData: FormData, postId: string | null): Promise<PendingImage | null> {
  const key = formData.get("uploaded_image_key")?.toString();
  if (!key || !UPLOADED_IMAGE_KEY.test(key)) return null;
  if (await isImageKeyInUse(key, postId)) return null;
  if (!(await getObject(BLOG_IMAGES, key))) return null;
  return { key, url: publicUrl(BLOG_IMAGES, key), name: fileNameOf(formData.get("uploaded_image_name")) };
}

/** Removes an image uploaded ahead of saving, unless a post shows it. */
async function discardUploadedImage(key: string | null | undefined): Promise<boolean> {
  if (!key || !UPLOADED_IMAGE_KEY.test(key)) return false;
  if (await isImageKeyInUse(key)) return false;
  await deleteImage(BLOG_IMAGES, key);
  return true;
}

function imageRejectionTitle(message: string): string {
  if (message === IMAGE_TOO_LARGE) return POST_MESSAGES.fileTooLarge;
  return message === IMAGE_UNREADABLE ? POST_MESSAGES.uploadFailed : POST_MESSAGES.invalidFileType;
}

/** The page's script uploads a chosen image at once (the spec's 'Image uploaded successfully'). */
async function uploadAhead(formData: FormData, oversized: boolean) {
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
          toast: { title: imageRejectionTitle(outcome.message), description: outcome.message },
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

/**
 * Saves the editor's submission. Success goes back to /admin/blog with the spec's toast; anything else
 * answers with the form's values and errors (and any image already stored, so it need not be chosen again).
 */
export async function postEditorAction(request: Request, actor: AdminUser, id: string | null, now = new Date()) {
  let existing: AdminPost | null = null;
  if (id !== null) {
    existing = isRowId(id) ? await getPostForAdmin(id) : null;
    if (!existing) {
      return redirectWithError(POSTS_PATH, { message: POST_MESSAGES.error, description: POST_MESSAGES.gone });
    }
  }

  const body = await readFormBody(request, POST_FORM_LIMITS);
  if (!body.ok) {
    return data<PostEditorActionData>(
      {
        kind: "save",
        result: { status: "error", error: { "": [body.message] } },
        toast: { title: POST_MESSAGES.error, description: body.message },
        pendingImage: null,
      },
      { status: body.status },
    );
  }
  const formData = body.formData;
  const intent = formData.get("intent");
  if (intent === "preview") return previewSubmission(body, existing?.id ?? null);
  if (intent === "upload-image") return uploadAhead(formData, body.oversizedPart);
  if (intent === "discard-image") {
    return data<PostEditorActionData>({
      kind: "discard",
      ok: await discardUploadedImage(formData.get("key")?.toString()),
    });
  }

  const submission = parseWithZod(formData, { schema: postSchema });
  const pending = await adoptUploadedImage(formData, existing?.id ?? null);

  const fail = (
    status: number,
    toast: { title: string; description: string },
    pendingImage: PendingImage | null,
    fieldErrors?: Record<string, string[]>,
    formErrors: string[] = [toast.description],
  ) =>
    data<PostEditorActionData>(
      { kind: "save", result: submission.reply({ formErrors, fieldErrors }), toast, pendingImage },
      { status },
    );

  // Reading stopped at the oversized image (the form's last field): every field before it is kept.
  if (body.oversizedPart) {
    return fail(400, { title: POST_MESSAGES.fileTooLarge, description: IMAGE_TOO_LARGE }, pending, {
      hero_image: [IMAGE_TOO_LARGE],
    });
  }

  const file = formData.get("hero_image");
  const chosen = file instanceof File ? file : undefined;

  if (submission.status !== "success") {
    // Keep a good image chosen with this submission, so the admin need not choose it again.
    let kept = pending;
    const fieldErrors: Record<string, string[]> = {};
    if (chosen) {
      const outcome = await storeUpload(BLOG_IMAGES, chosen);
      if (outcome.status === "stored") {
        if (pending) await discardUploadedImage(pending.key);
        kept = { ...outcome.image, name: fileNameOf(chosen.name) };
      } else if (outcome.status === "rejected") {
        fieldErrors.hero_image = [outcome.message];
      }
    }
    return fail(400, { title: POST_MESSAGES.error, description: FIX_FIELDS_MESSAGE }, kept, fieldErrors, [
      FIX_FIELDS_MESSAGE,
    ]);
  }
  const value = submission.value;

  // The image: a new file wins; else 'Remove image'; else one uploaded ahead; else the saved one stays.
  let stored: StoredImage | null = null;
  if (chosen) {
    const outcome = await storeUpload(BLOG_IMAGES, chosen);
    if (outcome.status === "rejected") {
      return fail(400, { title: imageRejectionTitle(outcome.message), description: outcome.message }, pending, {
        hero_image: [outcome.message],
      });
    }
    if (outcome.status === "failed") {
      return fail(500, { title: POST_MESSAGES.uploadFailed, description: POST_MESSAGES.imageStoreFailed }, pending, {
        hero_image: [POST_MESSAGES.imageStoreFailed],
      });
    }
    if (outcome.status === "stored") stored = outcome.image;
  }
  const image: { key: string | null; url: string | null } = stored
    ? stored
    : value.remove_image
      ? { key: null, url: null }
      : pending
        ? pending
        : { key: existing?.hero_image_key ?? null, url: existing?.hero_image_url ?? null };

  try {
    const saved = await savePost(
      existing?.id ?? null,
      {
        title: value.title,
        slug: value.slug,
        excerpt: value.excerpt ?? null,
        content: value.content ?? "",
        metaTitle: value.meta_title ?? null,
        metaDescription: value.meta_description ?? null,
        author: value.author ?? null,
        status: value.status,
        publishedAt: publishInstant(value, now),
        heroImageUrl: image.url,
        heroImageKey: image.key,
        categoryIds: value.category_ids,
        tagIds: value.tag_ids,
        newCategoryNames: value.new_categories,
        newTagNames: value.new_tags,
      },
      actor,
      now,
    );
    if (!saved) {
      if (stored) await deleteImage(BLOG_IMAGES, stored.key);
      return redirectWithError(POSTS_PATH, { message: POST_MESSAGES.error, description: POST_MESSAGES.gone });
    }
    // Files no longer shown: the replaced or removed image, and an upload that was not used after all.
    const oldKey = saved.before?.hero_image_key;
    if (oldKey && oldKey !== saved.after.hero_image_key) await deleteImage(BLOG_IMAGES, oldKey);
    if (pending && pending.key !== saved.after.hero_image_key) await discardUploadedImage(pending.key);
    return redirectWithSuccess(POSTS_PATH, {
      message: existing ? POST_MESSAGES.updated : POST_MESSAGES.created,
      description: POST_MESSAGES.saved,
    });
  } catch (error) {
    if (error instanceof SlugTakenError) {
      const kept = stored ? { ...stored, name: fileNameOf(chosen?.name) } : pending;
      return fail(400, { title: POST_MESSAGES.error, description: POST_MESSAGES.slugTaken }, kept, {
        slug: [POST_MESSAGES.slugTaken],
      });
    }
    logger.error({ err: error }, `Could not ${existing ? "update" : "create"} a post`);
    if (stored) await deleteImage(BLOG_IMAGES, stored.key);
    return fail(500, { title: POST_MESSAGES.error, description: POST_MESSAGES.saveFailed }, pending);
  }
}

/**
 * 'Update preview' (the editor without JavaScript): the same page again with the values as typed and the
 * content rendered through the post page's sanitizer. Nothing is stored: no post, no term, no file (a file
 * sent along is dropped, and the page says so); errors wait for 'Save'.
 */
async function previewSubmission(body: Extract<FormBody, { ok: true }>, postId: string | null) {
  const { formData } = body;
  const submission = parseWithZod(formData, { schema: postSchema });
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { error, status, ...typed } = submission.reply();
  const content = formData.get("content");
  const file = formData.get("hero_image");
  let droppedFile: string | null = null;
  if (file instanceof File && (file.size > 0 || file.name)) droppedFile = fileNameOf(file.name) ?? "The chosen file";
  else if (body.oversizedPart) droppedFile = "The chosen file";
  return data<PostEditorActionData>({
    kind: "preview",
    result: typed,
    html: typeof content === "string" ? renderMarkdown(content) : "",
    pendingImage: await adoptUploadedImage(formData, postId),
    droppedFile,
  });
}

/**
 * The live preview (the editor's script posts the Content field as it is typed): the markdown rendered
 * and sanitized exactly as the post page does it. Admins only; stores nothing.
 */
export async function markdownPreviewAction(request: Request) {
  const headers = { "Cache-Control": "no-store" };
  const body = await readFormBody(request, MARKDOWN_PREVIEW_LIMITS);
  if (!body.ok || body.oversizedPart) {
    const message = body.ok ? POST_MESSAGES.contentTooLong : body.message;
    return Response.json({ ok: false, message } satisfies MarkdownPreviewResult, {
      status: body.ok ? 413 : body.status,
      headers,
    });
  }
  const content = body.formData.get("content");
  const html = typeof content === "string" ? renderMarkdown(content) : "";
  return Response.json({ ok: true, html } satisfies MarkdownPreviewResult, { headers });
}
