// The age gate is modal on every page, whether the page ships script or not and whether the visitor has
// JavaScript or not (issue 37): the keyboard stays in the gate, the page behind does not scroll and takes no
// tap, a screen reader meets the dialog alone, and after "Yes, Enter" the whole page works. A page that ships no
// script (lib/route-handle.ts) gets its gate as HTML: an open <dialog> with the page behind it inert.
import type { Page } from "@playwright/test";
import { discoverMenuPages } from "../support/site-pages";
import { expect, site, test, waitForHydration } from "./fixtures";

/** Home (it hydrates) and the pages that ship no script; the first visitors from a search land on these. */
const GATED_PAGES = ["/", "/about", "/menu", "/menu/flower", "/blog", "/brands", "/reviews"];
/** Readable without confirming (lib/age-gate.ts): no gate, nothing inert. */
const UNGATED_PAGES = ["/terms", "/privacy"];

function gate(page: Page) {
  return page.getByRole("dialog", { name: /Welcome to/ });
}

/**
 * What the browser's accessibility tree holds besides the gate: every node that is neither inside the dialog
 * nor one of its ancestors (the document, the body), as "role name". Chromium's own tree, which leaves out
 * what is inert and what a modal dialog hides.
 */
async function accessibleOutsideTheGate(page: Page): Promise<{ first: string; outside: string[] }> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  await cdp.detach();
  type AXNode = (typeof nodes)[number];
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const describe = (node: AXNode) => `${node.role?.value ?? "?"} ${String(node.name?.value ?? "")}`.trim();
  const visible: { node: AXNode; inDialog: boolean; ancestorOfDialog: boolean }[] = [];
  // Pre-order, as a screen reader reads; answers whether the subtree holds the dialog.
  const walk = (node: AXNode, inDialog: boolean): boolean => {
    const isDialog = node.role?.value === "dialog";
    const entry = { node, inDialog: inDialog || isDialog, ancestorOfDialog: false };
    if (!node.ignored) visible.push(entry);
    let holdsDialog = isDialog;
    for (const id of node.childIds ?? []) {
      const child = byId.get(id);
      if (child && walk(child, entry.inDialog)) holdsDialog = true;
    }
    entry.ancestorOfDialog = holdsDialog && !isDialog;
    return holdsDialog;
  };
  walk(nodes[0], false);
  const read = visible.filter((entry) => !entry.ancestorOfDialog);
  return {
    first: read.length > 0 ? describe(read[0].node) : "nothing",
    outside: read.filter((entry) => !entry.inDialog).map((entry) => describe(entry.node)),
  };
}

