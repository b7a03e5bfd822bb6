export interface NavLink {
  to: string;
  label: string;
}

/** The header's links, in the spec's order. */
export const mainNavigation: NavLink[] = [
  { to: "/", label: "Home" },
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
  { to: "/#menu", label: "Shop Live Menu" },
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

export const MENU_ANCHOR = "/#menu";
