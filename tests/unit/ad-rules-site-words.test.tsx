// The site's own fixed words pass the advertising checker (issue 37): the footer and the age gate as the
// server renders them (every public page carries both), every string the site's pages say (app/content), and
// the demo content (posts, deals, brands, the banner, every catalog product). The checker's families are wide
// enough to catch how owners write; the site's own words must never be what they catch.
import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AgeGate } from "~/components/site/age-gate";
import { SiteFooter } from "~/components/site/site-footer";
import { demoBrands, demoDeals, demoPosts } from "~/content/demo";
import { demoCatalog } from "~/content/demo/catalog";
import { checkAdvertising } from "~/lib/ad-rules/check";
import { defaultSiteSettings, defaultStoreHours, publicSite } from "~/lib/site-settings";

const settings = defaultSiteSettings({
  menuEmbedUrl: "https://m.example/",
  fullMenuUrl: "https://m.example/",
  mailTo: "",
});
const site = publicSite(settings, defaultStoreHours(), new Date("2026-11-27T18:00:00Z"), "2026-11-27");

/** The words a visitor reads in rendered HTML: tags dropped, entities read. */
function wordsOf(html: string): string {
  return html
    .replace(/<(?:script|style)[\s\S]*?<\/(?:script|style)>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/\s+/g, " ");
}

const findingsIn = (items: [string, string | null | undefined][]) =>
  items.flatMap(([where, text]) => checkAdvertising(text ?? "").map((finding) => `${where}: ${finding.phrase}`));

describe("the site's own words have no advertising finding", () => {
  it("the footer and the age gate, signed in (with the Admin link) and not", () => {
    const rendered: [string, string][] = [];
    for (const isSignedIn of [false, true]) {
      const Stub = createRoutesStub([
        {
          id: "root",
          path: "/",
          Component: () => (
            <>
              <AgeGate returnTo="/" onConfirm={() => {}} />
              <SiteFooter />
            </>
          ),
        },
      ]);
      const html = renderToStaticMarkup(
        <Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: { site, isSignedIn } } }} />,
      );
      rendered.push([`footer and age gate (signed in: ${isSignedIn})`, wordsOf(html)]);
    }
    expect(rendered[0][1]).toContain("A medical card is required for every visit.");
    expect(rendered[0][1]).toContain("Are you 21+ or a qualified patient?");
    expect(findingsIn(rendered)).toEqual([]);
  });

  it("every string of the site's pages (app/content)", async () => {
    const found: string[] = [];
    const walk = (where: string, value: unknown) => {
      if (typeof value === "string") found.push(...checkAdvertising(value).map((f) => `${where}: ${f.phrase}`));
      else if (value && typeof value === "object")
        for (const [key, item] of Object.entries(value)) walk(`${where}.${key}`, item);
    };
    for (const file of fs.readdirSync(path.resolve("app/content")).filter((name) => name.endsWith(".ts"))) {
      walk(file, await import(`../../app/content/${file}`));
    }
    expect(found).toEqual([]);
  });

  it("the demo content: posts, deals, brands, the banner and every catalog product", () => {
    expect(
      findingsIn([
        ...demoPosts.flatMap((post): [string, string | null | undefined][] => [
          [`${post.slug} title`, post.title],
          [`${post.slug} excerpt`, post.excerpt],
          [`${post.slug} body`, post.content],
          [`${post.slug} meta`, post.metaDescription],
        ]),
        ...demoDeals.flatMap((deal): [string, string][] => [
          [`deal ${deal.title}`, deal.title],
          [`deal ${deal.title}`, deal.description],
        ]),
        ...demoBrands.map((brand): [string, string] => ["brand", brand.name]),
        ["banner", settings.banner.text],
        ...demoCatalog().map((product): [string, string] => [product.name, `${product.name}. ${product.description}`]),
      ]),
    ).toEqual([]);
  });
});
