import { listSitemapPosts, listSitemapTerms } from "~/models/post-feeds.server";
import { env } from "~/server/env.server";
import { blogSitemapEntries, buildUrlSet, XML_CONTENT_TYPE } from "./feeds.server";
import { cachedTextResponse, newest } from "~/server/http-cache.server";
import type { Route } from "./+types/sitemap-blog";

/** /sitemap-blog.xml: every visible post, and the category and tag pages that have posts. */
export async function loader({ request }: Route.LoaderArgs) {
  const posts = await listSitemapPosts();
  const categories = await listSitemapTerms("categories");
  const tags = await listSitemapTerms("tags");
  const body = buildUrlSet(blogSitemapEntries(posts, categories, tags), new URL(env().PUBLIC_URL).origin);
  return cachedTextResponse(request, body, {
    contentType: XML_CONTENT_TYPE,
    lastModified: newest(posts.map((p) => p.lastmod)),
  });
}
