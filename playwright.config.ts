import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);

// Specs that start a production server of their own (useOwnServer / startAppServer) share nothing with the
// others, so they run in a second worker beside the specs on the shared server, which run one at a time in
// file order (later specs read what earlier ones left).
const OWN_SERVER_SPECS = [
  "admin-hours.spec.ts",
  "admin-reviews.spec.ts",
  "admin-sign-in-attack.spec.ts",
  "admin-settings.spec.ts",
  "admin-staff-journey.spec.ts",
  "admin-two-factor.spec.ts",
  "admin-users.spec.ts",
  "database-outage.spec.ts",
  "notification-mail.spec.ts",
].map((file) => `**/${file}`);
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } };
const phone = { ...devices["Pixel 7"], browserName: "chromium" as const };
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // The phone runs cover the journeys whose layout differs; the rest run once on desktop.
  projects: [
    { name: "desktop", use: desktop, testIgnore: OWN_SERVER_SPECS, workers: 1 },
    // After desktop: the shared server's state is for one spec at a time.
    { name: "phone", use: phone, grep: /@phone/, testIgnore: OWN_SERVER_SPECS, workers: 1, dependencies: ["desktop"] },
    { name: "own-server", use: desktop, testMatch: OWN_SERVER_SPECS, workers: 1 },
    { name: "own-server-phone", use: phone, grep: /@phone/, testMatch: OWN_SERVER_SPECS, workers: 1 },
  ],
  webServer: {
    command: "node scripts/e2e-server.ts",
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(port) },
  },
});
