import { latestPublishedChange } from "~/models/post-feeds.server";
import { env } from "~/server/env.server";
import { buildSitemapIndex, XML_CONTENT_TYPE } from "./feeds.server";
import { cachedTextResponse } from "~/server/http-cache.server";
import type { Route } from "./+types/sitemap-index";

/** /sitemap.xml: the sitemap index robots.txt names, pointing at the pages, blog and menu sitemaps. */
export async function loader({ request }: Route.LoaderArgs) {
  const blogChanged = await latestPublishedChange();
  const body = buildSitemapIndex(
    [
      { path: "/sitemap-pages.xml" },
      { path: "/sitemap-blog.xml", lastmod: blogChanged },
      { path: "/sitemap-menu.xml" },
    ],
    new URL(env().PUBLIC_URL).origin,
  );
  return cachedTextResponse(request, body, { contentType: XML_CONTENT_TYPE });
}
