// A Postgres outage seen from the browser: the contact form keeps what the visitor typed and says it
// failed (a toast with JavaScript, a 503 page of the form without), pages that need the database answer
// 503 "We'll be right back" with the stores' phones, and once Postgres is back the same server takes the
// same form again, without a restart. A patient's bag (issue 39) lives through it: the bag and Add to bag
// answer 503 while Postgres is down, and the bag is as it was once it is back. One cluster and one production server (not the shared e2e server)
// for the whole file.
import pg from "pg";
import { type AppServer, startAppServer } from "../support/app-server";
import { cookieJarClient, findOrderableProduct } from "../support/cookie-jar-client";
import { type PostgresCluster, startPostgresCluster } from "../support/postgres-cluster";
import { expect, test, waitForHydration } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const DATABASE = "outage_e2e";
const CONTACT_SUCCESS = "Message sent successfully! We'll get back to you soon.";
const CONTACT_FAILURE = "Failed to send message. Please try again.";
const STORE_PHONES = ["(405) 555-0142", "(405) 555-0178"];

let cluster: PostgresCluster | undefined;
let server: AppServer | undefined;

const serverUrl = () => server!.url;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startPostgresCluster();
  cluster.createDatabase(DATABASE);
  server = await startAppServer({
    DATABASE_URL: cluster.url(DATABASE),
    SINGLE_INSTANCE: "true",
    SEED_DEMO: "true",
    // Both journeys post here twice, and --repeat-each runs them again from the same address.
    FORM_RATE_LIMIT: "100",
  });
});

test.afterEach(async () => {
  const testInfo = test.info();
  // Whatever happened, the next test starts with Postgres running.
  cluster?.start();
  if (server && testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach("server output", { body: server.output().slice(-8000), contentType: "text/plain" });
  }
});

test.afterAll(async () => {
  try {
    await server?.stop();
  } finally {
    cluster?.destroy();
  }
});

async function storedMessages(): Promise<string[]> {
  const client = new pg.Client({ connectionString: cluster!.url(DATABASE) });
  await client.connect();
  try {
    const { rows } = await client.query<{ message: string }>("select message from contact_inquiries");
    return rows.map((row) => row.message);
  } finally {
    await client.end();
  }
}

