import { isRouteErrorResponse } from "react-router";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { useSite } from "~/components/ui/use-root-data";
import { errorPageCopy } from "~/lib/error-messages";

/** The friendly error page (the root's error boundary, and the admin's inside Radix Themes). */
export function ErrorPage({ error }: { error: unknown }) {
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
