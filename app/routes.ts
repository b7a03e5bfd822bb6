import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  // Public site
  index("routes/site/home.tsx"),
  route("about", "routes/site/about.tsx"),
  route("locations", "routes/site/locations.tsx"),
  route("deals", "routes/site/deals.tsx"),
  route("brands", "routes/site/brands.tsx"),
  route("brands/:slug", "routes/site/brand.tsx"),
  route("reviews", "routes/site/reviews.tsx"),
  route("careers", "routes/site/careers.tsx"),
  route("contact", "routes/site/contact.tsx"),
  route("terms", "routes/site/terms.tsx"),
  route("privacy", "routes/site/privacy.tsx"),

  // Resources (no UI)
  route("healthz", "routes/resources/healthz.ts"),
  route("readyz", "routes/resources/readyz.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("age-gate", "routes/resources/age-gate.ts"),
  route("media/:bucket/*", "routes/resources/media.ts"),
  route("feed.xml", "routes/resources/feed.ts"),
  route("sitemap.xml", "routes/resources/sitemap-index.ts"),
  route("sitemap-pages.xml", "routes/resources/sitemap-pages.ts"),
  route("sitemap-blog.xml", "routes/resources/sitemap-blog.ts"),
  route("sitemap-menu.xml", "routes/resources/sitemap-menu.ts"),
  route("menu-images/:name", "routes/resources/menu-image.ts"),

  // Admin (noindex, never cached), every page inside Radix Themes (theme.tsx; the public pages load none of it).
  // Signed-out pages first; everything in the inner layout is behind the guard.
  ...prefix("admin", [
    layout("routes/admin/theme.tsx", [
      route("login", "routes/admin/login.tsx"),
      route("login/two-factor", "routes/admin/login-two-factor.tsx"),
      route("invite", "routes/admin/invite.tsx"),
      route("logout", "routes/admin/logout.ts"),
      route("reset", "routes/admin/reset.tsx"),
      route("reset/confirm", "routes/admin/reset-confirm.tsx"),
      route("setup", "routes/admin/setup.tsx"),
      layout("routes/admin/layout.tsx", [
        index("routes/admin/dashboard.tsx"),
        route("applications", "routes/admin/applications.tsx"),
        route("applications/export.csv", "routes/admin/applications-export.ts"),
        route("applications/:id/resume", "routes/admin/application-resume.ts"),
        route("inquiries", "routes/admin/inquiries.tsx"),
        route("inquiries/export.csv", "routes/admin/inquiries-export.ts"),
        route("orders", "routes/admin/orders.tsx"),
        route("orders/export.csv", "routes/admin/orders-export.ts"),
        route("subscribers", "routes/admin/subscribers.tsx"),
        route("subscribers/export.csv", "routes/admin/subscribers-export.ts"),
        route("campaigns", "routes/admin/campaigns.tsx"),
        route("campaigns/new", "routes/admin/campaign-new.tsx"),
        route("campaigns/:id", "routes/admin/campaign.tsx"),
        route("brands", "routes/admin/brands.tsx"),
        route("deals", "routes/admin/deals.tsx"),
        route("menu", "routes/admin/menu.tsx"),
        route("menu/import", "routes/admin/menu-import.tsx"),
        route("blog", "routes/admin/blog.tsx"),
        route("blog/new", "routes/admin/blog-new.tsx"),
        route("blog/edit/:id", "routes/admin/blog-edit.tsx"),
        route("blog/preview/:id", "routes/admin/blog-preview.tsx"),
        route("blog/markdown-preview", "routes/admin/blog-markdown-preview.ts"),
        route("blog/terms", "routes/admin/blog-terms.tsx"),
        route("reviews", "routes/admin/reviews.tsx"),
        route("gallery", "routes/admin/gallery.tsx"),
        route("hours", "routes/admin/hours.tsx"),
        route("settings", "routes/admin/settings.tsx"),
        route("users", "routes/admin/users.tsx"),
        route("account", "routes/admin/account.tsx"),
        route("activity", "routes/admin/activity.tsx"),
        route("activity/export.csv", "routes/admin/activity-export.ts"),
      ]),
    ]),
  ]),

  // Blog
  route("blog", "routes/blog/list.tsx"),
  route("blog/category/:slug", "routes/blog/category.tsx"),
  route("blog/tag/:slug", "routes/blog/tag.tsx"),
  route("blog/:slug", "routes/blog/post.tsx"),

  // The store's own menu (the catalog): every product a crawlable page
  route("menu", "routes/menu/list.tsx"),
  route("menu/:category", "routes/menu/category.tsx"),
  route("menu/:category/:slug", "routes/menu/product.tsx"),

  // Ordering for pickup: the patient's bag (one visitor's, never cached)
  route("bag", "routes/order/bag.tsx"),
  route("bag/checkout", "routes/order/checkout.tsx"),
  route("bag/provider-checkout", "routes/order/provider-checkout.tsx"),

  // Deals by e-mail and texts: the sign-up, its double opt-in, and the unsubscribe link of every mail
  route("subscribe", "routes/subscribe/subscribe.tsx"),
  route("subscribe/confirm", "routes/subscribe/confirm.tsx"),
  route("unsubscribe", "routes/subscribe/unsubscribe.tsx"),
  route("order/:number", "routes/order/order.tsx"),

  // Anything else
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
