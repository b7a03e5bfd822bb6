// Admin → Users (issue 12), JavaScript on and off: invite an admin (mail is not set up here, so the link is
// shown once), open the link in a fresh browser, set a password and land in the admin signed in; then the
// first admin removes them and the second browser's next page is the login page. Also: an invitation to an
// address that has an account, withdrawing one, an invalid link, and the require-two-factor refusal.
//
// Adding and removing admins changes who can sign in: this file runs its own server and database (not the
// shared e2e server), started once for the file.
import type { Page } from "@playwright/test";
import {
  expect,
  expectClickable,
  expectNoSidewaysScroll,
  freshContext,
  onThePhoneWithJavaScript,
  signInWithPassword,
  test,
  toast,
  useOwnServer,
  waitForHydration,
} from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const OWNER = { email: "owner@example.com", password: "owner-password-123" };

const serverUrl = useOwnServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

async function signIn(page: Page, account: { email: string; password: string }) {
  await signInWithPassword(page, serverUrl(), account);
  await expect(page).toHaveURL(`${serverUrl()}/admin`);
}

const adminRow = (page: Page, email: string) =>
  page.getByRole("table", { name: "Administrators" }).getByRole("row").filter({ hasText: email });
const invitationRow = (page: Page, email: string) =>
  page.getByRole("table", { name: "Pending invitations" }).getByRole("row").filter({ hasText: email });

