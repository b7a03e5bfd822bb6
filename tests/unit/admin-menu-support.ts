// Admin → Menu's requests as the browser sends them (not a test file itself): the import's steps and the
// product list's edits, against the route modules through the admin guard.
import { sql } from "kysely";
import { CATALOG_FIELDS, type ColumnMapping } from "~/lib/catalog";
import type { DB } from "~/server/db.server";
import { action as importAction, loader as importLoader } from "~/routes/admin/menu-import";
import { action as menuAction, loader as menuLoader } from "~/routes/admin/menu";
import { POS_EXPORT_HEADER, POS_EXPORT_MAPPING } from "../support/pos-export";
import { formOf, loadFrom, postTo } from "./admin-requests";
import { asResult, callRoute, ORIGIN, settle } from "./auth-support";

export const IMPORT = "/admin/menu/import";

/** A POS export as one is written: its own column names, a row per option and store. */
export const HEADER = POS_EXPORT_HEADER;
export const BLUE_DREAM = "BD-1,Blue Dream,Sunny Farms,Flower,Sativa,24%,3.5g,$35.00,,12,Lindsey,Berry aroma.";
export const GUMMIES = "G-1,Sour Gummies,Kiva,Edibles,,100mg,10 pack,$20,$15,4,both,Tart and sweet.";
export const CLAIM = "T-1,Calm Drops,House,Tinctures,,,30ml,$40,,2,both,Relieves stress and helps treat pain.";

/** The mapping a person makes of HEADER. */
export const MAPPING: ColumnMapping = POS_EXPORT_MAPPING;

export const csv = (...rows: string[]) => [HEADER, ...rows].join("\r\n");

export const fileOf = (content: string | Uint8Array, name = "inventory.csv", type = "text/csv") =>
  new File(
    [typeof content === "string" ? new TextEncoder().encode(content) : (content as Uint8Array<ArrayBuffer>)],
    name,
    {
      type,
    },
  );

/** The mapping as the form's fields: every field, "" for "not in this file". */
export function mappingFields(mapping: ColumnMapping): Record<string, string> {
  return Object.fromEntries(CATALOG_FIELDS.map((field) => [`mapping.${field.key}`, mapping[field.key] ?? ""]));
}

export function menuRequests(cookie: () => string) {
  const post = (fields: Record<string, string | string[] | File>, search = "") =>
    postTo(importAction, `${IMPORT}${search}`, formOf(fields), cookie());
  const requests = {
    post,
    load: (search = "") => loadFrom(importLoader, `${IMPORT}${search}`, cookie()).then(asResult),
    upload: (file: File, source = "POS export") => post({ intent: "upload", source, file }),
    /** Uploads `content` and answers the upload's id (from the redirect to step 2). */
    async uploaded(content: string, source = "POS export"): Promise<string> {
      const result = await requests.upload(fileOf(content), source);
      const location = result.headers.get("Location");
      if (result.status !== 302 || !location) throw new Error(`not uploaded: ${JSON.stringify(result.data)}`);
      return new URL(location, "http://x").searchParams.get("upload")!;
    },
    map: (upload: string, mapping: ColumnMapping = MAPPING) =>
      post({ intent: "map", upload, ...mappingFields(mapping) }, `?upload=${upload}`),
    apply: (upload: string, options: { mapping?: ColumnMapping; retireEdited?: boolean } = {}) =>
      post(
        {
          intent: "apply",
          upload,
          ...mappingFields(options.mapping ?? MAPPING),
          ...(options.retireEdited ? { retire_edited: "on" } : {}),
        },
        `?upload=${upload}&step=review`,
      ),
    /** Uploads, maps and applies `content` in one go; answers the apply's result. */
    async imported(content: string, options: { retireEdited?: boolean } = {}) {
      return requests.apply(await requests.uploaded(content), options);
    },
    list: (search = "") => loadFrom(menuLoader, `/admin/menu${search}`, cookie()),
    edit: (fields: Record<string, string | File>, search = "") =>
      postTo(menuAction, `/admin/menu${search}`, formOf({ intent: "update", ...fields }), cookie()),
    postToList: (fields: Record<string, string>) => postTo(menuAction, "/admin/menu", formOf(fields), cookie()),
    /** A body that is not a form. */
    async postJson(body: string) {
      const headers = new Headers({ Origin: ORIGIN, Cookie: cookie(), "Content-Type": "application/json" });
      const request = new Request(`${ORIGIN}${IMPORT}`, { method: "POST", headers, body });
      return asResult(await settle(() => callRoute(importAction, request)));
    },
    reset: (id: string) =>
      postTo(menuAction, "/admin/menu", formOf({ intent: "reset", id, confirmed: "yes" }), cookie()),
  };
  return requests;
}

/** The review step's address for an upload and mapping. */
export function reviewSearch(upload: string, mapping: ColumnMapping = MAPPING): string {
  return `?${new URLSearchParams({ upload, step: "review", ...mappingFields(mapping) })}`;
}

/** The tables an import or an edit writes, emptied before each test. */
export const MENU_TABLES = [
  "catalog_products",
  "catalog_uploads",
  "catalog_csv_mappings",
  "catalog_syncs",
  "activity_log",
] as const;

/** Makes the activity log refuse every "menu.*" entry until the answered function is called. */
export async function refuseMenuLogEntries(db: DB): Promise<() => Promise<void>> {
  await sql`create function refuse_menu_activity() returns trigger language plpgsql as $$
    begin if new.kind like 'menu.%' then raise exception 'log refused'; end if; return new; end $$`.execute(db);
  await sql`create trigger refuse_menu_activity before insert on activity_log
    for each row execute function refuse_menu_activity()`.execute(db);
  return async () => {
    await sql`drop trigger refuse_menu_activity on activity_log`.execute(db);
    await sql`drop function refuse_menu_activity()`.execute(db);
  };
}
