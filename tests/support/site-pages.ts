import { FIXED_PUBLIC_PATHS } from "../../scripts/bench/blog-pages";

/** The pages a person can open, for the checks and screenshots that go through all of them. */
export const PUBLIC_PAGES = [...FIXED_PUBLIC_PATHS, "/admin/login", "/admin/reset"];

/** The admin area's pages, for a signed-in administrator. */
export const ADMIN_PAGES = [
  "/admin",
  "/admin/brands",
  "/admin/deals",
  "/admin/blog",
  "/admin/blog/new",
  "/admin/blog/terms",
  "/admin/applications",
  "/admin/inquiries",
  "/admin/reviews",
  "/admin/gallery",
  "/admin/hours",
  "/admin/settings",
  "/admin/users",
  "/admin/account",
  "/admin/activity",
];

/** The smallest phone (and a 1280 px window at 400 % zoom, WCAG 1.4.10), a phone, tablet, laptop, desktop. */
export const SCREEN_SIZES = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1100, height: 800 },
  { width: 1440, height: 900 },
] as const;
