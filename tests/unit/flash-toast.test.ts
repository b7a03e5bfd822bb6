// The flash toast ("Post created", "Logged in successfully!") is taken by the response that shows the page,
// not by a request that happens to run in between: the post editor's live preview, sent while an action's
// redirect is on its way, used to clear the cookie, and the toast never showed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { showsFlashToast } from "~/server/toast.server";
import { startInProcessApp, type InProcessApp } from "../support/http-harness";
import { cookiePair, makeUser } from "./auth-support";

let app: InProcessApp;
beforeAll(async () => {
  app = await startInProcessApp();
});
afterAll(() => app?.close());

const FLASH_COOKIE = "toast-session";

/** Signs in through the login form: the session cookie and the flash toast the redirect carries. */
async function signIn(email: string): Promise<{ session: string; flash: string }> {
  await makeUser(email, "a long enough password", { admin: true });
  const response = await fetch(`${app.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, Accept: "text/html" },
    body: new URLSearchParams({ email, password: "a long enough password" }),
  });
  expect(response.status).toBe(302);
  const cookies = response.headers.getSetCookie().map(cookiePair);
  const session = cookies.find((cookie) => cookie.startsWith("admin_session="));
  const flash = cookies.find((cookie) => cookie.startsWith(`${FLASH_COOKIE}=`));
  expect(session && flash, "a session and a flash toast").toBeTruthy();
  return { session: session!, flash: flash! };
}

const clearsFlash = (response: Response) =>
  response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${FLASH_COOKIE}=`));

describe("the flash toast", () => {
  it("survives the editor's live preview, then shows on the page, which takes it", async () => {
    const { session, flash } = await signIn("preview@example.com");
    const cookie = `${session}; ${flash}`;

    const preview = await fetch(`${app.url}/admin/blog/markdown-preview`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ content: "Some **bold** text." }),
    });
    expect(preview.status).toBe(200);
    expect(clearsFlash(preview), "the preview leaves the flash cookie alone").toBe(false);

    const page = await fetch(`${app.url}/admin`, { headers: { Cookie: cookie, Accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Logged in successfully!");
    expect(clearsFlash(page), "the page that shows it takes it").toBe(true);
  });

  it("shows on a client-side navigation's data request", async () => {
    const { session, flash } = await signIn("navigation@example.com");
    const data = await fetch(`${app.url}/admin.data`, { headers: { Cookie: `${session}; ${flash}` } });
    expect(data.status).toBe(200);
    expect(await data.text()).toContain("Logged in successfully!");
    expect(clearsFlash(data)).toBe(true);
  });
});

describe("showsFlashToast", () => {
  it("is true for a document request and a page's data GET, false for a fetch() or a data POST", () => {
    const html = { Accept: "text/html,application/xhtml+xml" };
    expect(showsFlashToast(new Request("http://x/admin/blog", { headers: html }))).toBe(true);
    expect(showsFlashToast(new Request("http://x/admin/blog", { method: "POST", headers: html }))).toBe(true);
    expect(showsFlashToast(new Request("http://x/admin/blog.data"))).toBe(true);
    expect(showsFlashToast(new Request("http://x/admin/blog.data", { method: "POST" }))).toBe(false);
    expect(showsFlashToast(new Request("http://x/admin/blog/markdown-preview", { method: "POST" }))).toBe(false);
    expect(showsFlashToast(new Request("http://x/admin/inquiries/export.csv"))).toBe(false);
  });
});
