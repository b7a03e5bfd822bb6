import figtreeLatin from "@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url";
import frauncesLatin from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { useEffect, useState } from "react";
import { getToast } from "remix-toast/middleware";
import { AgeGate } from "~/components/site/age-gate";
import { ErrorPage } from "~/components/site/error-page";
import { pageKeyFromPath } from "~/components/site/page-key";
import { SiteBanner } from "~/components/site/site-banner";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { useNonce } from "~/components/ui/nonce";
import { Toaster } from "~/components/ui/toaster";
import { shouldShowAgeGate } from "~/lib/age-gate";
import { isAdminPath } from "~/lib/admin-paths";
import type { RootData } from "~/lib/root-data";
import { pageHydrates } from "~/lib/route-handle";
import { adminAreaHeaders } from "~/server/admin-area.server";
import { isSignedIn } from "~/services/auth.server";
import { env } from "~/server/env.server";
import { getPublicSite } from "~/models/site-settings.server";
import { configureToastCookie, flashToastMiddleware } from "~/server/toast.server";
import appStyles from "~/styles/app.css?url";
import themeStyles from "~/styles/theme.css?url";
import type { Route } from "./+types/root";

/** The layout that wraps the admin pages in Radix Themes (app/routes.ts). */
const ADMIN_THEME_ROUTE_ID = "routes/admin/theme";

export const middleware = [configureToastCookie, flashToastMiddleware, adminAreaHeaders];

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
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
  // Marks the page as hydrated (its handlers now take clicks and submits): what the end-to-end tests wait for.
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  // The brand type applies to the public site only; the admin keeps Radix Themes' own.
  const area = isAdminPath(useLocation().pathname) ? "admin" : "site";
  // Scripts only where a matched route asks for them (lib/route-handle.ts): every other page is complete as
  // HTML and CSS and ships none. In the browser the app is already running (a hydrated page led here), and
  // the pages it renders keep their scripts and scroll restoration. A page whose root loader failed (an
  // error page without the site's facts) does not hydrate: the browser could not build its footer again.
  const hasRootData = useRouteLoaderData<typeof loader>("root") !== undefined;
  const matches = useMatches();
  const withScripts = (hasRootData && pageHydrates(matches)) || typeof document !== "undefined";
  // Radix Themes is the admin's alone (its <Theme> is in routes/admin/theme.tsx): public pages never load its
  // ~60 KB of CSS. Linked here rather than from that route so it stays before app.css, whose focus ring and
  // colour overrides win ties with Radix's rules by coming later, as they always have.
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f6f43" />
        <Meta />
        {area === "admin" ? (
          <link rel="stylesheet" href={themeStyles} nonce={nonce} />
        ) : (
          // The brand faces, on the public site only (the admin's type is Radix Themes'): Latin only, the same
          // hashed files app.css's @font-face rules point at, so the first paint does not wait to discover them.
          <>
            <link rel="preload" href={frauncesLatin} as="font" type="font/woff2" crossOrigin="anonymous" />
            <link rel="preload" href={figtreeLatin} as="font" type="font/woff2" crossOrigin="anonymous" />
            {/* No frame of a half-read page: a browser that paints while the HTML is still arriving or being
                parsed (a slow phone, a busy network) would show the header with the menu toggle's default
                "Details" and then move things as the rest lands (layout shifts, issue 14). Painting waits until
                the page's last part, the footer, is parsed. The server's HTML only: it matters while a browser
                parses that, and React leaves a <head> element it did not render alone, so the page's
                script does not carry it. */}
            {import.meta.env.SSR ? <link rel="expect" href="#site-footer" blocking="render" /> : null}
          </>
        )}
        <Links />
      </head>
      <body data-area={area}>
        {children}
        {withScripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  // From the location, not loader data: the root loader does not rerun on every navigation.
  const location = useLocation();
  const matches = useMatches();
  // Set when the visitor confirms in place (with JavaScript): the page behind stops being inert at once, before
  // the root loader runs again. False on the server and at hydration alike, so the HTML's inert matches.
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  if (isAdminPath(location.pathname)) {
    // The admin brings its own chrome, and shows its toasts inside Radix Themes (routes/admin/theme.tsx);
    // only an admin address that matches no admin page (the 404) is shown here, outside it.
    const inAdminTheme = matches.some((match) => match.id === ADMIN_THEME_ROUTE_ID);
    return (
      <>
        <Outlet />
        {inAdminTheme ? null : <Toaster toast={data.toast} />}
      </>
    );
  }
  const gateShown = data.showAgeGate && !ageConfirmed;
  return (
    <>
      {/* First: a first visitor meets the question before the page, where the keyboard and a screen reader
          begin. */}
      {data.showAgeGate ? (
        <AgeGate returnTo={location.pathname + location.search} onConfirm={() => setAgeConfirmed(true)} />
      ) : null}
      {/* While the gate is shown the page behind it is inert (no focus, no clicks, out of the accessibility
          tree) from the HTML on: a page that ships no script, or a visitor without JavaScript, meets a gate as
          modal as the scripted one (docs/decisions/2026-11-28-age-gate-modal-without-script.md). */}
      <div className="site-page" inert={gateShown}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteBanner />
        <SiteHeader />
        <main id="main" tabIndex={-1} data-page={pageKeyFromPath(location.pathname)}>
          <Outlet />
        </main>
        <SiteFooter />
        <Toaster toast={data.toast} />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
