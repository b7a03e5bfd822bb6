// Requests to an admin route module as a browser sends them, and what came back (not a test file itself).
import { getToast } from "remix-toast";
import { settingsFormDefaults } from "~/lib/schemas/settings";
import { getSiteSettings } from "~/models/site-settings.server";
import fs from "node:fs";
import { afterAll, beforeAll } from "vitest";
import type { OpenedDatabase } from "~/server/db.server";
import { resetStorageDriver } from "~/server/storage.server";
import { createTestDatabase } from "../support/database";
import { useTemporaryDataDir } from "../support/forms";
import { asResult, callRoute, makeUser, ORIGIN, sessionCookieFor, settle } from "./auth-support";

type RouteFunction = (args: any) => unknown;

/** A multipart body of these fields (a list appends each value). */
export function formOf(fields: Record<string, string | string[] | File>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return body;
}

/** POSTs `body` to `path` (with its query) from the site's own origin, signed in with `cookie` (or not). */
export async function postTo(
  action: RouteFunction,
  path: string,
  body: FormData | URLSearchParams,
  cookie: string | null,
  params: Record<string, string> = {},
) {
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`${ORIGIN}${path}`, { method: "POST", headers, body });
  return asResult(await settle(() => callRoute(action, request, params)));
}

/** GETs `path` through a loader; what it returned or threw (a redirect is a thrown Response). */
export function loadFrom(
  loader: RouteFunction,
  path: string,
  cookie: string | null,
  params: Record<string, string> = {},
): Promise<unknown> {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  return settle(() => callRoute(loader, new Request(`${ORIGIN}${path}`, { headers }), params));
}

/** The flash toast a redirect carries. */
export async function toastOf(response: { headers: Headers }) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  return (await getToast(new Request(ORIGIN, { headers: { Cookie: cookie.split(";")[0] } }))).toast;
}

/**
 * The settings form as the page sends it: every field of the current settings (a checked box as "on"), then
 * `changes` (null takes a field out, as an unchecked box).
 */
export async function settingsFormWith(changes: Record<string, string | null>): Promise<URLSearchParams> {
  const fields = new URLSearchParams();
  const flatten = (value: unknown, prefix: string) => {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key);
    } else if (typeof value === "boolean") {
      if (value) fields.set(prefix, "on");
    } else if (value !== null && value !== undefined) {
      fields.set(prefix, String(value));
    }
  };
  flatten(settingsFormDefaults(await getSiteSettings()), "");
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) fields.delete(name);
    else fields.set(name, value);
  }
  return fields;
}

/**
 * An admin area's test file: its own data directory and database (opened before its tests, closed and
 * removed after), an admin `<area>-admin@example.com` and a member `<area>-member@example.com` (signed in, not
 * an admin), with their session cookies. Read the fields inside tests and hooks: they are set in beforeAll.
 */
export function useAdminAreaTests(area: string) {
  const dataDir = useTemporaryDataDir(`admin-${area}`);
  const site = { dataDir, database: undefined as unknown as OpenedDatabase, adminCookie: "", memberCookie: "" };
  beforeAll(async () => {
    resetStorageDriver();
    site.database = await createTestDatabase();
    const admin = await makeUser(`${area}-admin@example.com`, "admin-pass", { admin: true });
    const member = await makeUser(`${area}-member@example.com`, "member-pass", { admin: false });
    site.adminCookie = await sessionCookieFor(admin.id);
    site.memberCookie = await sessionCookieFor(member.id);
  });
  afterAll(async () => {
    await site.database.close();
    resetStorageDriver();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return site;
}
