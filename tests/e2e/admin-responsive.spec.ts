// Every admin list on a phone (390 px) and a tablet (768 px): each row's actions are on screen and can be
// tapped, with JavaScript and without. That no admin page scrolls sideways, at every width, is every-page.spec.ts.
import type { Page } from "@playwright/test";
import { doubleTheTextSize, expect, signInAsAdmin, test, waitForHydration } from "./fixtures";
import { sendApplication, sendInquiry } from "./submissions";

const RUN = Date.now();
// Long words and a long file name: what once pushed the applications table past the page's edge.
const APPLICANT = `Maximiliana Montgomery-Whitfield ${RUN}`;
const RESUME_NAME = `Maximiliana Montgomery-Whitfield Résumé final version ${RUN}.pdf`;
const INQUIRER = `Bartholomew Inquirer ${RUN}`;

/** Each admin list, and what one of its rows is. */
const LISTS = [
  { name: "brands", path: "/admin/brands", rows: ".admin-brand-list > li" },
  { name: "deals", path: "/admin/deals", rows: ".admin-deal-table tbody tr" },
  { name: "blog posts", path: "/admin/blog", rows: ".admin-post-list > li" },
  { name: "categories & tags", path: "/admin/blog/terms", rows: ".admin-terms__table tbody tr" },
  { name: "applications", path: "/admin/applications", rows: ".submission-table tbody tr" },
  { name: "inquiries", path: "/admin/inquiries", rows: ".submission-table tbody tr" },
] as const;

/**
 * Every enabled link, button and select in the rows: after scrolling the page (only the page, never a box
 * inside it) to bring it to mid-screen, it must lie within the viewport's width, be the element found at
 * its own centre (nothing covers it), and, unless it is a link of words, measure 24×24 px or more.
 */
async function rowActionProblems(page: Page, rowSelector: string) {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const rows = [...document.querySelectorAll(selector)];
    let controls = 0;
    for (const row of rows) {
      for (const control of row.querySelectorAll<HTMLElement>("a[href], button, select")) {
        if ((control as HTMLButtonElement).disabled) continue;
        controls++;
        const name = control.getAttribute("aria-label") ?? control.textContent?.trim() ?? control.tagName;
        // "instant": the site scrolls smoothly, and the measurements below need the scroll done.
        const top = control.getBoundingClientRect().top + window.scrollY - window.innerHeight / 2;
        window.scrollTo({ top, left: 0, behavior: "instant" });
        const box = control.getBoundingClientRect();
        const first = control.getClientRects()[0];
        if (!first || box.width === 0 || box.height === 0) {
          problems.push(`${name}: not shown`);
          continue;
        }
        if (box.left < 0 || box.right > window.innerWidth) {
          problems.push(`${name}: off screen (${Math.round(box.left)}–${Math.round(box.right)} of ${innerWidth})`);
        }
        const hit = document.elementFromPoint(first.left + first.width / 2, first.top + first.height / 2);
        if (!hit || (hit !== control && !control.contains(hit))) {
          problems.push(`${name}: covered by ${hit ? hit.outerHTML.slice(0, 100) : "nothing"}`);
        }
        // A link of words (an e-mail, a phone number) is as tall as its line; buttons, selects and icon links
        // must be 24×24 px at least (WCAG 2.5.8).
        const textLink =
          control.tagName === "A" && !control.hasAttribute("aria-label") && !control.matches(".rt-BaseButton");
        if (!textLink && (box.width < 24 || box.height < 24)) {
          problems.push(`${name}: ${Math.round(box.width)}×${Math.round(box.height)} px, under 24×24`);
        }
      }
    }
    return { rows: rows.length, controls, problems };
  }, rowSelector);
}

async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label} is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(
    innerWidth,
  );
}

