import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { redirectWithError, redirectWithInfo, redirectWithSuccess } from "remix-toast";
import type { z } from "zod";
import {
  ADMIN_LIST_PAGE_SIZE,
  type DialogState,
  isRowId,
  listHref,
  listPage,
  MOVE_MESSAGES,
  type MoveDirection,
  moveDirection,
  type MoveOutcome,
  redirectPastLastPage,
} from "~/lib/admin-list";
import { FIX_FIELDS_MESSAGE, type FormActionData } from "~/lib/form-result";
import { IMAGE_TOO_LARGE } from "~/lib/image-rules";
import { pageCountFor } from "~/lib/pagination";
import type { AdvertisingRefusal } from "~/lib/ad-rules/override";
import type { OverrideFor } from "~/models/ad-findings.server";
import {
  type AdvertisingGate,
  advertisingGate,
  advertisingJudge,
  AdvertisingRefused,
  type StoredAdvertising,
} from "~/services/advertising.server";
import type { AdminUser } from "~/services/auth.server";
import { type FormBodyLimits, readFormBody, TEXT_FORM_LIMITS } from "~/server/form-body.server";
import { logger } from "~/server/logger.server";

// The server half of an admin area that is a list with dialogs in its address (brands, deals, reviews,
// gallery…): which dialog the URL opens, and one action for create / update / delete / move with the same
// replies everywhere. A route supplies its model functions, its schema and what saving means.

export type ListIntent = "create" | "update" | "delete";
/** What a list action answers when it does not redirect: conform's result, the toast, and which form. */
export type ListActionData = FormActionData & {
  intent: ListIntent;
  /** A save refused for its words' advertising findings (issue 27): each field's, and whether only the reason was missing. */
  advertising?: AdvertisingRefusal;
};

/** The toasts of one area, e.g. 'Brand created successfully' / 'Failed to create brand'. */
export interface ListMessages {
  created: string;
  updated: string;
  deleted: string;
  createFailed: string;
  updateFailed: string;
  deleteFailed: string;
  /** The description when the row is gone (deleted in another tab): "This brand no longer exists." */
  gone: string;
  /** The description when saving failed on our side: "The brand could not be saved. Please try again." */
  saveFailed: string;
}

export function failureMessage(messages: ListMessages, intent: ListIntent): string {
  if (intent === "delete") return messages.deleteFailed;
  return intent === "update" ? messages.updateFailed : messages.createFailed;
}

/**
 * The dialog a list's address asks for (?dialog=new, ?edit=<id>, ?confirm-delete=<id>), with its row as
 * the page shows it (`view`). A row that does not exist (any more) sends the admin back to the list with an
 * error toast instead of an empty dialog.
 */
export async function dialogFromUrl<Stored, Row>(
  url: URL,
  path: string,
  {
    find,
    view,
    messages,
  }: { find: (id: string) => Promise<Stored | undefined>; view: (row: Stored) => Row; messages: ListMessages },
): Promise<DialogState<Row> | null> {
  const editId = url.searchParams.get("edit");
  const deleteId = url.searchParams.get("confirm-delete");
  const wanted = editId ?? deleteId;
  if (wanted !== null) {
    const stored = isRowId(wanted) ? await find(wanted) : undefined;
    if (!stored) {
      throw await redirectWithError(listHref(path, url.search), {
        message: editId !== null ? messages.updateFailed : messages.deleteFailed,
        description: messages.gone,
      });
    }
    return { mode: editId !== null ? "edit" : "confirm-delete", row: view(stored) };
  }
  return url.searchParams.get("dialog") === "new" ? { mode: "new" } : null;
}

/**
 * The loader's half of a list: the page the address asks for (a malformed one redirects to the first, one
 * past the end, e.g. after deleting the last row of the last page, to the last), its rows as the page shows
 * them (`view`), and the dialog the address opens (see `dialogFromUrl`).
 */
export async function loadListPage<Stored, Row>(
  url: URL,
  path: string,
  config: {
    load: (page: number, pageSize: number) => Promise<{ rows: Stored[]; total: number }>;
    find: (id: string) => Promise<Stored | undefined>;
    view: (row: Stored) => Row;
    messages: ListMessages;
  },
) {
  const page = listPage(url, path);
  const { rows, total } = await config.load(page, ADMIN_LIST_PAGE_SIZE);
  const pageCount = pageCountFor(total, ADMIN_LIST_PAGE_SIZE);
  redirectPastLastPage(url, path, page, pageCount);
  const dialog = await dialogFromUrl(url, path, config);
  return { rows: rows.map(config.view), total, page, pageCount, dialog };
}

