import { z } from "zod";
import { slugify } from "~/lib/slug";
import { fromStoreDateTimeLocal, isStoreDateTimeLocal } from "~/lib/store-time";
import { imageUploadField } from "./admin-fields";

/** The spec's limits: title, excerpt and content "under" 200, 500 and 100000; meta inputs capped at 60 and 160. */
export const POST_LIMITS = {
  title: 199,
  excerpt: 499,
  content: 99_999,
  metaTitle: 60,
  metaDescription: 160,
  author: 100,
  slug: 200,
  termName: 100,
  /** The "new categories/tags" text box. */
  newTerms: 1000,
} as const;

export const POST_STATUSES = ["draft", "scheduled", "published"] as const;
export type PostStatusValue = (typeof POST_STATUSES)[number];
export const POST_STATUS_LABELS: Record<PostStatusValue, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

export const POST_MESSAGES = {
  titleRequired: "Title is required",
  titleTooLong: "Title must be less than 200 characters",
  excerptTooLong: "Excerpt must be less than 500 characters",
  contentTooLong: "Content must be less than 100000 characters",
  metaTitleTooLong: "Meta title must be at most 60 characters",
  metaDescriptionTooLong: "Meta description must be at most 160 characters",
  authorTooLong: `Author must be at most ${POST_LIMITS.author} characters`,
  slugTooLong: `Slug must be at most ${POST_LIMITS.slug} characters`,
  slugTaken: "This slug is already in use",
  slugFromTitleImpossible: "Enter a slug: the title has no letters or digits to make one from",
  statusInvalid: "Please choose a status",
  publishDateInvalid: "Please enter a valid publish date",
  termNameTooLong: `Each name must be at most ${POST_LIMITS.termName} characters`,
  termNameEmpty: "Each name needs at least one letter or digit",
  newTermsTooLong: `List at most ${POST_LIMITS.newTerms} characters of new names`,
  // Toasts (spec §8).
  created: "Post created",
  updated: "Post updated",
  saved: "Your blog post has been saved successfully.",
  error: "Error",
  deleted: "Post deleted",
  deleteFailed: "Failed to delete the post. Please try again.",
  saveFailed: "The post could not be saved. Please try again.",
  gone: "This post no longer exists.",
  imageUploaded: "Image uploaded successfully",
  uploadFailed: "Upload failed",
  imageStoreFailed: "The image could not be stored. Please try again.",
  fileTooLarge: "File too large",
  invalidFileType: "Invalid file type",
} as const;

/** Browsers send a textarea's line breaks as CRLF: count each as one character, as the page showed it. */
const normalizeNewlines = (text: string) => text.replace(/\r\n?/g, "\n");

/** Names typed into "New categories/tags, comma-separated": trimmed, blanks dropped, each slug once. */
export function splitTermNames(text: string | undefined): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const raw of (text ?? "").split(",")) {
    const name = raw.replace(/\s+/g, " ").trim();
    const slug = slugify(name);
    if (!name || seen.has(slug || name)) continue;
    seen.add(slug || name);
    names.push(name);
  }
  return names;
}

function newTermsField() {
  return z
    .string()
    .max(POST_LIMITS.newTerms, POST_MESSAGES.newTermsTooLong)
    .optional()
    .transform(splitTermNames)
    .superRefine((names, context) => {
      if (names.some((name) => name.length > POST_LIMITS.termName)) {
        context.addIssue({ code: "custom", message: POST_MESSAGES.termNameTooLong });
      } else if (names.some((name) => !slugify(name))) {
        context.addIssue({ code: "custom", message: POST_MESSAGES.termNameEmpty });
      }
    });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Keys of images uploaded to the blog-images bucket: a random UUID, the image's size, its extension. */
export const UPLOADED_IMAGE_KEY =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-\d{1,5}x\d{1,5})?\.(jpg|jpeg|png|webp|gif)$/;

/** An address part typed freely ("My Post!") and kept as the spec's slug ("my-post"); empty means "from the title". */
const slugField = z
  .string()
  .trim()
  .max(POST_LIMITS.slug, POST_MESSAGES.slugTooLong)
  .optional()
  .transform((value) => (value ? slugify(value) : ""));

