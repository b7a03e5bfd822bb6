import { Outlet, useLoaderData, useMatches } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { requireAdmin } from "~/server/auth.server";
import adminStyles from "~/styles/admin.css?url";
import type { Route } from "./+types/layout";
import { routeHandle } from "~/lib/route-handle";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

/**
 * The guard and the shell of the protected admin pages. This loader alone does not protect a page: every
 * admin page's loader and action calls requireAdmin(request) too (tests/unit/auth-guard-routes.test.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return { email: user.email };
}

export default function AdminLayout() {
  const { email } = useLoaderData<typeof loader>();
  // A page shown as the public site would show it (the post preview) brings the site's own chrome.
  const publicChrome = useMatches().some((match) => routeHandle(match).publicChrome);
  if (publicChrome) return <Outlet />;
  return (
    <AdminShell email={email}>
      <Outlet />
    </AdminShell>
  );
}
