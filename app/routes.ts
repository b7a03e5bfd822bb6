import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  // Public site
  index("routes/site/home.tsx"),
  route("about", "routes/site/about.tsx"),
  route("locations", "routes/site/locations.tsx"),
  route("deals", "routes/site/deals.tsx"),
  route("brands", "routes/site/brands.tsx"),
  route("reviews", "routes/site/reviews.tsx"),
  route("terms", "routes/site/terms.tsx"),
  route("privacy", "routes/site/privacy.tsx"),

  // Resources (no UI)
  route("healthz", "routes/resources/healthz.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("age-gate", "routes/resources/age-gate.ts"),

  // Anything else
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
