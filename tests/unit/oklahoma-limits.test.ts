// Oklahoma's per-sale limits (issue 39): the grams each size names, and how a bag stands against the rule.
import { describe, expect, it } from "vitest";
import {
  describeStanding,
  excessOf,
  GRAMS_PER_OUNCE,
  gramsInSize,
  SALE_LIMITS,
  standAgainstLimits,
} from "~/lib/oklahoma-limits";

describe("the grams a size names", () => {
  it.each([
    ["3.5g", 3.5],
    ["3.5 g", 3.5],
    ["3,5 grams", 3.5],
    ["28g", 28],
    ["1g", 1],
    ["0.5g", 0.5],
    ["1/8 oz", 3.544],
    ["1/4 oz", 7.087],
    ["1/2 oz", 14.175],
    ["1 oz", 28.35],
    ["1 Ounce", 28.35],
    ["an eighth", 3.544],
    ["Quarter", 7.087],
    ["2 x 0.5g", 1],
    ["5pk 1g", 5],
    ["12 oz", 340.194],
  ])("%s is %d g", (size, grams) => {
    expect(gramsInSize(size)).toBeCloseTo(grams, 2);
  });

  it.each(["100mg", "100 mg THC", "Each", "10 pack", "", "Large"])("%j names no weight", (size) => {
    expect(gramsInSize(size)).toBeNull();
  });
});

describe("a bag against the limits", () => {
  const standing = (kind: string, lines: Parameters<typeof standAgainstLimits>[0]) =>
    standAgainstLimits(lines).find((s) => s.limit.kind === kind)!;

  it("keeps the rule as data with its citation", () => {
    expect(SALE_LIMITS.citation).toMatch(/442:10-5-12/);
    expect(SALE_LIMITS.limits.map((l) => [l.kind, Math.round(l.grams / GRAMS_PER_OUNCE)])).toEqual([
      ["flower", 3],
      ["concentrate", 1],
      ["edibles", 72],
    ]);
  });

  it("counts flower and pre-rolls together, and says where the bag stands", () => {
    const flower = standing("flower", [
      { category: "flower", grams: gramsInSize("1 oz"), quantity: 2 },
      { category: "pre-rolls", grams: gramsInSize("2 x 0.5g"), quantity: 14 },
    ]);
    expect(flower.over).toBe(false);
    expect(describeStanding(flower)).toBe("Flower 2.49 of 3 oz");
  });

  it("stops a bag over a limit and says by how much", () => {
    const flower = standing("flower", [{ category: "flower", grams: gramsInSize("1/2 oz"), quantity: 7 }]);
    expect(flower.over).toBe(true);
    expect(excessOf(flower)).toBe("0.5 oz");
    const concentrate = standing("concentrate", [
      { category: "concentrates", grams: 1, quantity: 20 },
      { category: "vapes", grams: 1, quantity: 9 },
    ]);
    expect(concentrate.over).toBe(true);
  });

  it("allows exactly the limit: eight eighths are an ounce", () => {
    expect(standing("flower", [{ category: "flower", grams: gramsInSize("1/8 oz"), quantity: 24 }]).over).toBe(false);
    expect(standing("concentrate", [{ category: "vapes", grams: 3.5, quantity: 8 }]).over).toBe(false);
  });

  it("allows a line whose weight is not listed, and counts it apart", () => {
    const edibles = standing("edibles", [
      { category: "edibles", grams: gramsInSize("100mg"), quantity: 10 },
      { category: "edibles", grams: 50, quantity: 2 },
    ]);
    expect(edibles).toMatchObject({ grams: 100, unweighed: 1, over: false });
  });

  it("counts tinctures, topicals and accessories toward no limit", () => {
    const all = standAgainstLimits([
      { category: "tinctures", grams: 30, quantity: 50 },
      { category: "topicals", grams: 100, quantity: 50 },
      { category: "accessories", grams: null, quantity: 3 },
    ]);
    expect(all.every((s) => s.grams === 0 && s.unweighed === 0 && !s.over)).toBe(true);
  });
});