/** Refuses a save: conform's reply keeps what was typed; the toast says why. */
export type RefuseSave = (
  status: number,
  outcome: "invalid" | "error",
  message: string,
  options?: { description?: string; fieldErrors?: Record<string, string[]> },
) => ReturnType<typeof data<ListActionData>>;

export interface SaveContext<Row, Value> {
  intent: "create" | "update";
  /** The row being updated (loaded and known to exist), or undefined for create. */
  existing: Row | undefined;
  value: Value;
  /** The list's address (with its search, filter and page) to redirect to after saving. */
  listUrl: string;
  refuse: RefuseSave;
  /** Refuses with a reason for one field (e.g. the image's), worded in the area's toast style. */
  refuseField: (field: string, reason: string) => ReturnType<typeof data<ListActionData>>;
  /** The signed-in admin, for the activity log (pass to the model's write). */
  actor: AdminUser;
  /**
   * The owner's "Publish anyway" over advertising findings (pass to the model's write, which logs it): the
   * gate that decides it against the row as the write's transaction reads it, or null with no words to judge.
   */
  override: OverrideFor<Row>;
  /** The update found no row (deleted meanwhile): back to the list (or `to`) with the area's error toast. */
  gone: (to?: string) => Promise<Response>;
}

export interface ListActionConfig<Row, Schema extends z.ZodType, Other = never> {
  path: string;
  /** The row's name in move toasts: "Brand" → "Brand moved up". */
  noun: string;
  messages: ListMessages;
  schema: Schema;
  find: (id: string) => Promise<Row | undefined>;
  /** Deletes the row and answers it (to clean up its files), or undefined when it was not there. */
  remove: (id: string, actor: AdminUser) => Promise<Row | undefined>;
  afterRemove?: (row: Row) => Promise<void>;
  move?: (id: string, direction: MoveDirection, actor: AdminUser) => Promise<MoveOutcome>;
  /** Without JavaScript there is no browser confirmation: delete asks on a confirmation dialog first. */
  confirmDelete?: boolean;
  /** Body limits (forms with an image need IMAGE_FORM_LIMITS); the default is a text form. */
  limits?: FormBodyLimits;
  /** The file field: reading stops at an oversized file (the last field), its message goes there. */
  fileField?: string;
  /**
   * How a reason reaches the toast (the spec words the areas differently): as the description under
   * 'Error creating brand', or as the toast's title itself ('Image must be less than 5MB').
   */
  reasonIn?: "description" | "title";
  save: (context: SaveContext<Row, z.output<Schema>>) => Promise<Response | ReturnType<typeof data<ListActionData>>>;
  /**
   * The words a row publishes (issue 27), by form field, and whether this save publishes them (an active deal,
   * a shown product): then findings of the advertising checker need "Publish anyway" and a reason — for the
   * words it publishes anew, compared with `stored` (the row's words now and whether they are live; none for
   * a new row).
   */
  advertising?: (
    value: z.output<Schema>,
    existing: Row | undefined,
  ) => { fields: Record<string, string | null | undefined>; publishing: boolean; stored?: StoredAdvertising | null };
  /**
   * The area's own forms on the same page (feature a review, save the weekly hours…): given the body
   * already read, answer it, or null to let the list's intents handle it.
   */
  otherIntents?: (
    intent: FormDataEntryValue | null,
    formData: FormData,
    url: URL,
    actor: AdminUser,
  ) => Promise<Response | ReturnType<typeof data<Other>> | null>;
}

/**
 * The action of an admin list, for the admin the guard let in (routes/admin/layout.tsx). Reads the body (415/413/400 with the
 * form's message), offers it to the area's `otherIntents`, and handles `intent`: delete (after a
 * confirmation when asked), move-up/move-down, create and update (validated by the schema, then `save`).
 * Anything else is a 400.
 */
