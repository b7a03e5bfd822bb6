import { describe, expect, it } from "vitest";
import { isAdminPath } from "~/lib/admin-paths";
import { action as ageGateAction } from "~/routes/resources/age-gate";
import { adminAreaHeaders } from "~/server/admin-area.server";
import { isCrossSiteRequest } from "~/server/csrf.server";
import { ORIGIN, callRoute, routeArgs, settle } from "./auth-support";

const postFrom = (headers: Record<string, string>, url = `${ORIGIN}/age-gate`) =>
  new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: "returnTo=%2Fdeals",
  });

describe("cross-site check for resource-route actions", () => {
  it("accepts this site's origin and requests without browser origin headers", () => {
    expect(isCrossSiteRequest(postFrom({ Origin: ORIGIN }))).toBe(false);
    expect(isCrossSiteRequest(postFrom({}))).toBe(false);
    expect(isCrossSiteRequest(postFrom({ "Sec-Fetch-Site": "same-origin" }))).toBe(false);
  });

  it("refuses another origin, an opaque origin, a bad origin, and cross-site fetch metadata", () => {
    expect(isCrossSiteRequest(postFrom({ Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteRequest(postFrom({ Origin: "http://localhost:3001" }))).toBe(true);
    expect(isCrossSiteRequest(postFrom({ Origin: "https://localhost:3000" }))).toBe(true);
    expect(isCrossSiteRequest(postFrom({ Origin: "null" }))).toBe(true);
    expect(isCrossSiteRequest(postFrom({ Origin: "not a url" }))).toBe(true);
    expect(isCrossSiteRequest(postFrom({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
  });

  it("accepts the hosts allowed for a proxy (ALLOWED_ACTION_ORIGINS patterns)", () => {
    const allowed = ["shop.example.com", "*.preview.example.com"];
    expect(isCrossSiteRequest(postFrom({ Origin: "https://shop.example.com" }), allowed)).toBe(false);
    expect(isCrossSiteRequest(postFrom({ Origin: "https://pr-1.preview.example.com" }), allowed)).toBe(false);
    expect(isCrossSiteRequest(postFrom({ Origin: "https://a.b.preview.example.com" }), allowed)).toBe(true);
    expect(isCrossSiteRequest(postFrom({ Origin: "https://evilshop.example.com" }), allowed)).toBe(true);
  });

  it("protects the age gate's action (a resource route)", async () => {
    const refused = await settle(() => callRoute(ageGateAction, postFrom({ Origin: "https://evil.example" })));
    expect((refused as Response).status).toBe(403);
    const accepted = (await callRoute(ageGateAction, postFrom({ Origin: ORIGIN }))) as Response;
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/deals");
  });
});

describe("admin response headers", () => {
  it("knows the admin paths, data requests included", () => {
    for (const p of ["/admin", "/admin/", "/admin/login", "/admin.data", "/admin/brands.data"]) {
      expect(isAdminPath(p)).toBe(true);
    }
    for (const p of ["/", "/administrator", "/admins/x", "/blog/admin", "/_root.data"]) {
      expect(isAdminPath(p)).toBe(false);
    }
  });

  it("marks every admin response private, uncacheable and noindex, and leaves the rest alone", async () => {
    const run = async (path: string, response: Response) =>
      (await adminAreaHeaders(routeArgs(new Request(`${ORIGIN}${path}`)), async () => response)) as Response;
    const admin = await run("/admin/login", new Response("page", { headers: { "Cache-Control": "public" } }));
    expect(admin.headers.get("Cache-Control")).toBe("private, no-store");
    expect(admin.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const redirect = await run("/admin", Response.redirect(`${ORIGIN}/admin/login`, 302));
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Cache-Control")).toBe("private, no-store");
    const publicPage = await run("/deals", new Response("page", { headers: { "Cache-Control": "public" } }));
    expect(publicPage.headers.get("Cache-Control")).toBe("public");
    expect(publicPage.headers.get("X-Robots-Tag")).toBeNull();
  });
});
