import figtreeLatin from "@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url";
import frauncesLatin from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import { Theme } from "@radix-ui/themes";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
} from "react-router";
import { getToast, toastMiddleware } from "remix-toast/middleware";
import { AgeGate } from "~/components/site/age-gate";
import { pageKeyFromPath } from "~/components/site/page-key";
import { SiteBanner } from "~/components/site/site-banner";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { useNonce } from "~/components/ui/nonce";
import { Toaster } from "~/components/ui/toaster";
import { useSite } from "~/components/ui/use-root-data";
import { errorPageCopy } from "~/lib/error-messages";
import { shouldShowAgeGate } from "~/lib/age-gate";
import { isAdminPath } from "~/lib/admin-paths";
import { adminAreaHeaders } from "~/server/admin-area.server";
import { isSignedIn } from "~/server/auth.server";
import { env } from "~/server/env.server";
import { getPublicSite } from "~/models/site-settings.server";
import { configureToastCookie } from "~/server/toast.server";
import appStyles from "~/styles/app.css?url";
import themeStyles from "~/styles/theme.css?url";
import type { Route } from "./+types/root";

export const middleware = [configureToastCookie, toastMiddleware(), adminAreaHeaders];

export const links: Route.LinksFunction = () => [
  // The brand faces (Latin only, the same hashed files app.css's @font-face rules point at).
  { rel: "preload", href: frauncesLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: figtreeLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: themeStyles },
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    toast: getToast(context) ?? null,
    showAgeGate: shouldShowAgeGate(request),
    // The footer's Admin link is shown to any signed-in user.
    isSignedIn: await isSignedIn(request),
    // The business's live facts: the owner's settings, hours and each store's status right now.
    site: await getPublicSite(),
    publicUrl: env().PUBLIC_URL,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The brand type applies to the public site only; the admin keeps Radix Themes' own.
  const area = isAdminPath(useLocation().pathname) ? "admin" : "site";
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f6f43" />
        <Meta />
        <Links />
      </head>
      <body data-area={area}>
        <Theme accentColor="green" grayColor="sage" radius="medium" scaling="100%">
          {children}
        </Theme>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  // From the location, not loader data: the root loader does not rerun on every navigation.
  const location = useLocation();
  if (isAdminPath(location.pathname)) {
    return (
      <>
        <Outlet />
        <Toaster toast={data.toast} />
      </>
    );
  }
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteBanner />
      <SiteHeader />
      <main id="main" tabIndex={-1} data-page={pageKeyFromPath(location.pathname)}>
        <Outlet />
      </main>
      <SiteFooter />
      {data.showAgeGate ? <AgeGate returnTo={location.pathname + location.search} /> : null}
      <Toaster toast={data.toast} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const site = useSite();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const copy = errorPageCopy(status, isRouteErrorResponse(error) ? error.data : undefined);
  return (
    <>
      <title>{`${copy.title} | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <SiteHeader />
      <main id="main" className="error-page">
        <p className="error-page__code">{status}</p>
        <h1>{copy.heading}</h1>
        <p>{copy.text}</p>
        {status === 503 ? (
          <p>
            Need us now? Call{" "}
            {site.stores.map((store, index) => (
              <span key={store.id}>
                {index > 0 ? " or " : null}
                {store.shortName} at <a href={store.phoneHref}>{store.phone}</a>
              </span>
            ))}
            .
          </p>
        ) : null}
        <a className="button-link" href="/">
          Return to Home
        </a>
      </main>
      <SiteFooter />
    </>
  );
}
