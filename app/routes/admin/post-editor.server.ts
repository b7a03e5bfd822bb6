// The post editor's server side (/admin/blog/new and /admin/blog/edit/{id}): what the form starts with,
// and what a submission does: save the post, preview its content (storing nothing), or (from the page's
// script) upload or discard an image ahead of saving (post-editor-images.server.ts). The live preview as the
// admin types is its own resource route (blog-markdown-preview.ts).
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { site } from "~/content/site";
import { isRowId } from "~/lib/admin-list";
import type { AdvertisingRefusal } from "~/lib/ad-rules/override";
import { FIX_FIELDS_MESSAGE } from "~/lib/form-result";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from "~/lib/image-rules";
import { POST_MESSAGES, postSchema, publishInstant } from "~/lib/schemas/post";
import {
  DISCARD_IMAGE_INTENT,
  imageRefusalTitle,
  metaTitleOwnWords,
  type PendingImage,
  type PostEditorActionData,
  type PostEditorLoaderData,
  type PostEditorValues,
  UPLOAD_IMAGE_INTENT,
} from "~/lib/post-editor";
import { toStoreDateTimeLocal } from "~/lib/store-time";
import { type AdminPost, getPostForAdmin, savePost } from "~/models/post-admin.server";
import { listAllTerms } from "~/models/post-terms.server";
import { SlugTakenError } from "~/models/posts.server";
import { storeUpload } from "~/server/admin-uploads.server";
import { renderMarkdown } from "~/server/markdown.server";
import {
  advertisingGate,
  advertisingJudge,
  AdvertisingRefused,
  type AdvertisingWords,
} from "~/services/advertising.server";
import type { AdminUser } from "~/services/auth.server";
import { type FormBody, type FormBodyLimits, readFormBody } from "~/server/form-body.server";
import { deleteImage, type StoredImage } from "~/server/images.server";
import { logger } from "~/server/logger.server";
import {
  adoptUploadedImage,
  BLOG_IMAGES,
  discardUploadedImage,
  fileNameOf,
  uploadAhead,
} from "./post-editor-images.server";

// The list page (blog.tsx) deletes a post's image from the same bucket.

export const POSTS_PATH = "/admin/blog";

/** The editor's body: up to 100,000 characters of content (4 bytes each at most), the image, and term checkboxes. */
export const POST_FORM_LIMITS: FormBodyLimits = {
  maxFileSize: MAX_IMAGE_BYTES,
  maxTotalSize: MAX_IMAGE_BYTES + 1024 * 1024,
  maxFiles: 1,
  maxParts: 5000,
};

export const editPath = (id: string) => `${POSTS_PATH}/edit/${id}`;
export const previewPath = (id: string) => `${POSTS_PATH}/preview/${id}`;

/** Whether the post is on the blog now: published, with its publish date past. */
export function isVisible(post: AdminPost, now: Date): boolean {
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
  if (intent === UPLOAD_IMAGE_INTENT) return uploadAhead(formData, body.oversizedPart);
  if (intent === DISCARD_IMAGE_INTENT) {
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
    advertising?: AdvertisingRefusal,
  ) =>
    data<PostEditorActionData>(
      { kind: "save", result: submission.reply({ formErrors, fieldErrors }), toast, pendingImage, advertising },
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

  // A refused save keeps a good image chosen with it, so the admin need not choose it again.
  const keepChosenImage = async () => {
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
    return { kept, fieldErrors };
  };

  if (submission.status !== "success") {
    const { kept, fieldErrors } = await keepChosenImage();
    return fail(400, { title: POST_MESSAGES.error, description: FIX_FIELDS_MESSAGE }, kept, fieldErrors, [
      FIX_FIELDS_MESSAGE,
    ]);
  }
  const value = submission.value;

  // A scheduled or published post is advertising: findings in the words it publishes anew need "Publish anyway"
  // and a reason. A first look against the post as read above (refused before any image is stored), and the
  // word that counts inside the save's transaction, against the post as it reads it (savePost).
  const wordsOf = (stored: AdminPost | undefined): AdvertisingWords => ({
    fields: {
      title: value.title,
      excerpt: value.excerpt,
      content: value.content,
      // Filled in from the title, the meta title's words are the title's: judged (and logged) once, there.
      meta_title: metaTitleOwnWords(value.meta_title, value.title),
      meta_description: value.meta_description,
    },
    publishing: value.status !== "draft",
    stored: stored && {
      fields: {
        title: stored.title,
        excerpt: stored.excerpt,
        content: stored.content,
        meta_title: metaTitleOwnWords(stored.meta_title, stored.title),
        meta_description: stored.meta_description,
      },
      published: stored.status !== "draft",
    },
  });
  const words = wordsOf(existing ?? undefined);
  const gate = await advertisingGate(words.fields, formData, words.publishing, words.stored);
  const judge = await advertisingJudge(formData, wordsOf);
  if (!gate.ok) {
    const { kept, fieldErrors } = await keepChosenImage();
    return fail(
      400,
      { title: POST_MESSAGES.error, description: gate.message },
      kept,
      fieldErrors,
      [gate.message],
      gate.refusal,
    );
  }

  // The image: a new file wins; else 'Remove image'; else one uploaded ahead; else the saved one stays.
  let stored: StoredImage | null = null;
  if (chosen) {
    const outcome = await storeUpload(BLOG_IMAGES, chosen);
    if (outcome.status === "rejected") {
      return fail(400, { title: imageRefusalTitle(outcome.message), description: outcome.message }, pending, {
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
      judge,
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
    if (error instanceof AdvertisingRefused) {
      // The stored words changed since the first look (another admin's save).
      const kept = stored ? { ...stored, name: fileNameOf(chosen?.name) } : pending;
      const { message, refusal } = error.gate;
      return fail(400, { title: POST_MESSAGES.error, description: message }, kept, undefined, [message], refusal);
    }
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