async function readiness(): Promise<number> {
  try {
    return (await fetch(`${serverUrl()}/readyz`)).status;
  } catch {
    return 0;
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the contact form through an outage, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("keeps the typed values while Postgres is down, then sends them once it is back", async ({ page }) => {
      const stamp = `${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
      const typed = {
        name: `Outage Visitor ${stamp}`,
        email: `outage-${stamp}@example.com`,
        phone: "(405) 555-0123",
        topic: "product-suggestion",
        message: `Please stock more Altvm cartridges (${stamp}).`,
      };
      await page.context().addCookies([{ name: "ageVerified", value: String(Date.now()), url: serverUrl() }]);

      await page.goto(`${serverUrl()}/contact`);
      await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
      if (javaScriptEnabled) await waitForHydration(page, { selector: "#contact" });
      const fields = {
        name: page.getByLabel("Name"),
        email: page.getByLabel("Email"),
        phone: page.getByLabel("Phone"),
        topic: page.getByRole("combobox", { name: "Topic" }),
        message: page.getByLabel("Message"),
      };
      await fields.name.fill(typed.name);
      await fields.email.fill(typed.email);
      await fields.phone.fill(typed.phone);
      await fields.topic.selectOption(typed.topic);
      await fields.message.fill(typed.message);
      const expectTypedValues = async () => {
        for (const key of Object.keys(fields) as (keyof typeof fields)[]) {
          await expect(fields[key], key).toHaveValue(typed[key]);
        }
      };

      // Postgres goes away; the visitor sends the form.
      cluster!.stop();
      const posted = page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/contact"),
      );
      await page.getByRole("button", { name: "Send Message" }).click();
      const failed = await posted;
      expect(failed.status()).toBe(503);
      expect(failed.headers()["retry-after"]).toMatch(/^\d+$/);
      if (javaScriptEnabled) {
        const toast = page.getByTestId("toast").filter({ hasText: CONTACT_FAILURE });
        await expect(toast).toBeVisible();
        await expect(toast).toBeInViewport();
      } else {
        await expect(page).toHaveURL(`${serverUrl()}/contact`);
        await expect(page.getByRole("alert").filter({ hasText: CONTACT_FAILURE })).toBeVisible();
      }
      await expectTypedValues();
      await expect(page.getByText(CONTACT_SUCCESS)).toHaveCount(0);

      // Meanwhile a page that needs the database says so, with the stores' phones; /readyz answers 503.
      const other = await page.context().newPage();
      const blog = await other.goto(`${serverUrl()}/blog`);
      expect(blog?.status()).toBe(503);
      expect(blog?.headers()["retry-after"]).toMatch(/^\d+$/);
      await expect(other.getByRole("heading", { level: 1, name: "We'll be right back" })).toBeVisible();
      for (const phone of STORE_PHONES) {
        await expect(other.getByRole("main").getByRole("link", { name: phone })).toBeVisible();
      }
      await other.close();
      expect(await readiness()).toBe(503);
      // The process itself is fine: liveness stays 200, so nothing restarts it for the database's outage.
      expect((await fetch(`${serverUrl()}/healthz`)).status).toBe(200);

      // Postgres comes back: the same server answers again, and the same form goes through.
      cluster!.start();
      await expect.poll(readiness, { timeout: 15_000, intervals: [200] }).toBe(200);
      const resent = page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/contact"),
      );
      await page.getByRole("button", { name: "Send Message" }).click();
      expect((await resent).status()).toBe(200);
      if (javaScriptEnabled) {
        await expect(page.getByTestId("toast").filter({ hasText: CONTACT_SUCCESS })).toBeVisible();
      } else {
        await expect(page.getByText(CONTACT_SUCCESS)).toBeVisible();
      }
      // Stored exactly once: the failed attempt left nothing behind.
      expect((await storedMessages()).filter((message) => message === typed.message)).toEqual([typed.message]);
      expect(server!.alive()).toBe(true);
    });
  });
}

test("a patient's bag through an outage: a 503 page while Postgres is down, the bag as it was once it is back", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  await context.addCookies([{ name: "ageVerified", value: String(Date.now()), url: serverUrl() }]);
  const page = await context.newPage();
  const product = await findOrderableProduct(cookieJarClient(serverUrl()));
  await page.goto(`${serverUrl()}${product.path}`);
  await page.getByRole("button", { name: /^Add to bag: / }).click();
  await expect(page).toHaveURL(`${serverUrl()}/bag`);
  const lines = page.getByRole("list", { name: "Items" }).getByRole("listitem");
  await expect(lines).toHaveCount(1);
  const before = await lines.innerText();

  // Postgres goes away: the bag and an Add to bag answer 503 with the stores' phones, and keep the cookie.
  await page.goto(`${serverUrl()}${product.path}`);
  cluster!.stop();
  const added = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/bag");
  await page.getByRole("button", { name: /^Add to bag: / }).click();
  expect((await added).status()).toBe(503);
  await expect(page.getByRole("heading", { level: 1, name: "We'll be right back" })).toBeVisible();
  const bag = await page.goto(`${serverUrl()}/bag`);
  expect(bag?.status()).toBe(503);
  expect(bag?.headers()["set-cookie"] ?? "").not.toMatch(/(^|\n)bag=/);
  await expect(page.getByRole("main").getByRole("link", { name: STORE_PHONES[0] })).toBeVisible();

  // Back: the same bag, with nothing half-added by the request that failed.
  cluster!.start();
  await expect.poll(readiness, { timeout: 15_000, intervals: [200] }).toBe(200);
  await page.goto(`${serverUrl()}/bag`);
  await expect(lines).toHaveCount(1);
  expect(await lines.innerText()).toBe(before);
  await context.close();
});