/** Everything that makes the gate modal, checked on the page as it stands. */
async function expectModalGate(page: Page, path: string) {
  const dialog = gate(page);
  await expect(dialog, `${path}: the gate`).toBeVisible();
  await expect(dialog, `${path}: aria-modal`).toHaveAttribute("aria-modal", "true");
  await expect(dialog, `${path}: described by its question`).toHaveAccessibleDescription(
    "Are you 21+ or a qualified patient?",
  );
  await expect(
    dialog.getByRole("button", { name: "Yes, Enter" }),
    `${path}: focus starts on "Yes, Enter"`,
  ).toBeFocused();

  // From the gate's last control the keyboard goes round the gate (through the browser's own controls), never
  // to the page behind it.
  await dialog.getByRole("link", { name: "Privacy Policy" }).focus();
  const focused: string[] = [];
  for (let step = 0; step < 4; step++) {
    await page.keyboard.press("Tab");
    focused.push(
      await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body || active.closest("dialog.age-gate")) return "gate";
        return `${active.tagName.toLowerCase()} "${active.textContent?.trim().slice(0, 30)}"`;
      }),
    );
  }
  expect(focused, `${path}: where Tab leads from the gate's last control`).toEqual(["gate", "gate", "gate", "gate"]);

  // The page behind does not scroll under it.
  const viewport = page.viewportSize()!;
  await page.mouse.move(viewport.width / 2, viewport.height - 20);
  await page.mouse.wheel(0, 1200);
  await page.waitForTimeout(100);
  expect(await page.evaluate(() => window.scrollY), `${path}: the page behind scrolled`).toBe(0);

  // A tap where a link of the page lies lands on the gate.
  const uncovered = await page.evaluate(() => {
    const links = [...document.querySelectorAll("a")].filter((link) => !link.closest("dialog.age-gate"));
    const found: string[] = [];
    let tried = 0;
    for (const link of links) {
      const rect = link.getBoundingClientRect();
      const [x, y] = [rect.x + rect.width / 2, rect.y + rect.height / 2];
      if (rect.width === 0 || x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      tried++;
      if (!document.elementFromPoint(x, y)?.closest("dialog.age-gate")) found.push(link.href);
    }
    return { tried, found };
  });
  expect(uncovered.tried, `${path}: links behind the gate to try`).toBeGreaterThan(0);
  expect(uncovered.found, `${path}: links a tap reaches through the gate`).toEqual([]);

  // A screen reader begins with the dialog, and meets nothing else.
  const tree = await accessibleOutsideTheGate(page);
  expect(tree.first, `${path}: where the accessibility tree begins`).toMatch(/^dialog Welcome to /);
  expect(tree.outside, `${path}: read besides the gate`).toEqual([]);
}

/** Nothing inert, and the header's links take a tap: the Menu link leads to the menu. */
async function expectPageWorks(page: Page, what: string) {
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await page.locator("[inert]").count(), `${what}: inert elements left`).toBe(0);
  const viewport = page.viewportSize()!;
  const covered = await page.evaluate(() =>
    [...document.querySelectorAll(".promo-banner a, .site-header a, .site-header summary")]
      .filter((element) => element.checkVisibility())
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return !(hit && (hit === element || element.contains(hit)));
      })
      .map((element) => element.textContent?.trim()),
  );
  expect(covered, `${what}: header links a tap does not reach`).toEqual([]);
  if (viewport.width < 1200) {
    await page.locator(".site-drawer__toggle").click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Menu", exact: true }).click();
  } else {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Menu", exact: true }).click();
  }
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

for (const width of [390, 1440]) {
  for (const javaScriptEnabled of [true, false]) {
    test(`at ${width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}: the gate is modal on every page, and after confirming everything works`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const baseURL = site().url;
      const [product] = await discoverMenuPages(baseURL);
      expect(product, "a product page to check").toBeTruthy();
      const context = await browser.newContext({
        baseURL,
        viewport: { width, height: width < 1200 ? 844 : 900 },
        javaScriptEnabled,
        reducedMotion: "reduce",
      });
      const page = await context.newPage();
      for (const path of [...GATED_PAGES, product!]) {
        await page.goto(path);
        await waitForHydration(page, { javaScriptEnabled });
        await expectModalGate(page, path);
      }
      for (const path of UNGATED_PAGES) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("dialog"), `${path}: no gate`).toHaveCount(0);
        expect(await page.locator("[inert]").count(), `${path}: inert elements`).toBe(0);
      }

      // Confirmed on a page that ships no script: the form's post, back to the same page.
      await page.goto("/about");
      await gate(page).getByRole("button", { name: "Yes, Enter" }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expectPageWorks(page, "/about after confirming");

      if (javaScriptEnabled) {
        // Confirmed on a page that hydrated: the gate closes in place and the page behind wakes.
        await context.clearCookies();
        await page.goto("/");
        await waitForHydration(page);
        await expect.poll(() => gate(page).evaluate((element) => element.matches(":modal"))).toBe(true);
        await gate(page).getByRole("button", { name: "Yes, Enter" }).click();
        await expect(page).toHaveURL(/\/$/);
        await expectPageWorks(page, "/ after confirming in place");
      }
      await context.close();
    });
  }
}
