// Issue 12's whole journey in one browser session per mode, JavaScript on and off: the owner invites two
// admins; Alice accepts, turns on two-factor sign-in, signs out, signs in with a code from her app, then
// with a recovery code; Bob accepts and stays signed in without two-factor. Alice requires two-factor for
// every admin, and Bob's next page sends him to set it up. Alice removes Bob, and his open session ends.
// The activity log lists each step, filtered by person.
//
// The journey adds and removes admins and changes the sign-in policy: each mode runs its own server.
import type { Page } from "@playwright/test";
import {
  appCode,
  expect,
  expectClickable,
  expectNoSidewaysScroll,
  freshContext,
  signInWithPassword,
  signOutOfAdmin,
  test,
  toast,
  useOwnServer,
  waitForHydration,
} from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const OWNER = { email: "owner@journey.example", password: "journey-owner-password" };
const ALICE = { email: "alice@journey.example", password: "journey-alice-password" };
const BOB = { email: "bob@journey.example", password: "journey-bob-password" };

for (const javaScriptEnabled of [true, false]) {
  test.describe(`staff accounts, two-factor and the activity log, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    const serverUrl = useOwnServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

    test("invite, accept, two-factor, require it for all, remove, and the log of it all", async ({ page, browser }) => {
      const base = serverUrl();

      /** Invites `email` as the signed-in admin on `admin` and answers the link shown once. */
      async function invite(admin: Page, email: string): Promise<string> {
        await admin.goto(`${base}/admin/users`);
        await waitForHydration(admin, { javaScriptEnabled });
        await admin.getByRole("link", { name: "Invite Admin" }).click();
        const dialog = admin.getByRole("dialog", { name: "Invite an admin" });
        await dialog.getByLabel("Email").fill(email);
        await dialog.getByRole("button", { name: "Create Link" }).click();
        const shown = admin.getByRole("dialog", { name: "Invitation link" });
        const link = await shown.getByRole("textbox", { name: `Link for ${email}` }).inputValue();
        await shown.getByRole("link", { name: "Done" }).click();
        await expect(admin).toHaveURL(`${base}/admin/users`);
        return link;
      }

      /** Opens an invitation in a browser of its own and sets the password; that browser is then signed in. */
      async function accept(link: string, account: { email: string; password: string }): Promise<Page> {
        const context = await freshContext(browser, javaScriptEnabled);
        const them = await context.newPage();
        await them.goto(link);
        await expect(them.getByRole("heading", { level: 1, name: "Set up your admin account" })).toBeVisible();
        await waitForHydration(them, { javaScriptEnabled });
        await them.getByLabel("Password", { exact: true }).fill(account.password);
        await them.getByLabel("Confirm Password").fill(account.password);
        await them.getByRole("button", { name: "Create Account" }).click();
        await expect(them).toHaveURL(`${base}/admin`);
        return them;
      }

      // The owner invites Alice and Bob.
      await signInWithPassword(page, base, OWNER);
      await expect(page).toHaveURL(`${base}/admin`);
      const aliceLink = await invite(page, ALICE.email);
      const bobLink = await invite(page, BOB.email);

      // Alice accepts and turns on two-factor sign-in at My Account.
      const alice = await accept(aliceLink, ALICE);
      await alice.goto(`${base}/admin/account`);
      await waitForHydration(alice, { javaScriptEnabled });
      await alice.getByRole("button", { name: "Turn on" }).click();
      await expect(alice.getByRole("img", { name: /QR code to add .+ to an authenticator app/ })).toBeVisible();
      const secret = (await alice.locator(".two-factor-secret").textContent())!.replace(/\s/g, "");
      await alice.getByLabel("Code from the app").fill(await appCode(secret));
      await alice.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
      await expect(alice.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
      const recoveryCodes = (await alice.locator(".recovery-codes code").allTextContents()).map((c) => c.trim());
      expect(recoveryCodes).toHaveLength(10);
      await alice.getByRole("link", { name: "I have saved my codes" }).click();
      await expect(alice).toHaveURL(`${base}/admin/account`);

      // She signs out, and back in with her password and a code from the app (the next step's: the one
      // used to turn it on is spent).
      await signOutOfAdmin(alice);
      await signInWithPassword(alice, base, ALICE);
      await expect(alice).toHaveURL(`${base}/admin/login/two-factor`);
      const codeField = alice.getByLabel("Authentication code");
      await expectClickable(codeField);
      await codeField.fill(await appCode(secret, 1));
      const verify = alice.getByRole("button", { name: "Verify" });
      await expectClickable(verify);
      await verify.click();
      await expect(alice).toHaveURL(`${base}/admin`);
      await expect(toast(alice, "Logged in successfully!")).toBeVisible();

      // Then with a recovery code instead.
      await signOutOfAdmin(alice);
      await signInWithPassword(alice, base, ALICE);
      await expect(alice).toHaveURL(`${base}/admin/login/two-factor`);
      await alice.getByRole("link", { name: "Use a recovery code instead" }).click();
      await alice.getByLabel("Recovery code").fill(recoveryCodes[0]);
      await alice.getByRole("button", { name: "Verify" }).click();
      await expect(alice).toHaveURL(`${base}/admin`);

      // Bob accepts and stays signed in, without two-factor.
      const bob = await accept(bobLink, BOB);

      // Alice requires two-factor sign-in for every admin.
      await alice.goto(`${base}/admin/users`);
      await waitForHydration(alice, { javaScriptEnabled });
      const policy = alice.getByRole("region", { name: "Two-factor sign-in" });
      await policy.getByLabel("Require two-factor sign-in for every admin").check();
      const save = policy.getByRole("button", { name: "Save" });
      await expectClickable(save);
      await save.click();
      await expect(policy.getByLabel("Require two-factor sign-in for every admin")).toBeChecked();
      await expect(policy).not.toContainText("Optional");

      // Bob's next page is the set-up of two-factor sign-in, whatever he asked for.
      await bob.goto(`${base}/admin/brands`);
      await expect(bob).toHaveURL(`${base}/admin/account?setup=two-factor`);
      const required = bob.getByText("Your administrator requires two-factor sign-in. Set it up to continue.");
      await expect(required).toBeVisible();
      await expect(required).toBeInViewport();
      await expectClickable(bob.getByRole("button", { name: "Turn on" }));
      await expectNoSidewaysScroll(bob);

      // Alice removes Bob; his open session ends at once.
      await alice.goto(`${base}/admin/users`);
      await waitForHydration(alice, { javaScriptEnabled });
      const bobRow = alice
        .getByRole("table", { name: "Administrators" })
        .getByRole("row")
        .filter({ hasText: BOB.email });
      const remove = bobRow.getByRole("link", { name: `Remove ${BOB.email}` });
      await expectClickable(remove);
      await remove.click();
      const confirm = alice.getByRole("dialog", { name: "Remove admin" });
      await confirm.getByRole("button", { name: "Remove" }).click();
      await expect(toast(alice, "User removed")).toBeVisible();
      await expect(bobRow).toHaveCount(0);
      await bob.goto(`${base}/admin/account`);
      await expect(bob).toHaveURL(/\/admin\/login/);
      await expect(bob.getByRole("heading", { name: "Admin Login" })).toBeVisible();

      // The activity log, filtered to Alice: each of her steps, newest first, and none of the owner's.
      await alice.goto(`${base}/admin/activity`);
      await waitForHydration(alice, { javaScriptEnabled });
      await alice.getByLabel("Person", { exact: true }).selectOption({ label: ALICE.email });
      if (!javaScriptEnabled) await alice.getByRole("button", { name: "Apply" }).click();
      await expect(alice).toHaveURL(/[?&]person=/);
      const kinds = alice.getByRole("table").getByRole("rowheader");
      await expect(kinds).toHaveText([
        "User removed",
        "Settings updated",
        "Signed in",
        "Signed out",
        "Signed in",
        "Signed out",
        "Two-factor turned on",
        "Account created",
      ]);
      const removal = alice.getByRole("table").getByRole("row").filter({ hasText: "User removed" });
      await expect(removal).toContainText(BOB.email);
      await expect(removal).toBeInViewport();

      // The owner's invitations are the owner's.
      await alice.getByLabel("Person", { exact: true }).selectOption({ label: OWNER.email });
      if (!javaScriptEnabled) await alice.getByRole("button", { name: "Apply" }).click();
      await expect(kinds.filter({ hasText: "User invited" })).toHaveCount(2);
      await expect(kinds.filter({ hasText: "Two-factor turned on" })).toHaveCount(0);

      await alice.context().close();
      await bob.context().close();
    });
  });
}
