import { NavLink, useLocation } from "react-router";
import { MENU_ANCHOR, mainNavigation } from "~/content/navigation";
import { site } from "~/content/site";
import { CloseIcon, LeafIcon, MenuIcon } from "~/components/ui/icons";
import { SocialLinks } from "~/components/site/social-links";
import { useEffect, useRef } from "react";

/**
 * Sticky header. On small screens the links sit in a slide-out panel driven by a native
 * <details>, so it opens and closes without JavaScript; with JavaScript it also closes on navigation.
 */
export function SiteHeader() {
  const drawer = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (drawer.current) drawer.current.open = false;
  }, [location.pathname, location.hash]);

  const links = mainNavigation.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} end={link.to === "/"} prefetch="intent">
        {link.label}
      </NavLink>
    </li>
  ));

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a href="/" className="site-header__brand">
          <LeafIcon size={26} />
          <span>{site.name}</span>
        </a>
        <nav aria-label="Main" className="site-header__nav">
          <ul>{links}</ul>
        </nav>
        <SocialLinks className="site-header__social" />
        <a href={MENU_ANCHOR} className="button-link site-header__cta">
          Shop Live Menu
        </a>
        <details className="site-drawer" ref={drawer}>
          <summary className="site-drawer__toggle">
            <MenuIcon size={22} />
            <span className="visually-hidden">Open menu</span>
          </summary>
          <div className="site-drawer__panel">
            <div className="site-drawer__top">
              <span className="site-drawer__title">{site.name}</span>
              <button
                type="button"
                className="site-drawer__close"
                onClick={() => {
                  if (drawer.current) drawer.current.open = false;
                }}
              >
                <CloseIcon size={22} />
                <span className="visually-hidden">Close menu</span>
              </button>
            </div>
            <nav aria-label="Mobile">
              <ul>{links}</ul>
            </nav>
            <a href={MENU_ANCHOR} className="button-link">
              Shop Live Menu
            </a>
            <SocialLinks className="site-drawer__social" />
          </div>
        </details>
      </div>
    </header>
  );
}
