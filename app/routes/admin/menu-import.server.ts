import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { redirectWithError, redirectWithInfo, redirectWithSuccess } from "remix-toast";
import { isRowId } from "~/lib/admin-list";
import { CATALOG_FIELDS, type CategoryMapping, categoryKey, type ColumnMapping } from "~/lib/catalog";
import { FIX_FIELDS_MESSAGE, type FormActionData } from "~/lib/form-result";
import {
  csvSource,
  DEFAULT_EXPORT_NAME,
  exportNameOf,
  IMPORT_MESSAGES,
  importedMessage,
  MENU_IMPORT_MAX_BYTES,
  MENU_IMPORT_TOO_LARGE,
  MENU_IMPORT_PATH,
  MENU_PATH,
  menuMappingSchema,
  menuUploadSchema,
} from "~/lib/schemas/menu";
import {
  type CatalogUpload,
  csvSourcesInUse,
  deleteCatalogUpload,
  getCatalogUpload,
  rememberedCategoryMapping,
  rememberedCsvMapping,
  storeCatalogUpload,
} from "~/models/catalog-admin.server";
import { diffCatalog } from "~/models/catalog.server";
import type { AdminUser } from "~/services/auth.server";
import { readCategoryValues } from "~/services/catalog/pos-categories.server";
import { POS_CSV_MAX_BYTES, readPosCsv } from "~/services/catalog/pos-csv.server";
import { applyPosExport, type ImportCounts } from "~/services/catalog/pos-import.server";
import { type FormBodyLimits, readFormBody } from "~/server/form-body.server";
import { logger } from "~/server/logger.server";
import { checkExportFile, exportColumns, startingMapping } from "./menu-import-file.server";
import { appendCategoryParams, categoriesFrom, categoryRows, choicesFor } from "./menu-import-categories.server";
import { importReport } from "./menu-import-report.server";

// Admin → Menu → Import a POS export, in three steps that are each a plain form post: upload the file (it
// waits in catalog_uploads, named in the address: ?upload=<id>), match its columns to the catalog's fields,
// then see the difference and apply it — the catalog, the run, the remembered mapping and the log entry in
// one transaction, the upload gone with it.

/** The upload form: one CSV of up to 20 MB, and the fields before it. */
const EXPORT_FORM_LIMITS: FormBodyLimits = {
  maxFileSize: POS_CSV_MAX_BYTES,
  maxTotalSize: POS_CSV_MAX_BYTES + 64 * 1024,
  maxFiles: 1,
  maxParts: 40,
};

export type ImportIntent = "upload" | "map" | "categories" | "apply" | "cancel";
export type ImportActionData = FormActionData & { intent: ImportIntent };

/**
 * The step's address: the upload, and the mapping when there is one; `step`: the file's categories, or the
 * difference, with the category choices made so far.
 */
export function importHref(
  uploadId: string,
  mapping?: ColumnMapping,
  step?: "categories" | "review",
  categories: CategoryMapping = {},
): string {
  const params = new URLSearchParams({ upload: uploadId });
  if (step) params.set("step", step);
  for (const field of CATALOG_FIELDS) {
    const column = mapping?.[field.key];
    if (column !== undefined) params.set(`mapping.${field.key}`, column);
  }
  appendCategoryParams(params, categories);
  return `${MENU_IMPORT_PATH}?${params}`;
}

/**
 * After the columns: the file's categories when one of its values has no answer yet (neither the menu's own
 * word nor chosen, now or for this export before), else the difference.
 */
async function afterColumnsHref(upload: CatalogUpload, mapping: ColumnMapping, posted: CategoryMapping) {
  const chosen = { ...(await rememberedCategoryMapping(upload.source)), ...posted };
  const { categories, missing } = choicesFor(readCategoryValues(upload.bytes, mapping), chosen);
  return missing.length > 0
    ? importHref(upload.id, mapping, "categories", posted)
    : importHref(upload.id, mapping, "review", categories);
}

/** Back to the first step, saying the upload is gone (applied, cancelled, older than a day, never was). */
function uploadGone(): Promise<Response> {
  return redirectWithError(MENU_IMPORT_PATH, {
    message: IMPORT_MESSAGES.uploadGone,
    description: IMPORT_MESSAGES.uploadGoneDescription,
  });
}

async function waitingUpload(id: string | null | undefined): Promise<CatalogUpload> {
  const upload = isRowId(id) ? await getCatalogUpload(id) : undefined;
  if (!upload) throw await uploadGone();
  return upload;
}

const uploadView = (upload: CatalogUpload) => ({
  id: upload.id,
  fileName: upload.file_name,
  exportName: exportNameOf(upload.source),
});

/** The mapping the address or a form names ("mapping.<field>"), as the owner chose it ("" = not in the file). */
function mappingFrom(params: URLSearchParams | FormData): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const field of CATALOG_FIELDS) {
    const column = params.get(`mapping.${field.key}`);
    if (typeof column === "string") mapping[field.key] = column.trim();
  }
  return mapping;
}

