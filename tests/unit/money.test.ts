// Issue 37: one money format on every page (the product page said "$1020.50" where the admin said "$1,020.50").
import { describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/money";

describe("formatPrice", () => {
  it("writes whole dollars without cents, other amounts with two decimals, thousands separated", () => {
    expect(formatPrice(1300)).toBe("$13");
    expect(formatPrice(3250)).toBe("$32.50");
    expect(formatPrice(102050)).toBe("$1,020.50");
    expect(formatPrice(250000)).toBe("$2,500");
    expect(formatPrice(5)).toBe("$0.05");
  });
});
