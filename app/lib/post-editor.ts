// What the post editor's server side hands its page (app/routes/admin/post-editor.server.ts → components/admin/
// post-editor.tsx): shapes only, so the component never imports a server module. Also what both sides name
// alike: the intents of the page's script (with the routes' rule for them) and a refused image's title.
import type { SubmissionResult } from "@conform-to/react";
import type { AdvertisingRefusal } from "./ad-rules/override";
import type { ShouldRevalidateFunction } from "react-router";
import { IMAGE_TOO_LARGE, IMAGE_UNREADABLE } from "./image-rules";
import { POST_LIMITS, POST_MESSAGES, type PostStatusValue } from "./schemas/post";

/** The page's script uploading a chosen image at once, ahead of saving. */
export const UPLOAD_IMAGE_INTENT = "upload-image";
/** The page's script discarding such an upload, replaced or removed before the post was saved. */
export const DISCARD_IMAGE_INTENT = "discard-image";

/** The editor routes' shouldRevalidate: an image uploaded or discarded ahead of saving changes nothing loaded. */
export const postEditorShouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get("intent");
  if (intent === UPLOAD_IMAGE_INTENT || intent === DISCARD_IMAGE_INTENT) return false;
  return defaultShouldRevalidate;
};

/** A refused image's toast title, the same whether the page's script or the server refused it. */
export function imageRefusalTitle(problem: string): string {
  if (problem === IMAGE_TOO_LARGE) return POST_MESSAGES.fileTooLarge;
  return problem === IMAGE_UNREADABLE ? POST_MESSAGES.uploadFailed : POST_MESSAGES.invalidFileType;
}

/** A category or tag offered as a checkbox. */
export interface EditorTerm {
  id: string;
  name: string;
  slug: string;
}

/** The form's starting values, as the inputs hold them. */
export interface PostEditorValues {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  meta_title: string;
  meta_description: string;
  status: PostStatusValue;
  /** Store-zone wall-clock time for the datetime-local input. */
  published_at: string;
  /** The saved instant (ISO) or "". */
  published_at_saved: string;
  author: string;
  category_ids: string[];
  tag_ids: string[];
}

export interface PostEditorLoaderData {
  post: {
    id: string;
    slug: string;
    heroImageUrl: string | null;
    isPublic: boolean;
    previewHref: string;
  } | null;
  values: PostEditorValues;
  /** The saved content rendered and sanitized, as the post page shows it ("" for a new post). */
  previewHtml: string;
  categories: EditorTerm[];
  tags: EditorTerm[];
}

/** An image stored ahead of saving, with the name of the file it came from when the page knows it. */
export interface PendingImage {
  key: string;
  url: string;
  name: string | null;
}

export type PostEditorActionData =
  | {
      kind: "save";
      result: SubmissionResult<string[]>;
      toast: { title: string; description: string };
      /** An image stored from this submission (or an earlier one) that the form keeps until it is saved. */
      pendingImage: PendingImage | null;
      /** Refused for the words' advertising findings: each field's, and whether only the reason was missing. */
      advertising?: AdvertisingRefusal;
    }
  | {
      /** 'Update preview' without JavaScript: the form as typed, and its content rendered. Nothing is stored. */
      kind: "preview";
      result: SubmissionResult<string[]>;
      html: string;
      pendingImage: PendingImage | null;
      /** The name of a file sent along, which a preview does not keep (the admin chooses it again). */
      droppedFile: string | null;
    }
  | { kind: "upload"; ok: true; image: PendingImage }
  | { kind: "upload"; ok: false; toast: { title: string; description: string } }
  | { kind: "discard"; ok: boolean };

export type MarkdownPreviewResult = { ok: true; html: string } | { ok: false; message: string };

/** The meta title a title fills in while the meta title follows it: the title's first 60 characters. */
export function metaTitleFrom(title: string): string {
  return Array.from(title.trim()).slice(0, POST_LIMITS.metaTitle).join("");
}

/**
 * The meta title's own words, as the advertising checker reads them: none while it is empty (the page uses
 * the title) or holds just the title's words (filled in from it), whose findings the title already shows.
 */
export function metaTitleOwnWords(metaTitle: string | null | undefined, title: string | null | undefined): string {
  const own = (metaTitle ?? "").trim();
  return own === metaTitleFrom(title ?? "") ? "" : own;
}
