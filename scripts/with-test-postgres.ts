// Runs a command against a private, throwaway Postgres cluster: `tsx scripts/with-test-postgres.ts <command…>`.
// The command gets TEST_DATABASE_URL (the cluster's maintenance database); the cluster is stopped and
// deleted afterwards, whatever happened, and the command's exit code is passed through.
import { spawn } from "node:child_process";
import os from "node:os";
import { startPostgresCluster } from "../tests/support/postgres-cluster";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("Usage: tsx scripts/with-test-postgres.ts <command> [arguments…]");
  process.exit(2);
}

// Vitest runs several workers, each with a pool per open test database.
const cluster = await startPostgresCluster({ maxConnections: 300 });
let code: number;
try {
  const child = spawn(command, args, {
    stdio: "inherit",
    env: { ...process.env, TEST_DATABASE_URL: cluster.url("postgres") },
  });
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  process.on("SIGINT", forward("SIGINT"));
  process.on("SIGTERM", forward("SIGTERM"));
  code = await new Promise<number>((resolve) => {
    child.on("error", (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on("exit", (exitCode, signal) => resolve(exitCode ?? 128 + (signal ? os.constants.signals[signal] : 0)));
  });
} finally {
  cluster.destroy();
}
process.exit(code);
