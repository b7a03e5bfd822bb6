// Notification mail end to end, on a production server of its own (a private Postgres, and a local SMTP
// server that refuses, then accepts): a visitor's message is saved and its mail waits in the queue after the
// refusal; once it has failed for good, the dashboard says so under "Needs attention" and in its card, and
// "Send again" (a plain form, without JavaScript, on a phone) gets it delivered within seconds.
import type { Page } from "@playwright/test";
import pg from "pg";
import { type AppServer, startAppServer } from "../support/app-server";
import { type PostgresCluster, startPostgresCluster } from "../support/postgres-cluster";
import { type SmtpCapture, startSmtpCapture } from "../support/smtp-capture";
import {
  expect,
  expectClickable,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  test,
  toast,
  waitForHydration,
} from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const DATABASE = "notification_mail_e2e";
const STORE = "orders@store.example.com";
const ADMIN = { email: "mail-e2e-admin@example.com", password: "mail-e2e-password-42" };
const STAMP = Date.now();
const SENDER = `Mail Tester ${STAMP}`;
const SUBJECT = `New contact message: Review from ${SENDER}`;

let cluster: PostgresCluster | undefined;
let server: AppServer | undefined;
let smtp: SmtpCapture;

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster!.url(DATABASE) });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpCapture();
  smtp.refusing = true;
  cluster = await startPostgresCluster();
  cluster.createDatabase(DATABASE);
  server = await startAppServer({
    DATABASE_URL: cluster.url(DATABASE),
    SINGLE_INSTANCE: "true",
    SMTP_URL: smtp.url,
    MAIL_TO: STORE,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
});

test.afterEach(async () => {
  const info = test.info();
  if (server && info.status !== info.expectedStatus) {
    await info.attach("server output", { body: server.output().slice(-8000), contentType: "text/plain" });
  }
});

test.afterAll(async () => {
  try {
    await server?.stop();
  } finally {
    cluster?.destroy();
    await smtp?.close();
  }
});

interface MailRow {
  status: string;
  attempts: number;
  last_error: string | null;
  subject: string;
}
const mailRows = () => query<MailRow>("select status, attempts, last_error, subject from notification_mail");

test("a message sent while the mail server refuses is saved, and its mail waits for the next attempt", async ({
  page,
}) => {
  await page.context().addCookies([{ name: "ageVerified", value: String(Date.now()), url: server!.url }]);
  await page.goto(`${server!.url}/contact`);
  await waitForHydration(page);
  await page.getByLabel("Name").fill(SENDER);
  await page.getByLabel("Email").fill("mail-tester@example.com");
  await page.getByRole("combobox", { name: "Topic" }).selectOption("review");
  await page.getByLabel("Message").fill("Friendly staff at Lindsey Street.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(toast(page, "Message sent successfully!")).toBeVisible();

  expect(await query("select name from contact_inquiries")).toEqual([{ name: SENDER }]);
  // The worker was nudged by the commit and tried at once: refused, so it waits (a minute, then longer).
  await expect.poll(async () => (await mailRows())[0]?.last_error ?? "", { timeout: 10_000 }).toMatch(/451/);
  expect(await mailRows()).toEqual([expect.objectContaining({ status: "pending", attempts: 1, subject: SUBJECT })]);
  expect(smtp.received).toEqual([]);

  // A day of refusals later, the queue gives up (the schedule itself is covered by the unit tests).
  await query(
    `update notification_mail set status = 'failed', attempts = 30, last_attempt_at = now(), locked_until = null`,
  );
});

async function signIn(page: Page) {
  await page.goto(`${server!.url}/admin/login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test.describe("the dashboard with JavaScript, on a wide screen", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the card lists the failed mail beside its 'Send again' button, with no serious accessibility problem", async ({
    page,
  }) => {
    await signIn(page);
    const card = page.getByRole("region", { name: "Notification mail" });
    const item = card.getByTestId("notification-mail");
    await expect(item).toContainText(SUBJECT);
    const sendAgain = item.getByRole("button", { name: `Send again the mail “${SUBJECT}”` });
    await expectClickable(sendAgain);
    // On a wide screen the button sits beside the mail's details, not under them.
    const [text, button] = await Promise.all([
      item.locator(".admin-alert-card__text").boundingBox(),
      sendAgain.boundingBox(),
    ]);
    expect(button!.x).toBeGreaterThan(text!.x + text!.width - 1);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("the dashboard without JavaScript, on a phone", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("shows the failed mail under 'Needs attention' and in its card, and 'Send again' delivers it", async ({
    page,
  }) => {
    await signIn(page);

    const attention = page.getByRole("region", { name: "Needs attention" });
    const stat = attention.getByRole("link", { name: "1 notification mail not sent" });
    await expect(stat).toHaveAttribute("href", "/admin#notification-mail");

    const card = page.getByRole("region", { name: "Notification mail" });
    await expect(card).toBeVisible();
    const item = card.getByTestId("notification-mail");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(SUBJECT);
    await expect(item).toContainText("30 attempts");
    await expect(item).toContainText(`To ${STORE}`);
    await expect(item).toContainText(/Last error: .*451/);
    await expectNoSidewaysScroll(page);

    // The link in "Needs attention" leads to the card.
    await stat.click();
    await expect(card.getByRole("heading", { name: "Notification mail" })).toBeInViewport();

    // The mail server is healthy again; the owner sends the mail again.
    smtp.refusing = false;
    const sendAgain = item.getByRole("button", { name: `Send again the mail “${SUBJECT}”` });
    await expectClickable(sendAgain);
    await sendAgain.click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(toast(page, "Mail queued to send again")).toBeVisible();

    // Delivered within seconds (the action nudged the worker), to the store, with the visitor's words.
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    expect(smtp.received[0].to).toEqual([STORE]);
    expect(smtp.received[0].raw).toContain(`Subject: ${SUBJECT}`);
    await expect.poll(async () => (await mailRows())[0].status, { timeout: 10_000 }).toBe("sent");

    // Off the dashboard again; the activity log says who sent it again.
    await page.reload();
    await expect(page.getByRole("region", { name: "Notification mail" })).toHaveCount(0);
    await expect(attention.getByRole("link", { name: /notification mail/ })).toHaveCount(0);
    expect(await query("select kind, actor_email, subject_title from activity_log where kind = 'mail.resend'")).toEqual(
      [{ kind: "mail.resend", actor_email: ADMIN.email, subject_title: "Contact message notification" }],
    );
  });
});
