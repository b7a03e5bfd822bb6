import fs from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { configDefaults, defineConfig } from "vitest/config";

const DEPLOYMENT_VARIABLE =
  /^(DATABASE_URL|SUPABASE_.*|STORAGE_DRIVER|SMTP_URL|SESSION_SECRET|SINGLE_INSTANCE|SHARED_DATA_DIR|MAIL_(FROM|TO)|ADMIN_(EMAIL|PASSWORD)|TRUST_PROXY)$/;

// Left out of the Postgres project: they start production servers (and Postgres clusters) of their own, on the
// engines they are about, and never use the test database; a second run would repeat the first.
const OWN_SERVERS_ONLY = [
  "tests/integration/backup-restore.test.ts",
  "tests/integration/deployment.test.ts",
  "tests/integration/logging.test.ts",
  "tests/integration/postgres-outage.test.ts",
];

// Files whose checks are the same on both engines, so their Postgres pass only repeated them: the hostile-input
// sweep drives generated requests through the app's input handling (forms, query strings, paths), which is
// PGlite's Postgres and Postgres's alike; what differs between the two (connections, concurrency, outages)
// has files of its own that run on both. (docs/decisions/2026-11-29-suite-time.md)
const SAME_ON_BOTH_ENGINES = ["tests/integration/hostile-input.test.ts"];

const TEST_FILES = [
  "app/**/*.test.{ts,tsx}",
  "tests/unit/**/*.test.{ts,tsx}",
  "scripts/**/*.test.ts",
  "tests/integration/**/*.test.ts",
];
// What a test file that runs on a database says: the test database helpers (useAdminAreaTests opens one for
// an admin area's file), the in-process app or a server. A new helper that opens a database belongs here.
const OPENS_A_DATABASE =
  /createTestDatabase|createPostgresTestDatabase|useAdminAreaTests|startInProcessApp|installDatabase|startAppServer|TEST_DATABASE_URL|testDatabaseEngine/;

/** Test files that never open a database (pure code: phrases, schemas, markdown…): the Postgres run would only repeat them. */
function databaseFreeTestFiles(): string[] {
  return TEST_FILES.flatMap((pattern) => fs.globSync(pattern)).filter(
    (file) => !OPENS_A_DATABASE.test(fs.readFileSync(file, "utf8")),
  );
}

/**
 * The integration files first (they start servers and clusters of their own, and each takes a minute or more),
 * then Vitest's own order. Without the results of an earlier run (a fresh clone, CI) Vitest starts the largest
 * files first, and a long integration file that started late was the run's last minute on its own.
 */
class IntegrationFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const integration = (file: TestSpecification) => file.moduleId.includes("/tests/integration/");
    return [...sorted.filter(integration), ...sorted.filter((file) => !integration(file))];
  }
}

// A deployment's settings in the shell never reach the tests (the app would open, and migrate, that database):
// each test database comes from tests/support/database.ts, and TEST_DATABASE_URL picks the Postgres run.
for (const name of Object.keys(process.env)) {
  if (DEPLOYMENT_VARIABLE.test(name)) delete process.env[name];
}

// npm test runs the suite once, in one Vitest run over two projects (scripts/test.sh starts the Postgres cluster
// and sets TEST_DATABASE_URL): every file on PGlite, and the files that open a database again on Postgres.
// One run shares its workers, so the long files of either project overlap with the short ones of the other,
// where two runs one after the other waited for each other's slowest file (ARCHITECTURE.md D10).
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: TEST_FILES,
    environment: "node",
    // Worker threads, not processes: each file still gets fresh modules, without a process start (a tenth off
    // the run). Three on a 2-core machine: the files that start servers and clusters of their own wait on them
    // for long stretches, and a third thread keeps both cores busy then (183 s → 162 s for the PGlite run).
    pool: "threads",
    maxWorkers: 3,
    sequence: { sequencer: IntegrationFilesFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test", DATA_DIR: ".tmp/vitest-data", SEED_DEMO: "false", PUBLIC_URL: "http://localhost:3000" },
    projects: postgresUrl
      ? [
          { extends: true, test: { name: "pglite", env: { TEST_DATABASE_URL: "" } } },
          {
            extends: true,
            test: {
              name: "postgres",
              exclude: [
                ...configDefaults.exclude,
                ...OWN_SERVERS_ONLY,
                ...SAME_ON_BOTH_ENGINES,
                ...databaseFreeTestFiles(),
              ],
              env: { TEST_DATABASE_URL: postgresUrl },
            },
          },
        ]
      : undefined,
  },
});