/** What the page shows for its address: the upload form, the mapping of an upload, or its difference. */
export async function loadImportStep(url: URL) {
  const uploadId = url.searchParams.get("upload");
  if (uploadId === null) {
    const sources = await csvSourcesInUse();
    const exportNames = sources.map(exportNameOf);
    return {
      step: "upload" as const,
      exportNames,
      defaultExportName: exportNames[0] ?? DEFAULT_EXPORT_NAME,
      maxBytes: MENU_IMPORT_MAX_BYTES,
    };
  }
  const upload = await waitingUpload(uploadId);
  const columns = exportColumns(upload.bytes);
  const header = columns.map((column) => column.name);
  const chosen = mappingFrom(url.searchParams);
  const base = { upload: uploadView(upload), columns };
  const step = url.searchParams.get("step");
  if (step !== "review" && step !== "categories") {
    const named = Object.keys(chosen).length > 0;
    const mapping = named ? chosen : startingMapping(header, await rememberedCsvMapping(upload.source));
    return { ...base, step: "map" as const, mapping, remembered: !named && (await hasMemory(upload.source)) };
  }
  // The difference: its address was made by the mapping step, but is checked again like a form.
  const submission = parseWithZod(url.searchParams, { schema: menuMappingSchema(header) });
  if (submission.status !== "success") {
    return data(
      { ...base, step: "map" as const, mapping: chosen, remembered: false, result: submission.reply() },
      { status: 400 },
    );
  }
  const mappingHref = importHref(upload.id, chosen);
  const posted = categoriesFrom(url.searchParams);
  const remembered = { ...(await rememberedCategoryMapping(upload.source)), ...posted };
  if (step === "categories") {
    const rows = categoryRows(upload.bytes, chosen, remembered);
    return { ...base, step: "categories" as const, mapping: chosen, mappingHref, categories: rows };
  }
  const values = readCategoryValues(upload.bytes, chosen);
  const { categories, missing } = choicesFor(values, remembered);
  // A value without an answer (an address made by hand, or another category column): asked first.
  if (missing.length > 0) throw redirect(importHref(upload.id, chosen, "categories", posted));
  const categoriesHref = importHref(upload.id, chosen, "categories", categories);
  const read = readPosCsv(upload.bytes, chosen, categories);
  const review = { ...base, step: "review" as const, mapping: chosen, categories, mappingHref, categoriesHref };
  if (!read.ok) return data({ ...review, refusal: read.error }, { status: 400 });
  const [diff, sources] = await Promise.all([diffCatalog(upload.source, read.products), csvSourcesInUse()]);
  const otherExportNames = sources.filter((source) => source !== upload.source).map(exportNameOf);
  const isNewSource = !sources.includes(upload.source);
  return { ...review, report: importReport(read, diff, { isNewSource, otherExportNames }) };
}

async function hasMemory(source: string): Promise<boolean> {
  return (await rememberedCsvMapping(source)) !== null;
}

function refuse(
  intent: ImportIntent,
  status: number,
  message: string,
  reply: FormActionData["result"],
  description?: string,
) {
  return data<ImportActionData>(
    { intent, result: reply, outcome: status >= 500 ? "error" : "invalid", message, description },
    { status },
  );
}

/** The import's four forms: upload, map (→ the difference), apply and cancel. */
export async function importAction(request: Request, actor: AdminUser) {
  const url = new URL(request.url);
  const body = await readFormBody(request, EXPORT_FORM_LIMITS);
  if (!body.ok) {
    const message = body.status === 413 ? MENU_IMPORT_TOO_LARGE : body.message;
    const intent: ImportIntent = url.searchParams.has("upload") ? "map" : "upload";
    return refuse(intent, body.status, IMPORT_MESSAGES.uploadFailed, { status: "error", error: { "": [message] } });
  }
  const { formData } = body;
  switch (formData.get("intent")) {
    case "upload":
      return uploadExport(formData, body.oversizedPart, actor);
    case "map":
      return mapColumns(formData);
    case "categories":
      return chooseCategories(formData);
    case "apply":
      return applyImport(formData, actor);
    case "cancel": {
      const id = formData.get("upload")?.toString();
      if (isRowId(id)) await deleteCatalogUpload(id);
      return redirectWithInfo(MENU_IMPORT_PATH, IMPORT_MESSAGES.cancelled);
    }
    default:
      throw data("Unknown action", { status: 400 });
  }
}

