import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminExists, findUserByEmail, userHasRole } from "~/models/users.server";
import { ensureFirstAdmin } from "~/services/admin-setup.server";
import type { OpenedDatabase } from "~/server/db.server";
import { verifyPassword } from "~/server/password.server";
import { createTestDatabase } from "../support/database";
import { logger } from "~/server/logger.server";

// Read once by env(): set before the first call.
process.env.ADMIN_EMAIL = "First.Admin@example.com";
process.env.ADMIN_PASSWORD = "very-secret-start-password";

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  delete process.env.ADMIN_EMAIL;
  delete process.env.ADMIN_PASSWORD;
  await database.close();
});

describe("ADMIN_EMAIL and ADMIN_PASSWORD at start", () => {
  it("create that administrator, without printing the password", async () => {
    const output: string[] = [];
    const capture = (...args: unknown[]) => void output.push(JSON.stringify(args));
    const log = vi.spyOn(logger, "info").mockImplementation(capture);
    const warn = vi.spyOn(logger, "warn").mockImplementation(capture);
    const error = vi.spyOn(logger, "error").mockImplementation(capture);
    try {
      await ensureFirstAdmin();
    } finally {
      log.mockRestore();
      warn.mockRestore();
      error.mockRestore();
    }
    const user = await findUserByEmail("first.admin@example.com");
    expect(user?.email).toBe("First.Admin@example.com");
    expect(await userHasRole(user!.id, "admin")).toBe(true);
    expect(await verifyPassword("very-secret-start-password", user!.password_hash)).toBe(true);
    // Said, without the address (no personal data in logs) and without the password.
    expect(output.join("\n")).toContain("Created the administrator given by ADMIN_EMAIL");
    expect(output.join("\n").toLowerCase()).not.toContain("first.admin@example.com");
    expect(output.join("\n")).not.toContain("very-secret-start-password");
    // An admin exists: no setup link.
    expect(output.join("\n")).not.toContain("/admin/setup");
  });

  it("leave an existing user with that e-mail alone on the next start", async () => {
    const before = await findUserByEmail("first.admin@example.com");
    process.env.ADMIN_PASSWORD = "a-different-password";
    await ensureFirstAdmin();
    const after = await findUserByEmail("first.admin@example.com");
    expect(after?.password_hash).toBe(before?.password_hash);
    expect(await database.db.selectFrom("users").selectAll().execute()).toHaveLength(1);
    expect(await adminExists()).toBe(true);
  });
});
