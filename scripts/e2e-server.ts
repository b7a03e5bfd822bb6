// Starts the production build on a fresh embedded database for the end-to-end tests.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const port = process.env.E2E_PORT ?? "3210";
const dataDir = path.resolve(`.tmp/e2e-data-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });

// Fixture users the server does not create itself (a signed-in user without the admin role).
const fixtures = spawnSync(
  process.execPath,
  [path.resolve("node_modules/tsx/dist/cli.mjs"), "tests/support/e2e-users.ts"],
  {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, SEED_DEMO: "false" },
  },
);
if (fixtures.status !== 0) process.exit(fixtures.status ?? 1);

const child = spawn(process.execPath, ["server.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: port,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    SEED_DEMO: "true",
    FORM_RATE_LIMIT: process.env.FORM_RATE_LIMIT ?? "5",
    // Specs that submit the public forms act as distinct clients through X-Forwarded-For, so each
    // spec's rate-limit budget is its own.
    TRUST_PROXY: "loopback",
    ADMIN_EMAIL: "admin@example.com",
    ADMIN_PASSWORD: "e2e-admin-password",
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