/** Step 1: the file is checked by its content and kept; on to matching its columns. */
async function uploadExport(formData: FormData, oversized: boolean, actor: AdminUser) {
  const submission = parseWithZod(formData, { schema: menuUploadSchema });
  const refuseFile = (status: number, reason: string) =>
    refuse(
      "upload",
      status,
      IMPORT_MESSAGES.uploadFailed,
      // The reason is the file field's; the form's summary points at it.
      submission.reply({ formErrors: [`${IMPORT_MESSAGES.uploadFailed}.`], fieldErrors: { file: [reason] } }),
      reason,
    );
  if (oversized) return refuseFile(413, MENU_IMPORT_TOO_LARGE);
  if (submission.status !== "success") {
    return refuse("upload", 400, IMPORT_MESSAGES.uploadFailed, submission.reply({ formErrors: [FIX_FIELDS_MESSAGE] }));
  }
  const { file, source } = submission.value;
  const check = await checkExportFile(new Uint8Array(await file.arrayBuffer()));
  if (!check.ok) return refuseFile(400, check.message);
  // "pos export" is the "POS export" already used, not a second source beside it.
  const known = (await csvSourcesInUse()).find((used) => exportNameOf(used).toLowerCase() === source.toLowerCase());
  const id = await storeCatalogUpload({
    source: known ?? csvSource(source),
    fileName: file.name.slice(0, 255) || "export.csv",
    bytes: check.bytes,
    uploadedBy: actor.id,
  });
  return redirect(importHref(id));
}

/** Step 2: every required field has a column of the file; on to the difference. */
async function mapColumns(formData: FormData) {
  const upload = await waitingUpload(formData.get("upload")?.toString());
  const header = exportColumns(upload.bytes).map((column) => column.name);
  const submission = parseWithZod(formData, { schema: menuMappingSchema(header) });
  if (submission.status !== "success") {
    return refuse("map", 400, IMPORT_MESSAGES.mappingFailed, submission.reply({ formErrors: [FIX_FIELDS_MESSAGE] }));
  }
  return redirect(await afterColumnsHref(upload, mappingFrom(formData), {}));
}

/** Step 2, the categories: every value of the file has the owner's answer (a category, or skip); on to the difference. */
async function chooseCategories(formData: FormData) {
  const upload = await waitingUpload(formData.get("upload")?.toString());
  const header = exportColumns(upload.bytes).map((column) => column.name);
  const submission = parseWithZod(formData, { schema: menuMappingSchema(header) });
  if (submission.status !== "success") {
    return refuse(
      "categories",
      400,
      IMPORT_MESSAGES.mappingFailed,
      submission.reply({ formErrors: [FIX_FIELDS_MESSAGE] }),
    );
  }
  const mapping = mappingFrom(formData);
  const posted = categoriesFrom(formData);
  const values = readCategoryValues(upload.bytes, mapping);
  const missing = values.filter((value) => !posted[categoryKey(value)]);
  if (missing.length > 0) {
    const names = missing.map((value) => `“${value}”`).join(", ");
    const reason = `Choose a category for ${names}, or skip ${missing.length === 1 ? "it" : "them"}.`;
    return refuse("categories", 400, IMPORT_MESSAGES.categoriesFailed, submission.reply({ formErrors: [reason] }));
  }
  return redirect(importHref(upload.id, mapping, "review", choicesFor(values, posted).categories));
}

/** Step 3: the file read again through the mapping and applied with everything it records (applyPosExport). */
async function applyImport(formData: FormData, actor: AdminUser) {
  const upload = await waitingUpload(formData.get("upload")?.toString());
  const header = exportColumns(upload.bytes).map((column) => column.name);
  const submission = parseWithZod(formData, { schema: menuMappingSchema(header) });
  if (submission.status !== "success") {
    return refuse("apply", 400, IMPORT_MESSAGES.mappingFailed, submission.reply({ formErrors: [FIX_FIELDS_MESSAGE] }));
  }
  const mapping = mappingFrom(formData);
  const categories = categoriesFrom(formData);
  const remembered = await rememberedCategoryMapping(upload.source);
  const read = readPosCsv(upload.bytes, mapping, { ...remembered, ...categories });
  if (!read.ok) {
    return refuse("apply", 400, IMPORT_MESSAGES.fileRefused, submission.reply({ formErrors: [read.error] }));
  }
  let counts: ImportCounts | null;
  try {
    counts = await applyPosExport(upload, read.products, {
      mapping,
      categories,
      retireEdited: formData.get("retire_edited") === "on",
      actor,
    });
  } catch (error) {
    // A value the catalog's columns refuse (a check the reader does not make): the file's fault, and nothing applied.
    const code = (error as { code?: unknown }).code;
    if (typeof code !== "string" || !/^2[23]/.test(code)) throw error;
    logger.warn({ err: error }, "A POS export was refused by the catalog's checks");
    const reason = `A value in the file does not fit the menu (${(error as Error).message}). Nothing was changed.`;
    return refuse("apply", 400, IMPORT_MESSAGES.fileRefused, submission.reply({ formErrors: [reason] }));
  }
  if (!counts) return uploadGone();
  const claims = read.adFindings.length;
  const claimNote =
    claims > 0
      ? `${claims === 1 ? "1 description has" : `${claims} descriptions have`} advertising findings: see “Advertising findings”.`
      : undefined;
  if (counts.added + counts.changed + counts.removed === 0) {
    return redirectWithInfo(MENU_PATH, {
      message: IMPORT_MESSAGES.nothingChanged,
      description: claimNote ?? IMPORT_MESSAGES.nothingChangedDescription,
    });
  }
  return redirectWithSuccess(MENU_PATH, { message: importedMessage(counts), description: claimNote });
}
