// The admin layout's error boundary: an unexpected error (a 500) and a thrown 404 below the layout are shown
// inside the admin's shell (its header, the dashboard link, the signed-in admin's account menu), with the
// words every error page uses. The browser-level check (404, JavaScript on and off) is tests/e2e/admin-errors.spec.ts.
import { renderToString } from "react-dom/server";
import { createRoutesStub, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import AdminLayout, { ErrorBoundary } from "~/routes/admin/layout";

const LAYOUT_ID = "routes/admin/layout";

function renderWithError(error: unknown) {
  const Stub = createRoutesStub([
    {
      id: LAYOUT_ID,
      path: "/admin",
      Component: AdminLayout,
      ErrorBoundary,
      children: [{ id: "routes/admin/blog", path: "blog", Component: () => <p>The blog list</p> }],
    },
  ]);
  return renderToString(
    <Stub
      initialEntries={["/admin/blog"]}
      hydrationData={{ loaderData: { [LAYOUT_ID]: { email: "owner@example.com" } }, errors: { [LAYOUT_ID]: error } }}
    />,
  );
}

describe("an error inside the admin", () => {
  it("shows an unexpected error (500) inside the admin shell, with its navigation", () => {
    const html = renderWithError(new Error("The database said no"));
    expect(html).toContain('class="admin-header');
    expect(html).toContain(">Admin Dashboard</a>");
    expect(html).toContain("owner@example.com");
    expect(html).toContain(">500<");
    expect(html).toContain("Something went wrong");
    expect(html).toContain(">Back to Dashboard</a>");
    // Never the public site's chrome, and never the error's own text.
    expect(html).not.toContain("site-header");
    expect(html).not.toContain("The database said no");
  });

  it("shows a thrown 404 inside the admin shell", () => {
    // What a loader's `throw data("Post not found", { status: 404 })` becomes on its way to the boundary.
    const html = renderWithError(new ErrorResponseImpl(404, "Not Found", "Post not found"));
    expect(html).toContain('class="admin-header');
    expect(html).toContain(">404<");
    expect(html).toContain("Oops! Page not found");
  });
});
