import { Link } from "react-router";
import { footerInfoLinks, footerQuickLinks } from "~/content/navigation";
import { site, stores, storeAddressLine } from "~/content/site";
import { RssIcon, socialIcons } from "~/components/ui/icons";

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section aria-labelledby="footer-stores">
          <h2 id="footer-stores">Our Stores</h2>
          {stores.map((store) => (
            <address key={store.id} className="site-footer__store">
              <strong>{store.shortName}</strong>
              <span>{storeAddressLine(store)}</span>
              <a href={store.phoneHref}>{store.phone}</a>
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
          </ul>
        </nav>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours">Hours</h2>
          {stores.map((store) => (
            <div key={store.id} className="site-footer__hours">
              <strong>{store.shortName}</strong>
              {store.hoursText.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </div>
          ))}
          <ul className="site-footer__social" aria-label="Social media">
            {site.socials.map((social) => {
              const Icon = socialIcons[social.name];
              return (
                <li key={social.name}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${social.name} (opens in a new tab)`}
                  >
                    {Icon ? <Icon size={18} /> : social.name}
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
      <div className="site-footer__legal">
        <p>
          © {year} {site.name}. For adults 21+ and qualified medical patients. A medical card is required for every
          visit.{" "}
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
