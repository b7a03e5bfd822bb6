import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeRedirectPath("/admin")).toBe("/admin");
    expect(safeRedirectPath("/admin/blog?status=draft&q=a%20b")).toBe("/admin/blog?status=draft&q=a%20b");
    expect(safeRedirectPath("/admin/deals#top")).toBe("/admin/deals#top");
    expect(safeRedirectPath("/ok?next=//evil.com")).toBe("/ok?next=//evil.com");
    // Encoded slashes stay encoded: the browser does not decode them in a Location header.
    expect(safeRedirectPath("/%2F%2Fevil.com")).toBe("/%2F%2Fevil.com");
  });

  it.each([
    ["protocol-relative", "//evil.com"],
    ["protocol-relative with path", "//evil.com/admin"],
    ["backslash after slash", "/\\evil.com"],
    ["double backslash", "\\\\evil"],
    ["backslash inside", "/admin\\..\\\\evil.com"],
    ["absolute https", "https://evil.com"],
    ["absolute http", "http://evil.com/admin"],
    ["javascript scheme", "javascript:alert(1)"],
    ["data scheme", "data:text/html,hi"],
    ["relative", "admin"],
    ["empty", ""],
    ["tab", "/\t/evil.com"],
    ["newline", "/\n/evil.com"],
    ["carriage return", "/admin\r\nLocation: https://evil.com"],
    ["NUL", "/admin\u0000"],
    ["DEL", "/\u007f/evil.com"],
    ["dot segment collapsing to //", "/.//evil.com"],
    ["parent segment collapsing to //", "/..//evil.com"],
    ["nested parent segments", "/a/../..//evil.com"],
    ["encoded dot segment", "/%2e//evil.com"],
    ["too long", `/${"a".repeat(2100)}`],
  ])("refuses %s", (_name, value) => {
    expect(safeRedirectPath(value, "/fallback")).toBe("/fallback");
  });

  it("uses the fallback for missing or non-text values", () => {
    expect(safeRedirectPath(null, "/admin")).toBe("/admin");
    expect(safeRedirectPath(undefined, "/admin")).toBe("/admin");
    expect(safeRedirectPath(new File(["x"], "x.txt"), "/admin")).toBe("/admin");
  });
});
