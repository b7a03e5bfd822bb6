import { env } from "~/server/env.server";
import { STATIC_PUBLIC_PAGES } from "~/lib/public-pages";
import { buildUrlSet, XML_CONTENT_TYPE } from "./feeds.server";
import { cachedTextResponse } from "~/server/http-cache.server";
import type { Route } from "./+types/sitemap-pages";

/** /sitemap-pages.xml: the site's static public pages. */
export function loader({ request }: Route.LoaderArgs) {
  const body = buildUrlSet(
    STATIC_PUBLIC_PAGES.map((path) => ({ path })),
    new URL(env().PUBLIC_URL).origin,
  );
  return cachedTextResponse(request, body, { contentType: XML_CONTENT_TYPE });
}
