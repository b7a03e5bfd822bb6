import { NavLink, useLocation } from "react-router";
import { SHOP_MENU_HREF, mainNavigation } from "~/content/navigation";
import { useSite } from "~/components/ui/use-root-data";
import { BagIcon, CloseIcon, LeafIcon, MenuIcon } from "~/components/ui/icons";
import { SocialLinks } from "~/components/site/social-links";
import { useEffect, useRef } from "react";

/**
 * Sticky header. Up to 1200 px the links sit in a slide-out panel driven by a native <details>:
 * its <summary> opens it and, moved into the panel's top row as a close button and drawn behind the
 * panel as the backdrop, closes it again, all without JavaScript. With JavaScript it also closes on
 * Escape, on navigation, and when focus leaves it.
 */
export function SiteHeader() {
  const drawer = useRef<HTMLDetailsElement>(null);
  const site = useSite();
  const location = useLocation();
  const shownKey = useRef(location.key);

  useEffect(() => {
    // Not on the first run: a visitor may have opened the menu before the page hydrated.
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (drawer.current) drawer.current.open = false;
  }, [location.key]);

  useEffect(() => {
    const element = drawer.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !element.open) return;
      element.open = false;
      element.querySelector("summary")?.focus();
    };
    // Tabbing past the last link would put focus behind the backdrop: close instead.
    const onFocusOut = (event: FocusEvent) => {
      if (element.open && event.relatedTarget instanceof Node && !element.contains(event.relatedTarget)) {
        element.open = false;
      }
    };
    document.addEventListener("keydown", onKeyDown);
    element.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      element.removeEventListener("focusout", onFocusOut);
    };
  }, []);

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
        <a href={SHOP_MENU_HREF} className="button-link site-header__cta">
          Shop Live Menu
        </a>
        {/* The bag at every width. No count: the header is part of cached pages, the same for every visitor. */}
        <a href="/bag" className="site-header__bag">
          <BagIcon size={22} />
          <span>Bag</span>
        </a>
        {/* Holds the toggle's place in the header while the open menu is drawn over the whole window. */}
        <div className="site-drawer-slot">
          <details className="site-drawer" ref={drawer}>
            <summary className="site-drawer__toggle">
              <span className="site-drawer__icon" aria-hidden="true">
                <MenuIcon size={24} className="site-drawer__icon-open" />
                <CloseIcon size={24} className="site-drawer__icon-close" />
              </span>
              <span className="visually-hidden site-drawer__label-open">Open menu</span>
              <span className="visually-hidden site-drawer__label-close">Close menu</span>
            </summary>
            <div
              className="site-drawer__panel"
              onClick={(event) => {
                // Any link closes the menu, even one to the page already shown.
                if (event.target instanceof Element && event.target.closest("a") && drawer.current) {
                  drawer.current.open = false;
                }
              }}
            >
              <div className="site-drawer__top">
                <LeafIcon size={22} />
                <span className="site-drawer__title">{site.name}</span>
              </div>
              <nav aria-label="Mobile">
                <ul>{links}</ul>
              </nav>
              <a href={SHOP_MENU_HREF} className="button-link">
                Shop Live Menu
              </a>
              <SocialLinks className="site-drawer__social" />
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
