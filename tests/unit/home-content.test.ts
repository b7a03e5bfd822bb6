import { describe, expect, it } from "vitest";
import * as about from "~/content/about";
import { dealHighlights, specialsHeading } from "~/content/deals";
import * as home from "~/content/home";
import { commonOpeningTime, describeClosingTimes, describeDays, formatClock } from "~/lib/hours-phrase";
import { mainStore, stores } from "~/content/site";

describe("hours phrases", () => {
  it("formats clock times the way the copy writes them", () => {
    expect(formatClock("09:00")).toBe("9AM");
    expect(formatClock("22:00")).toBe("10PM");
    expect(formatClock("21:30")).toBe("9:30PM");
    expect(formatClock("12:00")).toBe("noon");
    expect(formatClock("24:00")).toBe("midnight");
    expect(formatClock("00:00")).toBe("midnight");
  });

  it("names day ranges", () => {
    expect(describeDays([0, 1, 2, 3, 4])).toBe("Sunday to Thursday");
    expect(describeDays([5, 6])).toBe("Friday and Saturday");
    expect(describeDays([6, 0, 1, 2, 3, 4, 5])).toBe("daily");
    expect(describeDays([1, 3, 5])).toBe("Monday, Wednesday and Friday");
  });

  it("describes the main store's closing times as the spec's FAQ does", () => {
    expect(describeClosingTimes(mainStore.hours)).toBe(
      "Sunday to Thursday until 10PM and Friday and Saturday until midnight",
    );
    expect(commonOpeningTime(stores.flatMap((s) => s.hours))).toBe("9AM");
  });
});

describe("home copy", () => {
  it("has the spec's category chips in order", () => {
    expect(home.categoryChips).toEqual([
      "Flower",
      "Edibles",
      "Pre-rolls",
      "Vapes",
      "Concentrates",
      "Accessories",
      "All Products",
    ]);
  });

  it("has five value highlights and the three cards", () => {
    expect(home.valueHighlights).toHaveLength(5);
    expect(home.infoCards.map((c) => c.title)).toEqual(["Open Late", "Cash + ATM", "Price Match + Rewards"]);
    expect(home.infoCards[0].text).toContain("9AM–10PM daily, until midnight Friday & Saturday");
  });

  it("states the first-purchase offer as not combinable", () => {
    expect(home.promoBanner.title).toContain("15% off your entire first purchase");
    expect(home.promoBanner.note).toMatch(/not combinable/i);
  });

  it("marks every testimonial as a sample", () => {
    expect(home.testimonials).toHaveLength(3);
    expect(home.testimonials.every((t) => t.isSample)).toBe(true);
  });

  it("answers the hours question with Sunday to Thursday until 10PM", () => {
    const hours = home.faq.find((item) => item.question === "What are your hours?");
    expect(hours?.answer).toContain("Sunday to Thursday until 10PM");
    expect(hours?.answer).toContain("Friday and Saturday until midnight");
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
    expect(about.badges.map((b) => b.label)).toEqual([
      "Best-Rated in Norman",
      "Open 9AM–10PM, Midnight Fri/Sat",
      "Cash Only + ATM On-Site",
      "Price Match + Loyalty Points",
    ]);
    expect(about.ourStory.bullets).toHaveLength(4);
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
  const copy = JSON.stringify([home, about, dealHighlights]);
  it("makes no curative or therapeutic claims", () => {
    expect(copy).not.toMatch(/\b(cure[sd]?|treat(s|ment)?|heal(s|ing)?|reliev\w*|relief|pain|anxiety|insomnia)\b/i);
  });
  it("does not promote overconsumption", () => {
    expect(copy).not.toMatch(/\b(get (high|wasted|baked)|unlimited|all you can)\b/i);
  });
});
