import { describe, expect, it } from "vitest";
import { AGE_VERIFICATION_MS, ageCookieHeader, isAgeVerified, readCookie, shouldShowAgeGate } from "~/lib/age-gate";
import { addDays, calendarDayInStoreZone, formatLongDate, todayInStoreZone } from "~/lib/dates";
import { isValidSlug, slugify } from "~/lib/slug";
import { toStoreDateTimeLocal } from "~/lib/store-time";
import { markdownToPlainText, readMinutes, truncate } from "~/lib/text";

describe("slugify", () => {
  it("lowercases, turns non-alphanumerics into hyphens and trims them", () => {
    expect(slugify("  Hello, World! ")).toBe("hello-world");
    expect(slugify("Edibles 101: Start Low & Go Slow")).toBe("edibles-101-start-low-go-slow");
    expect(slugify("Café Crème")).toBe("cafe-creme");
    expect(slugify("---")).toBe("");
  });
  it("validates slugs", () => {
    expect(isValidSlug("a-b-1")).toBe(true);
    expect(isValidSlug("A-b")).toBe(false);
    expect(isValidSlug("a--b")).toBe(false);
    expect(isValidSlug("-a")).toBe(false);
    expect(isValidSlug("")).toBe(false);
  });
});

describe("read time and truncation", () => {
  it("counts 200 words a minute, at least one", () => {
    expect(readMinutes("")).toBe(1);
    expect(readMinutes("word ".repeat(200))).toBe(1);
    expect(readMinutes("word ".repeat(201))).toBe(2);
    expect(readMinutes("word ".repeat(1000))).toBe(5);
  });
  it("ignores markdown syntax when counting", () => {
    expect(markdownToPlainText("## Title\n\n**bold** [link](https://x.y) `code`")).toBe("Title bold link code");
  });
  it("truncates to the limit plus an ellipsis", () => {
    expect(truncate("short", 150)).toEqual({ text: "short", truncated: false });
    const long = "a".repeat(151);
    const cut = truncate(long, 150);
    expect(cut.truncated).toBe(true);
    expect(cut.text).toBe("a".repeat(150) + "…");
    expect(truncate("a".repeat(150), 150).truncated).toBe(false);
  });
});

describe("dates in the stores' time zone", () => {
  it("formats long US dates in America/Chicago", () => {
    // 03:00 UTC on Nov 23 is still Nov 22 in Chicago.
    expect(formatLongDate(new Date("2026-11-23T03:00:00Z"))).toBe("November 22, 2026");
    expect(formatLongDate("2026-01-05")).toBe("January 5, 2026");
  });
  it("knows today's calendar day around midnight", () => {
    expect(todayInStoreZone(new Date("2026-11-23T05:59:00Z"))).toBe("2026-11-22");
    expect(todayInStoreZone(new Date("2026-11-23T06:00:00Z"))).toBe("2026-11-23");
    expect(calendarDayInStoreZone(new Date("2026-07-01T04:59:00Z"))).toBe("2026-06-30");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
  it("reads the wall clock by arithmetic exactly as the time-zone database says, across both DST changes", () => {
    // The time-zone database through ICU: Swedish writes "2026-03-08 01:59".
    const icu = new Intl.DateTimeFormat("sv-SE", {
      timeZone: "America/Chicago",
      dateStyle: "short",
      timeStyle: "short",
    });
    const expected = (instant: number) => icu.format(instant).replace(" ", "T");
    // Every 7 minutes 20 s through the days of the 2026 changes (March 8, November 1), then instants spread
    // over 1950–2100: the kept offsets (a quarter hour each) never carry one across a change.
    const instants: number[] = [];
    for (const day of ["2026-03-07T18:00:00Z", "2026-10-31T18:00:00Z"]) {
      for (let t = Date.parse(day); t < Date.parse(day) + 36 * 3_600_000; t += 440_000) instants.push(t);
    }
    for (let t = Date.parse("1950-01-01T00:00:00Z"); t < Date.parse("2100-01-01T00:00:00Z"); t += 86_413_577) {
      instants.push(t);
    }
    const wrong = instants.filter(
      (t) =>
        toStoreDateTimeLocal(t) !== expected(t) || calendarDayInStoreZone(new Date(t)) !== expected(t).slice(0, 10),
    );
    expect(wrong.map((t) => new Date(t).toISOString())).toEqual([]);
    expect(() => calendarDayInStoreZone(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("age gate record", () => {
  const now = Date.UTC(2026, 10, 22, 12);
  const request = (path: string, cookie?: string) =>
    new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });

  it("reads cookies", () => {
    expect(readCookie("a=1; ageVerified=123; b=2", "ageVerified")).toBe("123");
    expect(readCookie("a=1", "ageVerified")).toBeUndefined();
    expect(readCookie(null, "ageVerified")).toBeUndefined();
  });
  it("accepts a record younger than 30 days only", () => {
    expect(isAgeVerified(String(now - 1000), now)).toBe(true);
    expect(isAgeVerified(String(now - AGE_VERIFICATION_MS + 1000), now)).toBe(true);
    expect(isAgeVerified(String(now - AGE_VERIFICATION_MS), now)).toBe(false);
    expect(isAgeVerified("not-a-number", now)).toBe(false);
    expect(isAgeVerified("", now)).toBe(false);
    expect(isAgeVerified(undefined, now)).toBe(false);
    expect(isAgeVerified(String(now + 10 * 60_000), now)).toBe(false);
  });
  it("shows the gate unless confirmed, previewing, or reading terms and privacy", () => {
    expect(shouldShowAgeGate(request("/"), now)).toBe(true);
    expect(shouldShowAgeGate(request("/", `ageVerified=${now - 5000}`), now)).toBe(false);
    expect(shouldShowAgeGate(request("/", `ageVerified=${now - 31 * 86400000}`), now)).toBe(true);
    expect(shouldShowAgeGate(request("/?preview=1"), now)).toBe(false);
    expect(shouldShowAgeGate(request("/?preview=2"), now)).toBe(true);
    expect(shouldShowAgeGate(request("/terms"), now)).toBe(false);
    expect(shouldShowAgeGate(request("/privacy"), now)).toBe(false);
  });
  it("sets a 30-day, httpOnly, SameSite=Lax cookie holding the time", () => {
    const header = ageCookieHeader(now, true);
    expect(header).toContain(`ageVerified=${now}`);
    expect(header).toContain("Max-Age=2592000");
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Secure");
    expect(ageCookieHeader(now, false)).not.toContain("Secure");
  });
});

describe("renaming a category or tag", () => {
  it("refuses a name with no letter or digit (the slug would be empty), unless a slug is given", async () => {
    const { termSchema } = await import("~/lib/schemas/post");
    const id = "00000000-0000-4000-8000-000000000000";
    const emoji = termSchema.safeParse({ kind: "tags", id, name: "🌿 !!" });
    expect(emoji.success).toBe(false);
    expect(emoji.error?.issues[0]).toMatchObject({
      path: ["name"],
      message: expect.stringMatching(/letter or number/),
    });
    expect(termSchema.safeParse({ kind: "tags", id, name: "🌿", slug: "leaf" }).success).toBe(true);
    expect(termSchema.safeParse({ kind: "tags", id, name: "Édibles" }).success).toBe(true);
  });
});
