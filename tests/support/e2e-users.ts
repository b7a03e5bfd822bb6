// Run by scripts/e2e-server.ts before the server starts (the server then holds the database): adds the
// end-to-end tests' fixture users to the fresh embedded database. Test support only; the app never reads it.
import { ADMIN_ROLE, createUser } from "~/models/users.server";
import { installDatabase, openDatabase } from "~/server/db.server";
import { migrateToLatest } from "~/server/migrate.server";
import { hashPassword } from "~/server/password.server";
import { E2E_NOJS_RESET_ADMIN, E2E_NON_ADMIN, E2E_RESET_ADMIN } from "./e2e-accounts";

const opened = await openDatabase();
try {
  await migrateToLatest(opened.db);
  installDatabase(opened);
  // Signed in, but without the admin role: the guard must send them to the home page.
  await createUser({ email: E2E_NON_ADMIN.email, passwordHash: await hashPassword(E2E_NON_ADMIN.password) });
  await createUser({
    email: E2E_RESET_ADMIN.email,
    passwordHash: await hashPassword(E2E_RESET_ADMIN.password),
    roles: [ADMIN_ROLE],
  });
  await createUser({
    email: E2E_NOJS_RESET_ADMIN.email,
    passwordHash: await hashPassword(E2E_NOJS_RESET_ADMIN.password),
    roles: [ADMIN_ROLE],
  });
} finally {
  await opened.close();
}