export async function listAction<Row, Schema extends z.ZodType, Other = never>(
  request: Request,
  actor: AdminUser,
  config: ListActionConfig<Row, Schema, Other>,
) {
  const { path, messages } = config;
  const url = new URL(request.url);
  const listUrl = listHref(path, url.search);
  const gone = (message: string) => redirectWithError(listUrl, { message, description: messages.gone });

  const body = await readFormBody(request, config.limits ?? TEXT_FORM_LIMITS);
  if (!body.ok) {
    const intent: ListIntent = url.searchParams.has("edit") ? "update" : "create";
    return data<ListActionData>(
      {
        intent,
        result: { status: "error", error: { "": [body.message] } },
        outcome: "error",
        message: failureMessage(messages, intent),
        description: body.message,
      },
      { status: body.status },
    );
  }
  const formData = body.formData;
  const rawIntent = formData.get("intent");
  const id = formData.get("id")?.toString();
  const answered = await config.otherIntents?.(rawIntent, formData, url, actor);
  if (answered) return answered;

  if (rawIntent === "delete") {
    if (!isRowId(id)) return gone(messages.deleteFailed);
    if (config.confirmDelete && formData.get("confirmed") !== "yes") {
      throw redirect(listHref(path, url.search, { "confirm-delete": id }));
    }
    const deleted = await config.remove(id, actor);
    if (!deleted) return gone(messages.deleteFailed);
    await config.afterRemove?.(deleted);
    return redirectWithSuccess(listUrl, messages.deleted);
  }
  const direction = moveDirection(rawIntent);
  if (direction && config.move) {
    const outcome = isRowId(id) ? await config.move(id, direction, actor) : "missing";
    if (outcome === "moved") return redirectWithSuccess(listUrl, MOVE_MESSAGES.moved(config.noun, direction));
    if (outcome === "edge") return redirectWithInfo(listUrl, MOVE_MESSAGES.edge(config.noun, direction));
    return redirectWithError(listUrl, { message: MOVE_MESSAGES.failed(config.noun), description: messages.gone });
  }
  if (rawIntent !== "create" && rawIntent !== "update") throw data("Unknown action", { status: 400 });
  const intent = rawIntent;

  let existing: Row | undefined;
  if (intent === "update") {
    existing = isRowId(id) ? await config.find(id) : undefined;
    if (!existing) return gone(messages.updateFailed);
  }

  const submission = parseWithZod(formData, { schema: config.schema });
  const refuse: RefuseSave = (status, outcome, message, options = {}) =>
    data<ListActionData>(
      {
        intent,
        // A field's own error says what is wrong with it; the form's summary just points at the fields.
        result: submission.reply({
          formErrors: [outcome === "invalid" ? FIX_FIELDS_MESSAGE : (options.description ?? message)],
          fieldErrors: options.fieldErrors,
        }),
        outcome,
        message,
        description: options.description,
      },
      { status },
    );
  const refuseField = (field: string, reason: string) =>
    config.reasonIn === "title"
      ? refuse(400, "invalid", reason, { fieldErrors: { [field]: [reason] } })
      : refuse(400, "invalid", failureMessage(messages, intent), {
          description: reason,
          fieldErrors: { [field]: [reason] },
        });
  if (body.oversizedPart && config.fileField) return refuseField(config.fileField, IMAGE_TOO_LARGE);
  if (submission.status !== "success") {
    return refuse(400, "invalid", failureMessage(messages, intent), { description: FIX_FIELDS_MESSAGE });
  }
  const value = submission.value as z.output<Schema>;
  const refuseWords = (gate: Extract<AdvertisingGate, { ok: false }>) =>
    data<ListActionData>(
      {
        intent,
        result: submission.reply({ formErrors: [gate.message] }),
        outcome: "invalid",
        message: failureMessage(messages, intent),
        description: gate.message,
        advertising: gate.refusal,
      },
      { status: 400 },
    );
  let override: OverrideFor<Row> = null;
  if (config.advertising) {
    // A first look against the row as read above (refused before any file is stored); the word that counts
    // is the model's, against the row as the save's transaction reads it.
    const wordsOf = config.advertising;
    const { fields, publishing, stored } = wordsOf(value, existing);
    const gate = await advertisingGate(fields, formData, publishing, stored);
    if (!gate.ok) return refuseWords(gate);
    override = await advertisingJudge<Row>(formData, (row) => wordsOf(value, row));
  }
  try {
    const rowGone = (to = listUrl) =>
      redirectWithError(to, { message: messages.updateFailed, description: messages.gone });
    return await config.save({ intent, existing, value, listUrl, refuse, refuseField, actor, override, gone: rowGone });
  } catch (error) {
    if (error instanceof Response || isDataWithResponseInit(error)) throw error;
    if (error instanceof AdvertisingRefused) return refuseWords(error.gate);
    logger.error({ err: error }, `Could not ${intent} a ${config.noun.toLowerCase()}`);
    return refuse(500, "error", failureMessage(messages, intent), { description: messages.saveFailed });
  }
}

function isDataWithResponseInit(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { type?: string }).type === "DataWithResponseInit";
}
