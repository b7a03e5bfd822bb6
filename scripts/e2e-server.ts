// Starts the production build on a fresh embedded database for the end-to-end tests.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const port = process.env.E2E_PORT ?? "3210";
const dataDir = path.resolve(`.tmp/e2e-data-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });

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
    ADMIN_EMAIL: "admin@example.com",
    ADMIN_PASSWORD: "e2e-admin-password",
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
