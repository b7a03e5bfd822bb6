import { describe, expect, it } from "vitest";
import * as about from "~/content/about";
import { dealHighlights, specialsHeading } from "~/content/deals";
import * as home from "~/content/home";
import { formatClockCompact } from "~/lib/store-hours";
import { menuCategory } from "~/lib/menu-params";
import { commonOpeningTime, describeWeek, hoursAnswer, hoursHeadline } from "~/lib/hours-sentences";
import { mainStore, stores } from "~/content/stores";
import { defaultSiteSettings, defaultStoreHours, publicSite } from "~/lib/site-settings";

/** Both stores' default hours, as the root loader hands them to the pages. */
const hours = publicSite(
  defaultSiteSettings({ menuEmbedUrl: "https://m.example/e.js", fullMenuUrl: "https://m.example/", mailTo: "" }),
  defaultStoreHours(),
  new Date(),
  "2026-11-27",
).hours;

describe("hours phrases", () => {
  it("formats clock times the way the copy writes them", () => {
    expect(formatClockCompact("09:00")).toBe("9AM");
    expect(formatClockCompact("22:00")).toBe("10PM");
    expect(formatClockCompact("21:30")).toBe("9:30PM");
    expect(formatClockCompact("12:00")).toBe("noon");
    expect(formatClockCompact("24:00")).toBe("midnight");
    expect(formatClockCompact("00:00")).toBe("midnight");
  });

  it("describes the main store as the spec's FAQ does", () => {
    expect(hoursAnswer([mainStore])).toBe(
      "We open at 9AM every day. Lindsey Street is open Sunday to Thursday until 10PM and Friday and Saturday until midnight.",
    );
    expect(describeWeek(mainStore.weekly)).toBe("9AM–10PM Sunday–Thursday, until midnight Friday & Saturday");
    expect(commonOpeningTime(stores.map((s) => s.weekly))).toBe("9AM");
  });
});

describe("home copy", () => {
  it("has the spec's category chips in order", () => {
    expect(home.categoryChips.map((chip) => chip.label)).toEqual([
      "Flower",
      "Edibles",
      "Pre-rolls",
      "Vapes",
      "Concentrates",
      "Accessories",
      "All Products",
    ]);
  });

  it("leads each chip to its category of the store's own menu, one the catalog has (issue 37)", () => {
    for (const chip of home.categoryChips) {
      const href = home.categoryChipHref(chip);
      if (chip.label === "All Products") {
        expect(href).toBe("/menu");
        continue;
      }
      const slug = href.replace(/^\/menu\//, "");
      expect(menuCategory(slug)?.label, href).toBe(chip.label);
    }
  });

  it("has five value highlights and the three cards", () => {
    expect(home.valueHighlights).toHaveLength(5);
    const cards = home.infoCards(hours);
    expect(cards.map((c) => c.title)).toEqual(["Open Late", "Cash + ATM", "Price Match + Rewards"]);
    expect(cards[0].text).toBe(`${hoursHeadline(stores)}.`);
    expect(hoursHeadline([mainStore])).toBe("Open 9AM–10PM Sunday–Thursday, until midnight Friday & Saturday");
  });

  it("starts a new database's banner with the first-purchase offer, stated as not combinable", () => {
    const { banner } = defaultSiteSettings({
      menuEmbedUrl: "https://m.example/e.js",
      fullMenuUrl: "https://m.example/",
      mailTo: "a@example.com",
    });
    expect(banner.enabled).toBe(true);
    expect(banner.text).toContain("15% off your entire first purchase");
    expect(banner.text).toMatch(/not combinable/i);
  });

  it("answers the hours question with Sunday to Thursday until 10PM", () => {
    const answer = home.faq(hours).find((item) => item.question === "What are your hours?");
    expect(answer?.answer).toContain("Sunday to Thursday until 10PM");
    expect(answer?.answer).toContain("Friday and Saturday until midnight");
  });
});

describe("about and deals copy", () => {
  it("has the spec's six feature cards, four badges, four story bullets and eight product types", () => {
    expect(about.featureCards.map((c) => c.title)).toEqual([
      "Fresh Inventory",
      "Friendly Budtenders",
      "Loyalty Points",
      "Price Match",
      "Attached Vape Store",
      "Medicinal Quality",
    ]);
    expect(about.badges(mainStore.weekly).map((b) => b.label)).toEqual([
      "Best-Rated in Norman",
      "Open 9AM–10PM, Midnight Fri/Sat",
      "Cash Only + ATM On-Site",
      "Price Match + Loyalty Points",
    ]);
    expect(about.ourStory("Test Dispensary").bullets).toHaveLength(4);
    expect(about.productsWeCarry.map((p) => p.name.toLowerCase())).toEqual([
      "flower",
      "shake",
      "edibles",
      "prerolls",
      "cartridges",
      "disposables",
      "glass",
      "accessories",
    ]);
  });

  it("has three deal highlights", () => {
    expect(dealHighlights.map((d) => d.title)).toEqual([
      "15% Off First-Time Visits",
      "Best Loyalty Program Statewide",
      "Penny Preroll for Your Review",
    ]);
  });

  it("names the specials after the current month in the stores' time zone", () => {
    // 03:00 UTC on November 1 is still October 31 in Chicago.
    expect(specialsHeading(new Date("2026-11-01T03:00:00Z"))).toBe("October Specials");
    expect(specialsHeading(new Date("2026-11-01T06:00:00Z"))).toBe("November Specials");
  });
});

describe("advertising rules (63 O.S. § 427.21)", () => {
  // The copy as the pages render it: the modules' lists, and what their functions make of the facts.
  const lists = (module: Record<string, unknown>) => Object.values(module).filter((v) => typeof v !== "function");
  const copy = JSON.stringify([
    lists(home),
    lists(about),
    home.infoCards(hours),
    home.faq(hours),
    home.goToBlurb(mainStore.name),
    about.badges(mainStore.weekly),
    about.ourStory(mainStore.name),
    about.highlightCards(stores),
    dealHighlights,
  ]);
  it("reads every piece of copy", () => {
    expect(copy).toContain("Sunday to Thursday until 10PM");
    expect(copy).toContain("Open 9AM–10PM, Midnight Fri/Sat");
  });
  it("makes no curative or therapeutic claims", () => {
    expect(copy).not.toMatch(/\b(cure[sd]?|treat(s|ment)?|heal(s|ing)?|reliev\w*|relief|pain|anxiety|insomnia)\b/i);
  });
  it("does not promote overconsumption", () => {
    expect(copy).not.toMatch(/\b(get (high|wasted|baked)|unlimited|all you can)\b/i);
  });
});