// Every list has rows: an application with long words and a long résumé name (what once pushed the table past
// the page's edge), and an inquiry, sent through the public forms' actions before the tests look.
test.beforeAll(async ({ playwright, e2eSite }) => {
  const request = await playwright.request.newContext({ baseURL: e2eSite.url });
  await sendApplication(request, {
    full_name: APPLICANT,
    email: `maximiliana.montgomery.whitfield.${RUN}@example-long-domain.com`,
    phone: "(405) 555-0199",
    position: "shift-lead",
    availability: "Weekday evenings and all day on weekends, at either store",
    resume: {
      name: RESUME_NAME,
      mimeType: "application/pdf",
      buffer: Buffer.from(
        `%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${RUN}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
      ),
    },
  });
  await sendInquiry(request, {
    name: INQUIRER,
    email: `bartholomew.${RUN}@example.com`,
    topic: "general",
    message: "Do both stores take the same loyalty points? ".repeat(4),
  });
  await request.dispose();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`row actions in view on a phone and a tablet (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 844 } });

    for (const list of LISTS) {
      test(`${list.name}: every row's actions are on screen and tappable at 390 and 768 px @phone-only`, async ({
        page,
      }) => {
        await signInAsAdmin(page);
        for (const width of [390, 768]) {
          await page.setViewportSize({ width, height: 844 });
          await page.goto(list.path);
          if (javaScriptEnabled) await waitForHydration(page, { selector: "main a[href]" });
          const { rows, controls, problems } = await rowActionProblems(page, list.rows);
          expect(rows, `${list.path} has rows`).toBeGreaterThan(0);
          expect(controls, `${list.path} rows have actions`).toBeGreaterThanOrEqual(rows);
          expect(problems, `${list.path} at ${width} px`).toEqual([]);
          await expectNoSidewaysScroll(page, `${list.path} at ${width} px`);
        }
      });
    }

    test("named actions are there at 390 px: moves, edit and delete, résumé, status @phone-only", async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto("/admin/brands");
      const brand = page.locator(".admin-brand-list > li").nth(1);
      const brandName = (await brand.getByRole("heading").textContent())!.trim();
      for (const name of [`Move ${brandName} up`, `Move ${brandName} down`, `Delete ${brandName}`]) {
        await expect(brand.getByRole("button", { name })).toBeInViewport({ ratio: 1 });
      }
      await page.goto("/admin/deals");
      const deal = page.getByRole("row").nth(2);
      const dealTitle = (await deal.getByRole("rowheader").textContent())!.trim();
      await deal.scrollIntoViewIfNeeded();
      for (const name of [`Move ${dealTitle} up`, `Move ${dealTitle} down`, `Delete ${dealTitle}`]) {
        await expect(deal.getByRole("button", { name })).toBeInViewport({ ratio: 1 });
      }
      await expect(deal.getByRole("link", { name: `Edit ${dealTitle}` })).toBeInViewport({ ratio: 1 });

      await page.goto("/admin/applications");
      const application = page.getByRole("row").filter({ hasText: APPLICANT });
      const resume = application.getByRole("link", { name: new RegExp(`Download resume of ${APPLICANT}`) });
      await resume.scrollIntoViewIfNeeded();
      await expect(resume).toBeInViewport({ ratio: 1 });

      await page.goto("/admin/inquiries");
      const inquiry = page.getByRole("row").filter({ hasText: INQUIRER });
      const status = inquiry.getByRole("combobox", { name: `Status of the inquiry from ${INQUIRER}` });
      await status.scrollIntoViewIfNeeded();
      await expect(status).toBeInViewport({ ratio: 1 });
      if (!javaScriptEnabled) {
        await expect(inquiry.getByRole("button", { name: /^Save/ })).toBeInViewport({ ratio: 1 });
      }
    });
  });
}

test.describe("the longest rows on the smallest phone with the text at 200 %", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("applications and inquiries fit 320 px: long names, e-mail addresses and résumé names break @phone-only", async ({
    page,
  }) => {
    await doubleTheTextSize(page);
    await signInAsAdmin(page);
    for (const path of ["/admin/applications", "/admin/inquiries"]) {
      await page.goto(path);
      // The long rows sent above are on the page.
      await expect(page.getByText(String(RUN), { exact: false }).first()).toBeAttached();
      const tooWide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(tooWide, `${path}: pixels wider than the window`).toBe(0);
    }
  });
});
