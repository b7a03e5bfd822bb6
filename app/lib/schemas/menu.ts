import { z } from "zod";
import { listHref } from "~/lib/admin-list";
import { CATALOG_FIELDS, type CatalogField } from "~/lib/catalog";
import { imageUploadField } from "./admin-fields";

// Admin → Menu: the hand-edit dialog of a catalog product, the list's filters, and the forms of a POS export's
// import (upload, match the columns, apply). Shared by the browser's checks and the server's.

export const MENU_PATH = "/admin/menu";
export const MENU_IMPORT_PATH = "/admin/menu/import";
/** The address's parameter of the reset confirmation (?reset=<id>), a dialog over the list like ?edit=<id>. */
export const RESET_PARAM = "reset";

/** The list's address with some parameters changed: its dialogs (edit, reset) dropped unless asked for. */
export const menuListHref = (search: string | URLSearchParams, changes: Record<string, string | null> = {}) =>
  listHref(MENU_PATH, search, { [RESET_PARAM]: null, ...changes });

export const MENU_FILTERS = [
  { value: "all", label: "All" },
  { value: "hidden", label: "Hidden" },
  { value: "edited", label: "Edited by hand" },
  { value: "out-of-stock", label: "Out of stock" },
  { value: "advertising", label: "Advertising findings" },
  { value: "unweighed", label: "Weight not listed" },
] as const;

export type MenuFilter = (typeof MENU_FILTERS)[number]["value"];

export function parseMenuFilter(value: string | null): MenuFilter {
  return MENU_FILTERS.find((filter) => filter.value === value)?.value ?? "all";
}

export const MENU_DESCRIPTION_MAX = 5000;

/**
 * The product dialog: the owner's description (blank, or the source's own text, means the source's), the
 * source's photo again, hiding it from the menu, and a photo of their own (last: an oversized file stops the
 * reading, and the fields before it still arrive).
 */
export const menuProductSchema = z.object({
  description: z
    .string()
    .max(MENU_DESCRIPTION_MAX, `Description must be at most ${MENU_DESCRIPTION_MAX.toLocaleString("en-US")} characters`)
    .optional(),
  is_hidden: z.boolean().optional().default(false),
  use_source_image: z.boolean().optional().default(false),
  image: imageUploadField(),
});

export const MENU_MESSAGES = {
  updated: "Product saved",
  updateFailed: "Failed to save the product",
  imageUploaded: "Photo uploaded",
  uploadFailed: "Failed to upload the photo",
  gone: "This product is no longer in the catalog.",
  saveFailed: "The product could not be saved. Please try again.",
  reset: "Product reset to the source",
  resetFailed: "Failed to reset the product",
  confirmReset:
    "Your description, photo and hiding of this product are removed: the menu shows what the source says again.",
  // The list's building blocks name these; products are never added or deleted by hand.
  created: "Product saved",
  createFailed: "Products come from an import or the menu provider: they cannot be added by hand.",
  deleted: "Product removed",
  deleteFailed: "Products cannot be deleted by hand: hide them instead.",
} as const;

// The import of a POS export.

/** The largest export accepted (the reader's limit, services/catalog/pos-csv.server.ts). */
export const MENU_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const MENU_IMPORT_TOO_LARGE =
  "The file is larger than 20 MB. Export only the columns the menu needs, or fewer products.";
/** The name of an export ("POS export"), at most this long: stored as the source "csv:<name>" (80 at most). */
export const EXPORT_NAME_MAX = 76;
export const DEFAULT_EXPORT_NAME = "POS export";

/** The catalog's source for an export's name, and back. */
export const csvSource = (exportName: string) => `csv:${exportName}`;
export const exportNameOf = (source: string) => source.replace(/^csv:/, "");

/** Step 1: which export it is, and the file (last, for the same reason as the photo above). */
export const menuUploadSchema = z.object({
  source: z
    .string({ error: "Name the export, e.g. “POS export”" })
    .trim()
    .min(1, "Name the export, e.g. “POS export”")
    .max(EXPORT_NAME_MAX, `The export's name must be at most ${EXPORT_NAME_MAX} characters`),
  file: z.file({ error: "Choose the CSV file to upload" }).max(MENU_IMPORT_MAX_BYTES, MENU_IMPORT_TOO_LARGE),
});

/** What a field's select sends when the file has no such column. */
export const NOT_IN_FILE = "";
export const UNKNOWN_COLUMN = "Unknown column: the file has no column of that name.";

/**
 * Step 2: for each catalog field, the column of the file (its header) that holds it. `columns` is the file's
 * header row: a required field left out, or a column the file does not have (a crafted post), is refused per
 * field.
 */
export function menuMappingSchema(columns: readonly string[]) {
  const known = new Set(columns.map((column) => column.toLowerCase()));
  const shape = Object.fromEntries(
    CATALOG_FIELDS.map((field) => {
      const column = z
        .string()
        .trim()
        .max(200)
        .optional()
        .refine((value) => !value || known.has(value.toLowerCase()), UNKNOWN_COLUMN);
      return [
        field.key,
        field.required
          ? column.refine((value) => !!value, `Choose the column that holds the ${field.label.toLowerCase()}`)
          : column,
      ];
    }),
  ) as Record<CatalogField, z.ZodOptional<z.ZodString>>;
  // prefault: with no field at all, the required ones still say what is missing.
  return z.object({ mapping: z.object(shape).prefault({}) });
}

export const IMPORT_MESSAGES = {
  uploadFailed: "The file was not uploaded",
  uploadGone: "This upload is no longer waiting",
  uploadGoneDescription: "Uploads wait for a day, and go once applied or cancelled. Upload the file again.",
  mappingFailed: "Check the columns",
  categoriesFailed: "Choose a category for each",
  fileRefused: "The file cannot be imported",
  cancelled: "Import cancelled: nothing changed",
  nothingChanged: "Nothing changed",
  nothingChangedDescription: "The menu already matched this file.",
} as const;

/** The toast after an import: "Menu updated: 12 new, 3 changed, 1 no longer listed". */
export function importedMessage(counts: { added: number; changed: number; removed: number }): string {
  return `Menu updated: ${counts.added} new, ${counts.changed} changed, ${counts.removed} no longer listed`;
}
