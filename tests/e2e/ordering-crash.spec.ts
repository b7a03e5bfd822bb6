// Reservations through a crash (issue 39): patients check out at once on the embedded database, the server is
// killed with SIGKILL as the first of them is acknowledged, and after a restart on the same data every order
// that was acknowledged is there, behind its signed link. No browser: the fault is the server's, and the
// patients are plain HTTP clients.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type AppServer, startAppServer } from "../support/app-server";
import { cookieJarClient, findOrderableProduct, type VisitorRequest } from "../support/cookie-jar-client";
import { copyMigratedDatabase } from "../support/data-dir-templates";
import { expect, test } from "./fixtures";

const PATIENTS = 30;

let dataDir: string;
const servers: AppServer[] = [];

test.afterAll(async () => {
  for (const server of servers) await server.stop().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("a kill -9 while reservations arrive loses none that were acknowledged", async () => {
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ordering-crash-"));
  copyMigratedDatabase(dataDir);
  // The demo's catalog, with ordering kept by both stores; every patient posts from this one address.
  const env = { DATA_DIR: dataDir, SEED_DEMO: "true", FORM_RATE_LIMIT: "1000" };
  const first = await startAppServer(env);
  servers.push(first);

  const product = await findOrderableProduct(cookieJarClient(first.url));
  const patients: { visit: VisitorRequest; window: string }[] = [];
  for (let i = 0; i < PATIENTS; i++) {
    const visit = cookieJarClient(first.url);
    const added = await visit("/bag", { intent: "add", slug: product.slug, option: product.option, quantity: "1" });
    expect(added.response.status).toBe(302);
    const form = await visit("/bag/checkout");
    const window = /<option value="(\d{13})"/.exec(form.html)?.[1];
    expect(window, "a pickup window is offered").toBeDefined();
    patients.push({ visit, window: window! });
  }

  // All at once; the server dies as the first acknowledgement arrives, with the others in flight.
  const outcomes = await Promise.allSettled(
    patients.map(async ({ visit, window }, i) => {
      const { response } = await visit("/bag/checkout", {
        name: `Crash Patient ${i}`,
        phone: "4055550142",
        email: "",
        window,
        note: "",
      });
      if (response.status === 303) first.child.kill("SIGKILL");
      return response;
    }),
  );
  await first.exited;
  const acknowledged = outcomes.flatMap((outcome) =>
    outcome.status === "fulfilled" && outcome.value.status === 303 ? [outcome.value.headers.get("location")!] : [],
  );
  const unanswered = outcomes.filter((outcome) => outcome.status === "rejected").length;
  expect(acknowledged.length, "at least one order acknowledged before the kill").toBeGreaterThan(0);
  expect(unanswered, "some checkouts still in flight at the kill").toBeGreaterThan(0);

  // The same data, a new process (it waits out the dead one's lock): every acknowledged order is there.
  const second = await startAppServer(env, { waitMs: 60_000 });
  servers.push(second);
  for (const location of acknowledged) {
    expect(location).toMatch(/^\/order\/[2-9A-HJKMNP-Z]{6}\?k=/);
    const page = await fetch(`${second.url}${location}`, { headers: { Cookie: `ageVerified=${Date.now()}` } });
    expect(page.status, location).toBe(200);
    expect(await page.text()).toContain(`Order ${location.slice("/order/".length, "/order/".length + 6)}`);
  }
});
