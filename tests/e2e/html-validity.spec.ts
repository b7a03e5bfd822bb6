// Every public page is valid HTML by the Nu HTML checker (vnu.jar, run with the system's Java): as a first
// visitor sees it (the age gate over it) and as a visitor who has confirmed their age. The pages are the
// server's own HTML, checked in one run of the checker.

import { checkHtml, fetchBothAgeGateVariants } from "../../scripts/bench/html-check";
import { discoverMenuPages, MENU_PAGES } from "../support/site-pages";
import { everyPublicPage, expect, site, test } from "./fixtures";

test("every public page is valid HTML, with and without the age gate", async () => {
  // One JVM start and the checker's warm-up: slower than a page test.
  test.setTimeout(120_000);
  const baseURL = site().url;
  const menuPages = [...MENU_PAGES, ...(await discoverMenuPages(baseURL))];
  const pages = await fetchBothAgeGateVariants(baseURL, [...(await everyPublicPage()), ...menuPages]);

  // The two variants really differ: a first visitor gets the gate (the legal pages excepted, readable
  // before it), a visitor who confirmed their age never does.
  const gated = pages.filter((page) => page.html.includes('class="age-gate"')).map((page) => page.name);
  expect(gated).toContain("/ (age gate)");
  expect(gated.filter((name) => name.endsWith("(age confirmed)"))).toEqual([]);

  const results = await checkHtml(pages);
  expect(results.map((result) => result.name)).toEqual(pages.map((page) => page.name));
  const errors = results.flatMap(({ name, errors }) =>
    errors.map((error) => `${name}, line ${error.line ?? "?"}: ${error.message} ${error.extract?.trim() ?? ""}`),
  );
  expect(errors).toEqual([]);
});

test("the checker finds errors where there are some", async () => {
  // Without this, a checker that ran nothing would pass every page.
  test.setTimeout(120_000);
  const [valid, validAhead, blockingPreload, invalid] = await checkHtml([
    {
      name: "valid",
      html: '<!DOCTYPE html><html lang="en"><head><title>ok</title></head><body><p>ok</p></body></html>',
    },
    {
      // Render-blocking until an element is parsed (root.tsx): the standard's, and not an error here.
      name: "valid ahead of the checker",
      html: '<!DOCTYPE html><html lang="en"><head><title>ok</title><link rel="expect" href="#end" blocking="render"></head><body><p id="end">ok</p></body></html>',
    },
    {
      // The same attribute where the standard does not allow it stays an error.
      name: "blocking on a preload",
      html: '<!DOCTYPE html><html lang="en"><head><title>x</title><link rel="preload" as="font" type="font/woff2" crossorigin href="/a.woff2" blocking="render"></head><body><p>x</p></body></html>',
    },
    {
      name: "invalid",
      html: '<!DOCTYPE html><html lang="en"><head><title>x</title><link rel="preload" as="image" href="/a.svg" imagesizes="100vw"></head><body><img src="/a.svg" sizes="100vw" alt=""></body></html>',
    },
  ]);
  expect(valid).toEqual({ name: "valid", errors: [] });
  expect(validAhead).toEqual({ name: "valid ahead of the checker", errors: [] });
  expect(blockingPreload.errors.map((error) => error.message)).toEqual([
    expect.stringContaining("“blocking” attribute must have a “rel” attribute"),
  ]);
  expect(invalid.name).toBe("invalid");
  expect(invalid.errors.map((error) => error.message)).toEqual([
    expect.stringContaining("“imagesizes” attribute must only be specified if the “imagesrcset” attribute"),
    expect.stringContaining("“sizes” attribute must only be specified if the “srcset” attribute"),
  ]);
  expect(invalid.errors[0].line).toBe(1);
});
