import { Outlet, useLoaderData, useMatches, useRouteLoaderData } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { ErrorMessage, GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { getDisabledAdRules } from "~/models/ad-rule-settings.server";
import { adminGuard, signedInAdmin } from "~/services/auth.server";
import adminStyles from "~/styles/admin.css?url";
import type { Route } from "./+types/layout";
import { routeHandle } from "~/lib/route-handle";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

/**
 * The guard of every admin page below this layout: React Router runs a layout's middleware before any loader
 * or action under it (documents, data requests and resources alike), so no route here checks on its own
 * (tests/unit/auth-guard-routes.test.ts proves the whole tree is covered).
 */
export const middleware: Route.MiddlewareFunction[] = [adminGuard];

/** The shell's data: who is signed in, and which advertising rules the editors leave out (useDisabledAdRules). */
export async function loader({ context }: Route.LoaderArgs) {
  return { email: signedInAdmin(context).email, disabledAdRules: await getDisabledAdRules() };
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

/**
 * An error inside the signed-in admin (a missing post, a failed load): shown in the admin's shell, with its
 * header and account menu, and a way back to the dashboard; never the public site's header and footer.
 */
export function ErrorBoundary() {
  const email = useRouteLoaderData<typeof loader>("routes/admin/layout")?.email;
  return (
    <AdminShell email={email}>
      <GeneralErrorBoundary
        defaultStatusHandler={(details) => (
          <>
            <title>{`${details.copy.title} | Admin`}</title>
            <meta name="robots" content="noindex" />
            <ErrorMessage className="admin-error" details={details} href="/admin" linkLabel="Back to Dashboard" />
          </>
        )}
      />
    </AdminShell>
  );
}