/** Opens the invite dialog, sends `email`, and answers the dialog that follows. */
async function invite(page: Page, email: string, javaScriptEnabled: boolean) {
  await page.goto(`${serverUrl()}/admin/users`);
  await waitForHydration(page, { javaScriptEnabled });
  const inviteLink = page.getByRole("link", { name: "Invite Admin" });
  await expectClickable(inviteLink);
  await inviteLink.click();
  await expect(page).toHaveURL(/\?dialog=invite$/);
  const dialog = page.getByRole("dialog", { name: "Invite an admin" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Mail is not set up on this server");
  await dialog.getByLabel("Email").fill(email);
  const submit = dialog.getByRole("button", { name: "Create Link" });
  await expectClickable(submit);
  await submit.click();
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "js" : "nojs";

  test.describe(`admin users, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test(`invite, accept in a fresh browser, then remove: their open session ends${onThePhoneWithJavaScript(javaScriptEnabled)}`, async ({
      page,
      browser,
      context,
    }) => {
      const invitee = { email: `invitee-${mode}-${test.info().project.name}@example.com`, password: "invitee-pass-42" };
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: serverUrl() });
      await signIn(page, OWNER);

      await page.goto(`${serverUrl()}/admin/users`);
      await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
      await expect(page.getByText("People who can sign in to the admin.")).toBeVisible();
      const ownerRow = adminRow(page, OWNER.email);
      await expect(ownerRow).toBeVisible();
      await expect(ownerRow.getByText("You", { exact: true })).toBeVisible();
      await expect(ownerRow.getByText("Off", { exact: true })).toBeVisible();
      // Your own row has no Remove.
      await expect(ownerRow.getByRole("link", { name: /^Remove/ })).toHaveCount(0);
      await expectNoSidewaysScroll(page);

      // Invite: mail is not set up, so the answer shows the link, once.
      await invite(page, invitee.email, javaScriptEnabled);
      const linkDialog = page.getByRole("dialog", { name: "Invitation link" });
      await expect(linkDialog).toBeVisible();
      await expect(linkDialog).toContainText(
        `Invitation link for ${invitee.email}: copy it now, it is shown only once.`,
      );
      const linkField = linkDialog.getByRole("textbox", { name: `Link for ${invitee.email}` });
      await expect(linkField).toHaveValue(new RegExp(`^${serverUrl()}/admin/invite\\?token=[A-Za-z0-9_-]{43}$`));
      await expect(linkField).toHaveAttribute("readonly", "");
      const link = await linkField.inputValue();
      const token = new URL(link).searchParams.get("token")!;
      const copy = linkDialog.getByRole("button", { name: "Copy Link" });
      if (javaScriptEnabled) {
        await expectClickable(copy);
        await copy.click();
        await expect(toast(page, "Link copied")).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      } else {
        // Without JavaScript there is nothing to press: the link is selected and copied by hand.
        await expect(copy).toHaveCount(0);
      }
      await expectNoSidewaysScroll(page);
      const done = linkDialog.getByRole("link", { name: "Done" });
      await expectClickable(done);
      await done.click();
      await expect(page).toHaveURL(`${serverUrl()}/admin/users`);
      await expect(linkDialog).toHaveCount(0);
      // Shown once: the page no longer holds it; the invitation is pending.
      expect(await page.content()).not.toContain(token);
      const pending = invitationRow(page, invitee.email);
      await expect(pending).toBeVisible();
      await expect(pending).toContainText(OWNER.email);

      // The invited person opens the link in a browser of their own.
      const theirs = await freshContext(browser, javaScriptEnabled);
      const them = await theirs.newPage();
      await them.goto(link);
      // The token left the address bar for a cookie.
      await expect(them).toHaveURL(`${serverUrl()}/admin/invite`);
      await expect(them.getByRole("heading", { level: 1, name: "Set up your admin account" })).toBeVisible();
      await expect(them.getByText(invitee.email, { exact: true })).toBeVisible();
      await waitForHydration(them, { javaScriptEnabled });
      await them.getByLabel("Password", { exact: true }).fill(invitee.password);
      await them.getByLabel("Confirm Password").fill(invitee.password);
      const create = them.getByRole("button", { name: "Create Account" });
      await expectClickable(create);
      await create.click();
      await expect(them).toHaveURL(`${serverUrl()}/admin`);
      await expect(toast(them, "Welcome! Your account is ready.")).toBeVisible();

      // The link worked once.
      const again = await theirs.newPage();
      await again.goto(link);
      await expect(again.getByText("This invitation link is invalid or has expired.")).toBeVisible();
      await again.close();

      // The first admin sees them listed, and removes them.
      await page.goto(`${serverUrl()}/admin/users`);
      await waitForHydration(page, { javaScriptEnabled });
      await expect(invitationRow(page, invitee.email)).toHaveCount(0);
      const row = adminRow(page, invitee.email);
      await expect(row).toBeVisible();
      await expect(row.getByText("You", { exact: true })).toHaveCount(0);
      const remove = row.getByRole("link", { name: `Remove ${invitee.email}` });
      await expectClickable(remove);
      await remove.click();
      const confirm = page.getByRole("dialog", { name: "Remove admin" });
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText(invitee.email);
      const confirmRemove = confirm.getByRole("button", { name: "Remove" });
      await expectClickable(confirmRemove);
      await expectNoSidewaysScroll(page);
      await confirmRemove.click();
      await expect(toast(page, "User removed")).toBeVisible();
      await expect(adminRow(page, invitee.email)).toHaveCount(0);

      // Their open session has ended: their next page is the login page.
      await them.goto(`${serverUrl()}/admin/users`);
      await expect(them).toHaveURL(/\/admin\/login/);
      await expect(them.getByRole("heading", { name: "Admin Login" })).toBeVisible();
      await theirs.close();
    });

    test("refuses an address that has an account, and withdraws an invitation after asking", async ({ page }) => {
      await signIn(page, OWNER);
      await invite(page, OWNER.email.toUpperCase(), javaScriptEnabled);
      const dialog = page.getByRole("dialog", { name: "Invite an admin" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText("An account with this email already exists")).toBeVisible();
      await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
      if (javaScriptEnabled) await expect(toast(page, "Error sending invitation")).toBeVisible();

      const email = `withdrawn-${mode}@example.com`;
      await invite(page, email, javaScriptEnabled);
      const linkDialog = page.getByRole("dialog", { name: "Invitation link" });
      await expect(linkDialog).toContainText(`Invitation link for ${email}`);
      await linkDialog.getByRole("link", { name: "Done" }).click();
      const row = invitationRow(page, email);
      const withdraw = row.getByRole("link", { name: `Withdraw the invitation to ${email}` });
      await expectClickable(withdraw);
      await expectClickable(row.getByRole("button", { name: `Resend the invitation to ${email}` }));
      await withdraw.click();
      const confirm = page.getByRole("dialog", { name: "Withdraw invitation" });
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText(email);
      await confirm.getByRole("button", { name: "Withdraw" }).click();
      await expect(toast(page, "Invitation withdrawn")).toBeVisible();
      await expect(invitationRow(page, email)).toHaveCount(0);
    });

    test("an invalid link says so; requiring two-factor asks for your own first", async ({ page }) => {
      await page.goto(`${serverUrl()}/admin/invite?token=${"x".repeat(43)}`);
      await expect(page.getByRole("heading", { level: 1, name: "Set up your admin account" })).toBeVisible();
      await expect(
        page.getByText("This invitation link is invalid or has expired. Ask an administrator to send a new one."),
      ).toBeVisible();

      await signIn(page, OWNER);
      await page.goto(`${serverUrl()}/admin/users`);
      await waitForHydration(page, { javaScriptEnabled });
      const card = page.getByRole("region", { name: "Two-factor sign-in" });
      await expect(card).toContainText("Optional");
      await card.getByLabel("Require two-factor sign-in for every admin").check();
      const save = card.getByRole("button", { name: "Save" });
      await expectClickable(save);
      await save.click();
      const refusal = card.getByRole("alert");
      await expect(refusal).toContainText("Turn on two-factor sign-in for your own account first");
      await expect(refusal.getByRole("link", { name: "set up two-factor sign-in" })).toHaveAttribute(
        "href",
        "/admin/account",
      );
      await expect(card).toContainText("Optional");
    });
  });
}
