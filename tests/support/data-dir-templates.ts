// Ready-made embedded databases for the end-to-end servers. A server on a fresh data directory spends most of
// its start migrating PGlite (about 3 s of 4 on a quiet 2-core machine, several times that under the suite's
// load); the suite starts twenty-odd servers. Playwright's global setup (tests/e2e/global-setup.ts) migrates
// one database per run, and each server starts on a copy: the same schema the server would make itself, made
// once. Migrating a fresh directory is still tested where it is the subject (migrations and deployment tests).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** The environment variables that carry the templates from the global setup to the workers. */
const MIGRATED_TEMPLATE = "E2E_MIGRATED_DATA_DIR";
const SITE_TEMPLATE = "E2E_SITE_DATA_DIR";

const TEMPLATES_ROOT = path.resolve(".tmp/e2e-templates");

/** Runs a test-support script with tsx in a data directory of its own (nothing of the shell's deployment). */
function runInDataDir(script: string, dataDir: string) {
  const result = spawnSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), script], {
    encoding: "utf8",
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
    },
  });
  if (result.status !== 0) {
    throw new Error(`${script} failed in ${dataDir}:\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * Makes this run's templates (a migrated, empty database; the same with the e2e fixture users) and names them
 * in the environment the workers inherit. Answers a function that deletes them.
 */
export function prepareDataDirTemplates(): () => void {
  const root = path.join(TEMPLATES_ROOT, String(process.pid));
  fs.rmSync(root, { recursive: true, force: true });
  const migrated = path.join(root, "migrated");
  const site = path.join(root, "e2e-site");
  runInDataDir("tests/support/migrate-data-dir.ts", migrated);
  fs.cpSync(migrated, site, { recursive: true });
  runInDataDir("tests/support/e2e-users.ts", site);
  process.env[MIGRATED_TEMPLATE] = migrated;
  process.env[SITE_TEMPLATE] = site;
  return () => fs.rmSync(root, { recursive: true, force: true });
}

/**
 * Puts the template's database into `dataDir` (made if missing); false when this run has no template (a spec
 * run outside Playwright's global setup), and the server migrates a fresh one itself.
 */
function copyTemplate(variable: string, dataDir: string): boolean {
  const template = process.env[variable];
  if (!template || !fs.existsSync(path.join(template, "pglite"))) return false;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(path.join(template, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
  return true;
}

/** A migrated, empty embedded database in `dataDir`, when this run made one. */
export function copyMigratedDatabase(dataDir: string): boolean {
  return copyTemplate(MIGRATED_TEMPLATE, dataDir);
}

/** The e2e site's database (migrated, with the fixture users) in `dataDir`, when this run made one. */
export function copySiteDatabase(dataDir: string): boolean {
  return copyTemplate(SITE_TEMPLATE, dataDir);
}
