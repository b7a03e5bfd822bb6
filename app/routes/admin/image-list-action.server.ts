import { redirectWithSuccess } from "remix-toast";
import type { z } from "zod";
import type { OverrideFor } from "~/models/ad-findings.server";
import type { AdminUser } from "~/services/auth.server";
import {
  deleteReplacedImage,
  IMAGE_FORM_LIMITS,
  IMAGE_NOT_STORED,
  uploadForSave,
  withNewImage,
} from "~/server/admin-uploads.server";
import { deleteImage, type StoredImage } from "~/server/images.server";
import type { Bucket } from "~/server/storage.server";
import { failureMessage, type ListActionConfig, listAction, type ListMessages } from "./list-action.server";

// The list action of an area whose rows carry one uploaded image (brands' logos, deal slides, gallery
// photos): the file is stored before the row is written and removed again when the write fails, a
// replaced file is deleted after an update, and a deleted row takes its file with it.

/** An area's toasts, with the optional words of an upload: its own failure, and a note on success. */
export interface ImageListMessages extends ListMessages {
  /** The toast's title when storing the file failed ('Failed to upload image'); else the save's failure. */
  uploadFailed?: string;
  /** The description under 'created' / 'updated' when a file was stored ('Image uploaded successfully'). */
  imageUploaded?: string;
}

/** What a create or update writes from: the form's values, the file just stored (or null), the row before. */
export interface ImageSave<Row, Value> {
  value: Value;
  uploaded: StoredImage | null;
  existing: Row | undefined;
  actor: AdminUser;
  /** The owner's "Publish anyway" over advertising findings, decided in the save: the model logs it. */
  override: OverrideFor<Row>;
}

export interface ImageListConfig<Row extends { id: string }, Schema extends z.ZodType> extends Omit<
  ListActionConfig<Row, Schema>,
  "save" | "limits" | "afterRemove" | "fileField" | "messages"
> {
  messages: ImageListMessages;
  bucket: Bucket;
  /** The form's file field. */
  fileField: string;
  /** The stored file a row points at (its key in the bucket), if it is an upload. */
  imageKey: (row: Row) => string | null;
  create: (save: ImageSave<Row, z.output<Schema>>) => Promise<unknown>;
  /** Updates the row; the rows before and after, or undefined when it is gone. */
  update: (id: string, save: ImageSave<Row, z.output<Schema>>) => Promise<{ before: Row; after: Row } | undefined>;
}

export function imageListAction<Row extends { id: string }, Schema extends z.ZodType>(
  request: Request,
  actor: AdminUser,
  { bucket, fileField, imageKey, create, update, ...config }: ImageListConfig<Row, Schema>,
) {
  const { messages } = config;
  return listAction(request, actor, {
    ...config,
    limits: IMAGE_FORM_LIMITS,
    fileField,
    afterRemove: async (row) => {
      const key = imageKey(row);
      if (key) await deleteImage(bucket, key);
    },
    save: async ({ intent, existing, value, listUrl, refuse, refuseField, actor, override, gone }) => {
      const file = (value as Record<string, unknown>)[fileField] as File | undefined;
      const upload = await uploadForSave(bucket, file, {
        rejected: (message) => refuseField(fileField, message),
        failed: () =>
          messages.uploadFailed
            ? refuse(500, "error", messages.uploadFailed, { description: IMAGE_NOT_STORED })
            : refuse(500, "error", failureMessage(messages, intent), { description: messages.saveFailed }),
      });
      if (!upload.ok) return upload.reply;
      const uploaded = upload.image;
      const success = (message: string) =>
        redirectWithSuccess(
          listUrl,
          uploaded && messages.imageUploaded ? { message, description: messages.imageUploaded } : message,
        );
      const save = { value, uploaded, existing, actor, override };
      if (intent === "create") {
        await withNewImage(bucket, uploaded, () => create(save));
        return success(messages.created);
      }
      const saved = await withNewImage(bucket, uploaded, () => update(existing!.id, save));
      if (!saved) return gone();
      await deleteReplacedImage(bucket, imageKey(saved.before), imageKey(saved.after));
      return success(messages.updated);
    },
  });
}
