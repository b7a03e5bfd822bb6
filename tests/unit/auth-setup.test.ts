import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminExists, findUserByEmail, userHasRole } from "~/models/users.server";
import { action as setupAction, loader as setupLoader } from "~/routes/admin/setup";
import { announceSetupLinkIfNeeded, ensureFirstAdmin, isSetupTokenValid } from "~/services/admin-setup.server";
import type { OpenedDatabase } from "~/server/db.server";
import { createTestDatabase } from "../support/database";
import { activityRows } from "./activity-support";
import { asResult, loginRequest, ORIGIN, callRoute, settle } from "./auth-support";
import { logger } from "~/server/logger.server";

let database: OpenedDatabase;
beforeAll(async () => {
  delete process.env.ADMIN_EMAIL;
  delete process.env.ADMIN_PASSWORD;
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const setupUrl = (token: string) => `${ORIGIN}/admin/setup?token=${token}`;
const SETUP_PAGE = `${ORIGIN}/admin/setup`;

/** Opens the printed link: the token moves into a cookie and the address loses it. Returns that cookie. */
async function openLink(token: string): Promise<string> {
  const response = (await settle(() => callRoute(setupLoader, new Request(setupUrl(token))))) as Response;
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/admin/setup");
  const setCookie = response.headers.get("Set-Cookie")!;
  expect(setCookie).toMatch(/^admin_setup_token=/);
  expect(setCookie).toMatch(/HttpOnly/i);
  // Covers /admin/setup.data too, where the form posts with JavaScript.
  expect(setCookie).toMatch(/Path=\/admin(;|$)/);
  return setCookie.split(";")[0];
}

describe("the one-time setup link", () => {
  let token = "";

  it("is printed at start while no administrator exists, once per process", async () => {
    const log = vi.spyOn(logger, "warn").mockImplementation(() => {});
    try {
      await ensureFirstAdmin();
      const printed = log.mock.calls.map((c) => JSON.stringify(c)).join("\n");
      const match = /http:\/\/localhost:3000\/admin\/setup\?token=([A-Za-z0-9_-]{43})/.exec(printed);
      expect(match).not.toBeNull();
      token = match![1];
      log.mockClear();
      expect(await announceSetupLinkIfNeeded()).toBeNull();
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
    expect(isSetupTokenValid(token)).toBe(true);
    expect(isSetupTokenValid(token.replace(/.$/, token.endsWith("A") ? "B" : "A"))).toBe(false);
    expect(isSetupTokenValid("")).toBe(false);
  });

  it("refuses a wrong token", async () => {
    const result = asResult(await callRoute(setupLoader, new Request(setupUrl("wrong"))));
    expect(result.status).toBe(403);
    expect(result.data.state).toBe("invalid-link");
    const posted = asResult(
      await callRoute(
        setupAction,
        loginRequest(
          { email: "a@b.example", password: "secret1", confirmPassword: "secret1" },
          { url: SETUP_PAGE, cookie: "admin_setup_token=wrong" },
        ),
      ),
    );
    expect(posted.status).toBe(403);
    // Without the link's cookie the page is closed too.
    expect(asResult(await callRoute(setupLoader, new Request(SETUP_PAGE))).status).toBe(403);
    expect(await adminExists()).toBe(false);
  });

  it("validates the form with the spec's messages", async () => {
    const cookie = await openLink(token);
    const result = asResult(
      await callRoute(
        setupAction,
        loginRequest({ email: "nope", password: "abc", confirmPassword: "abd" }, { url: SETUP_PAGE, cookie }),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data.result.error).toEqual({
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 6 characters"],
      confirmPassword: ["Passwords do not match"],
    });
  });

  it("creates the first administrator, signs them in, and then refuses for good", async () => {
    const cookie = await openLink(token);
    const page = asResult(await callRoute(setupLoader, new Request(SETUP_PAGE, { headers: { Cookie: cookie } })));
    expect(page.data.state).toBe("open");
    // A token posted in the form is not how the page is opened any more: the cookie is.
    const fields = { email: "boss@example.com", password: "boss-password", confirmPassword: "boss-password" };
    const response = (await callRoute(
      setupAction,
      loginRequest(fields, { url: SETUP_PAGE, cookie, ip: "203.0.113.7" }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    const cookies = response.headers.getSetCookie().join("\n");
    expect(cookies).toContain("admin_session=");
    expect(cookies).toMatch(/admin_setup_token=;.*Max-Age=0/i);
    const user = await findUserByEmail("boss@example.com");
    expect(await userHasRole(user!.id, "admin")).toBe(true);
    // Recorded with the account, by the new admin themselves from the setup request's address.
    expect(await activityRows(database.db)).toMatchObject([
      {
        kind: "user.create",
        actor_id: user!.id,
        actor_email: "boss@example.com",
        ip: "203.0.113.7",
        subject_type: "user",
        subject_id: user!.id,
        subject_title: "boss@example.com",
        changes: null,
      },
    ]);

    expect(isSetupTokenValid(token)).toBe(false);
    const after = asResult(await callRoute(setupLoader, new Request(setupUrl(token))));
    expect(after.status).toBe(403);
    expect(after.data.state).toBe("complete");
    const again = asResult(
      await callRoute(
        setupAction,
        loginRequest({ ...fields, email: "second@example.com" }, { url: SETUP_PAGE, cookie }),
      ),
    );
    expect(again.status).toBe(403);
    expect(await findUserByEmail("second@example.com")).toBeUndefined();
    expect(await activityRows(database.db)).toHaveLength(1);
    // No new link is printed once an admin exists.
    expect(await announceSetupLinkIfNeeded()).toBeNull();
  });
});