/**
 * The post editor (/admin/blog/new, /admin/blog/edit/{id}). Only the title is required (the database needs
 * one); an empty slug is made from the title. The browser (conform) and the server validate with it.
 */
export const postSchema = z
  .object({
    title: z
      .string({ error: POST_MESSAGES.titleRequired })
      .trim()
      .min(1, POST_MESSAGES.titleRequired)
      .max(POST_LIMITS.title, POST_MESSAGES.titleTooLong),
    slug: slugField,
    excerpt: z
      .string()
      .transform(normalizeNewlines)
      .pipe(z.string().trim().max(POST_LIMITS.excerpt, POST_MESSAGES.excerptTooLong))
      .optional(),
    content: z
      .string()
      .transform(normalizeNewlines)
      .pipe(z.string().max(POST_LIMITS.content, POST_MESSAGES.contentTooLong))
      .optional(),
    meta_title: z.string().trim().max(POST_LIMITS.metaTitle, POST_MESSAGES.metaTitleTooLong).optional(),
    meta_description: z
      .string()
      .transform(normalizeNewlines)
      .pipe(z.string().trim().max(POST_LIMITS.metaDescription, POST_MESSAGES.metaDescriptionTooLong))
      .optional(),
    status: z.enum(POST_STATUSES, { error: POST_MESSAGES.statusInvalid }),
    /** Wall-clock time in the stores' zone; blank means now. Ignored for drafts. */
    published_at: z.string().trim().optional(),
    /** The saved instant (ISO), so an untouched date keeps its seconds. */
    published_at_saved: z.string().optional(),
    author: z.string().trim().max(POST_LIMITS.author, POST_MESSAGES.authorTooLong).optional(),
    category_ids: z.array(z.string().regex(UUID)).optional().default([]),
    tag_ids: z.array(z.string().regex(UUID)).optional().default([]),
    new_categories: newTermsField(),
    new_tags: newTermsField(),
    /** An image uploaded ahead of saving (with JavaScript, or kept from a submission that had errors). */
    uploaded_image_key: z.string().regex(UPLOADED_IMAGE_KEY).optional(),
    remove_image: z.boolean().optional().default(false),
    // Last in the form: if the file is too large, the server still reads every field before it.
    hero_image: imageUploadField(),
  })
  .superRefine((value, context) => {
    if (!value.slug && value.title && !slugify(value.title)) {
      context.addIssue({ code: "custom", path: ["slug"], message: POST_MESSAGES.slugFromTitleImpossible });
    }
    if (value.status !== "draft" && value.published_at && !isStoreDateTimeLocal(value.published_at)) {
      context.addIssue({ code: "custom", path: ["published_at"], message: POST_MESSAGES.publishDateInvalid });
    }
  });

export type PostSubmission = z.infer<typeof postSchema>;

/**
 * The instant to store: none for a draft; for scheduled and published the entered store-zone time, the
 * saved instant when the field still shows it, or now when blank.
 */
export function publishInstant(value: PostSubmission, now: Date): Date | null {
  if (value.status === "draft") return null;
  if (!value.published_at) return now;
  const saved = value.published_at_saved ? new Date(value.published_at_saved) : null;
  const entered = fromStoreDateTimeLocal(value.published_at);
  if (!entered) return now;
  // The input shows minutes: an untouched date is the saved instant, seconds included.
  if (saved && !Number.isNaN(saved.getTime()) && Math.floor(saved.getTime() / 60_000) * 60_000 === entered.getTime()) {
    return saved;
  }
  return entered;
}

const TERM_NEEDS_LETTER = "Use at least one letter or number: it makes the page's address.";

/** Renaming a category or tag (Admin → Blog → Categories & Tags). */
export const termSchema = z
  .object({
    kind: z.enum(["categories", "tags"]),
    id: z.string().regex(UUID),
    name: z
      .string({ error: "Name is required" })
      .trim()
      .min(1, "Name is required")
      .max(POST_LIMITS.termName, `Name must be at most ${POST_LIMITS.termName} characters`),
    slug: slugField,
  })
  .superRefine((term, context) => {
    // The address is made from the slug, or else the name: it needs a letter or a digit to be one.
    if (!term.slug && !slugify(term.name)) {
      context.addIssue({ code: "custom", path: ["name"], message: TERM_NEEDS_LETTER });
    }
  });
