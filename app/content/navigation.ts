export interface NavLink {
  to: string;
  label: string;
}

/** The header's links, in the spec's order, with the store's own menu (issue 37) after Home. */
export const mainNavigation: NavLink[] = [
  { to: "/", label: "Home" },
  { to: "/menu", label: "Menu" },
  { to: "/about", label: "About" },
  { to: "/locations", label: "Locations" },
  { to: "/deals", label: "Deals" },
  { to: "/blog", label: "Blog" },
  { to: "/careers", label: "Careers" },
  { to: "/reviews", label: "Reviews" },
  { to: "/contact", label: "Contact" },
  { to: "/brands", label: "Brands" },
];

export const footerQuickLinks: NavLink[] = [
  { to: "/menu", label: "Shop Live Menu" },
  { to: "/deals", label: "Deals" },
  { to: "/brands", label: "Brands" },
  { to: "/locations", label: "Locations" },
  { to: "/blog", label: "Blog" },
];

export const footerInfoLinks: NavLink[] = [
  { to: "/about", label: "About Us" },
  { to: "/reviews", label: "Reviews" },
  { to: "/careers", label: "Careers" },
  { to: "/contact", label: "Contact" },
];

/**
 * Where "Shop Live Menu" leads, in the header and the footer: the store's own menu, a page that works without
 * JavaScript on every device (the provider's embed stays on Home, #menu). docs/decisions/2026-11-28-shop-menu-links.md
 */
export const SHOP_MENU_HREF = "/menu";
