import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { ErrorMessage, GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { useSite } from "~/components/ui/use-root-data";

/** The public site's error page (the root's error boundary): the site's header and footer around the error. */
export function ErrorPage() {
  const site = useSite();
  return (
    <GeneralErrorBoundary
      defaultStatusHandler={(details) => (
        <>
          <title>{`${details.copy.title} | ${site.name}`}</title>
          <meta name="robots" content="noindex" />
          <SiteHeader />
          <main id="main" className="error-page">
            <ErrorMessage details={details} href="/" linkLabel="Return to Home">
              {details.status === 503 ? (
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
            </ErrorMessage>
          </main>
          <SiteFooter />
        </>
      )}
    />
  );
}
