import crypto from "node:crypto";
import { loginSchema } from "~/lib/schemas/auth";
import {
  adminExists,
  createFirstAdmin,
  createUser,
  findUserByEmail,
  userHasRole,
  ADMIN_ROLE,
} from "~/models/users.server";
import type { User } from "~/server/schema.server";
import { env, publicUrl } from "~/server/env.server";
import { hashPassword } from "~/server/password.server";
import { logger } from "~/server/logger.server";

// The setup token lives in this process only (kept across dev-server reloads): it is printed in this
// process's log and dies with it, or as soon as an administrator exists.
const globalForSetup = globalThis as unknown as { __adminSetupTokenHash?: string };

function hashSetupToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * While no administrator exists, makes sure a one-time setup link exists and prints it (once per process).
 * Returns the link when one was printed now, for tests.
 */
export async function announceSetupLinkIfNeeded(): Promise<string | null> {
  if (await adminExists()) {
    globalForSetup.__adminSetupTokenHash = undefined;
    return null;
  }
  if (globalForSetup.__adminSetupTokenHash) return null;
  const token = crypto.randomBytes(32).toString("base64url");
  globalForSetup.__adminSetupTokenHash = hashSetupToken(token);
  const link = publicUrl(`/admin/setup?token=${token}`);
  // The one log line that holds a secret, on purpose: the operator's way in on a fresh install (no admin
  // yet, no mail set up). Printed once per process, and the link dies as soon as an administrator exists.
  logger.warn(
    { adminSetupLink: link },
    "ADMIN SETUP: no administrator exists yet. Create the first one with the one-time link in adminSetupLink " +
      "(valid until an admin exists and while this server runs), or set ADMIN_EMAIL and ADMIN_PASSWORD, " +
      "or run: npm run admin:create -- --email you@example.com",
  );
  return link;
}

/** Whether this is the setup token this process printed. Constant-time; false once an admin exists. */
export function isSetupTokenValid(token: string | null | undefined): boolean {
  const expected = globalForSetup.__adminSetupTokenHash;
  if (!expected || !token || token.length > 200) return false;
  return crypto.timingSafeEqual(Buffer.from(hashSetupToken(token), "hex"), Buffer.from(expected, "hex"));
}

export function forgetSetupToken(): void {
  globalForSetup.__adminSetupTokenHash = undefined;
}

/** Creates the first administrator through the setup link; refuses once any admin exists. */
export async function completeAdminSetup(input: { email: string; password: string; ip?: string | null }) {
  const result = await createFirstAdmin({
    email: input.email,
    passwordHash: await hashPassword(input.password),
    ip: input.ip,
  });
  if (result.status !== "email-taken") forgetSetupToken();
  return result;
}

/**
 * At start: ADMIN_EMAIL + ADMIN_PASSWORD create that administrator when no user has the e-mail (the
 * password is never printed); otherwise, while no administrator exists, the setup link is printed.
 */
export async function ensureFirstAdmin(): Promise<void> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = env();
  if (ADMIN_EMAIL || ADMIN_PASSWORD) {
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) {
      throw new Error("Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together.");
    }
    const parsed = loginSchema.safeParse({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    if (!parsed.success) {
      const problems = parsed.error.issues
        .map((i) => `  ${i.path[0] === "email" ? "ADMIN_EMAIL" : "ADMIN_PASSWORD"}: ${i.message}`)
        .join("\n");
      throw new Error(`Invalid configuration:\n${problems}`);
    }
    const existing: User | undefined = await findUserByEmail(parsed.data.email);
    if (!existing) {
      const created = await createUser({
        email: parsed.data.email,
        passwordHash: await hashPassword(parsed.data.password),
        roles: [ADMIN_ROLE],
      });
      if (created.status === "created") logger.info("Created the administrator given by ADMIN_EMAIL");
    } else if (!(await userHasRole(existing.id, ADMIN_ROLE))) {
      logger.warn(
        "ADMIN_EMAIL belongs to a user without the admin role; nothing was changed. " +
          "Run npm run admin:create -- --email <address> to make them an administrator.",
      );
    }
  }
  await announceSetupLinkIfNeeded();
}
