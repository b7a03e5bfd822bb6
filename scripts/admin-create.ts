// npm run admin:create -- --email you@example.com [--reset-two-factor]
// Adds an administrator (or makes an existing user one, with the new password). The password comes from
// ADMIN_PASSWORD or is asked for without echo. --reset-two-factor also turns off the account's two-factor
// sign-in (an admin who lost both phone and recovery codes, with no other admin to re-invite them).
// Refuses while a server holds the embedded database.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { loginSchema, PASSWORDS_DIFFER_MESSAGE } from "~/lib/schemas/auth";
import { deleteTwoFactor } from "~/models/user-two-factor.server";
import { ADMIN_ROLE, changePassword, createUser, findUserByEmail, grantRole } from "~/models/users.server";
import { DatabaseLockedError, installDatabase, openDatabase } from "~/server/db.server";
import { migrateToLatest } from "~/server/migrate.server";
import { hashPassword } from "~/server/password.server";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

/** A refusal with a message for the operator (no stack trace); the database is closed on the way out. */
class CliError extends Error {}

function fail(message: string): never {
  throw new CliError(message);
}

/** Reads a line from the terminal without showing what is typed. */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) fail("No terminal to ask for the password: set ADMIN_PASSWORD instead.");
  process.stdout.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let value = "";
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004") {
          input.setRawMode(false);
          input.pause();
          input.off("data", onData);
          process.stdout.write("\n");
          resolve(value);
          return;
        }
        if (char === "\u0003") {
          input.setRawMode(false);
          input.pause();
          input.off("data", onData);
          process.stdout.write("\n");
          reject(new CliError("Cancelled."));
          return;
        }
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on("data", onData);
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      "reset-two-factor": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || !values.email) {
    console.log(
      "Usage: npm run admin:create -- --email you@example.com [--reset-two-factor]   (password from ADMIN_PASSWORD or asked)",
    );
    process.exit(values.help ? 0 : 1);
  }

  // Refuse before asking for a password when a running server holds the embedded database.
  let opened;
  try {
    opened = await openDatabase();
  } catch (error) {
    if (error instanceof DatabaseLockedError) fail(error.message);
    throw error;
  }
  try {
    let password = process.env.ADMIN_PASSWORD;
    if (!password) {
      password = await promptHidden("Password for the administrator: ");
      const again = await promptHidden("Repeat the password: ");
      if (again !== password) fail(PASSWORDS_DIFFER_MESSAGE);
    }
    const parsed = loginSchema.safeParse({ email: values.email, password });
    if (!parsed.success) fail(parsed.error.issues.map((issue) => issue.message).join("\n"));
    const { email } = parsed.data;

    await migrateToLatest(opened.db);
    installDatabase(opened);
    const passwordHash = await hashPassword(parsed.data.password);
    const existing = await findUserByEmail(email);
    if (existing) {
      await grantRole(existing.id, ADMIN_ROLE);
      // The new password replaces the old one and ends every session (a recovery path without e-mail).
      await changePassword(existing.id, passwordHash);
      console.log(`${existing.email} is an administrator; their password was changed and their sessions ended.`);
      if (values["reset-two-factor"]) {
        // Recorded as the account's own change, from the server's command line (no client address).
        const turnedOff = await deleteTwoFactor(existing.id, { id: existing.id, email: existing.email, ip: null });
        console.log(turnedOff ? "Two-factor sign-in is off for this account." : "Two-factor sign-in was not on.");
      }
    } else {
      const created = await createUser({ email, passwordHash, roles: [ADMIN_ROLE] });
      if (created.status !== "created") fail(`A user with the email ${email} already exists.`);
      console.log(`Created the administrator ${created.user.email}.`);
    }
  } finally {
    await opened.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof CliError ? error.message : error);
  process.exit(1);
});
