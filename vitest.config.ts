import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "tests/unit/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    environment: "node",
    // PGlite instances are heavy: a few files at a time on a 2-core machine.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test", DATA_DIR: ".tmp/vitest-data", SEED_DEMO: "false", PUBLIC_URL: "http://localhost:3000" },
  },
});
