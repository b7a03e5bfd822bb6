// Starts the production build on a fresh embedded database for the end-to-end tests.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { copySiteDatabase } from "../tests/support/data-dir-templates.ts";

/**
 * What the e2e server and its fixture step may take from the shell: where programs and files are, the
 * locale, Node's own options, which build to run and how much to log. Nothing that configures a deployment
 * (DATABASE_URL, SUPABASE_*, STORAGE_DRIVER, SMTP_URL, SESSION_SECRET, SINGLE_INSTANCE, SHARED_DATA_DIR, …)
 * passes: the tests run on their own embedded database, files and outbox, whatever the shell has.
 */
const INHERITED = [
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "TMPDIR",
  "TZ",
  "LANG",
  "LC_ALL",
  "LC_CTYPE",
  "TERM",
  "NODE_OPTIONS",
  "NODE_EXTRA_CA_CERTS",
  "BUILD_DIR",
  "LOG_LEVEL",
];

/** The variables of the e2e server (`fixtures`: of the step that adds the fixture users before it starts). */
export function e2eServerEnv(
  ambient: Record<string, string | undefined>,
  options: { port: string; dataDir: string; fixtures?: boolean },
): Record<string, string> {
  const inherited = Object.fromEntries(
    INHERITED.flatMap((name) => (ambient[name] === undefined ? [] : [[name, ambient[name]!]])),
  );
  const base = { ...inherited, NODE_ENV: "production", DATA_DIR: options.dataDir };
  if (options.fixtures) return { ...base, SEED_DEMO: "false" };
  return {
    ...base,
    PORT: options.port,
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://localhost:${options.port}`,
    SEED_DEMO: "true",
    FORM_RATE_LIMIT: ambient.FORM_RATE_LIMIT ?? "5",
    // Specs that submit the public forms act as distinct clients through X-Forwarded-For, so each
    // spec's rate-limit budget is its own.
    TRUST_PROXY: "loopback",
    ADMIN_EMAIL: "admin@example.com",
    ADMIN_PASSWORD: "e2e-admin-password",
  };
}

function main() {
  const port = process.env.E2E_PORT ?? "3210";
  const dataDir = path.resolve(`.tmp/e2e-data-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });

  // Fixture users the server does not create itself (a signed-in user without the admin role): a copy of the
  // run's ready-made database that has them (tests/support/data-dir-templates.ts), or added here.
  if (!copySiteDatabase(dataDir)) addFixtureUsers(port, dataDir);

  const child = spawn(process.execPath, ["server.ts"], {
    stdio: "inherit",
    env: e2eServerEnv(process.env, { port, dataDir }),
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code) => process.exit(code ?? 0));
}

/** Adds the fixture users to a fresh database in `dataDir` (migrating it first), before the server holds it. */
function addFixtureUsers(port: string, dataDir: string) {
  const fixtures = spawnSync(
    process.execPath,
    [path.resolve("node_modules/tsx/dist/cli.mjs"), "tests/support/e2e-users.ts"],
    { stdio: "inherit", env: e2eServerEnv(process.env, { port, dataDir, fixtures: true }) },
  );
  if (fixtures.status !== 0) process.exit(fixtures.status ?? 1);
}

// Run as a script (tests/support/e2e-site.ts starts it); imported, it only offers e2eServerEnv.
if (import.meta.main) main();
