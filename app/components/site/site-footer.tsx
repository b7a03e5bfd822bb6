import { Link, useLocation } from "react-router";
import { SubscribeForm } from "~/components/site/subscribe-form";
import { footerInfoLinks, footerQuickLinks } from "~/content/navigation";
import { RssIcon } from "~/components/ui/icons";
import { SocialLinks } from "~/components/site/social-links";
import { StoreStatusLine } from "~/components/site/store-status";
import { useRootData, useSite } from "~/components/ui/use-root-data";
import { addressLine } from "~/content/site";

/** Ends a sentence with a period unless it already has one ("… Co." must not become "… Co.."). */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  const signedIn = useRootData()?.isSignedIn ?? false;
  const site = useSite();
  const { pathname } = useLocation();
  // The pages that have the sign-up in their content do not repeat it below.
  const ownSignUp = pathname === "/deals" || pathname.startsWith("/subscribe") || pathname === "/unsubscribe";
  return (
    <footer id="site-footer" className="site-footer">
      {ownSignUp ? null : (
        <section className="site-footer__subscribe" aria-labelledby="footer-subscribe">
          <div>
            <h2 id="footer-subscribe">Deals by e-mail</h2>
            <p>This week&apos;s deals and new products, for medical patients. Unsubscribe in one click.</p>
          </div>
          <SubscribeForm id="footer-subscribe-form" page={pathname} />
        </section>
      )}
      <div className="site-footer__grid">
        <section aria-labelledby="footer-stores">
          <h2 id="footer-stores">Our Stores</h2>
          {site.stores.map((store) => (
            <address key={store.id} className="site-footer__store">
              <strong>{store.shortName}</strong>
              <span>{addressLine(store)}</span>
              <a href={store.phoneHref}>{store.phone}</a>
              {store.licenseNumber && <span>OMMA License {store.licenseNumber}</span>}
            </address>
          ))}
        </section>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick">Quick Links</h2>
          <ul>
            {footerQuickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-info">
          <h2 id="footer-info">Info</h2>
          <ul>
            {footerInfoLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              <a href="/feed.xml">
                <RssIcon size={14} /> RSS Feed
              </a>
            </li>
            <li>
              <a href="/sitemap-blog.xml">Blog Sitemap</a>
            </li>
            {signedIn ? (
              <li>
                {/* A full page load: the admin area renders without the site's header and footer. */}
                <a href="/admin">Admin</a>
              </li>
            ) : null}
          </ul>
        </nav>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours">Hours</h2>
          {site.stores.map((store) => (
            <div key={store.id} className="site-footer__hours">
              <strong>{store.shortName}</strong>
              <StoreStatusLine status={store.status} />
              {store.hoursLines.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </div>
          ))}
          <SocialLinks className="site-footer__social" />
        </section>
      </div>
      <div className="site-footer__legal">
        <p>
          © {year} {sentence(site.name)} For adults 21+ and qualified medical patients. A medical card is required for
          every visit.{" "}
          <a href="/admin" className="site-footer__faint">
            Admin
          </a>
        </p>
        <p>
          <Link to="/terms">Terms of Service</Link> · <Link to="/privacy">Privacy Policy</Link>
        </p>
      </div>
    </footer>
  );
}
