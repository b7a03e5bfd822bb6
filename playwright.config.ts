import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Chromium's headless shell first (scripts/test.sh installs it): the same engine, with less CPU per page.
const BROWSERS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"];

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } };
const phone = { ...devices["Pixel 7"], browserName: "chromium" as const };

// Each worker runs its own site (the `e2eSite` fixture in tests/e2e/fixtures.ts: scripts/e2e-server.ts on a free
// port, demo content and fixture accounts), so spec files spread over the workers in any order and depend on no
// other file's leftovers; a failed test's worker is replaced, with a fresh site, and stops nothing else.
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: 3,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    trace: "off",
    // The suite's visitor asks for reduced motion (an OS setting the site honours: no autoplay, no smooth
    // scrolling, no shimmer), so the browser is not drawing animations nobody checks; the specs about motion
    // ask for it themselves (home.spec.ts, the carousel's autoplay).
    contextOptions: { reducedMotion: "reduce" },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? BROWSERS.find((file) => fs.existsSync(file)),
      // The outside network is blocked for every page of every context, in the browser itself: all but the
      // site under test (loopback, which bypasses it) goes to a proxy that is not there and fails at once
      // (ERR_PROXY_CONNECTION_FAILED), so the menu embed and the maps are never fetched. A route predicate
      // did this before, at the price of every request's round trip through the test process.
      proxy: { server: "http://127.0.0.1:9", bypass: "127.0.0.1,localhost" },
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
  // The phone runs cover the journeys whose layout differs; the rest run once on desktop. A test about phones
  // that sets a phone's width itself (@phone-only) runs on the phone alone: on desktop it was the same check
  // at the same width, without touch.
  projects: [
    { name: "desktop", use: desktop, grepInvert: /@phone-only/ },
    { name: "phone", use: phone, grep: /@phone/ },
  ],
});
