import { listFeedPosts } from "~/models/posts.server";
import { env } from "~/server/env.server";
import { buildRssFeed, feedLastModified, RSS_CONTENT_TYPE } from "~/server/feeds.server";
import { cachedTextResponse } from "~/server/http-cache.server";
import type { Route } from "./+types/feed";

/** /feed.xml: the newest 50 visible posts as RSS 2.0, served here rather than redirected. */
export async function loader({ request }: Route.LoaderArgs) {
  const items = await listFeedPosts(50);
  const body = buildRssFeed(items, new URL(env().PUBLIC_URL).origin);
  return cachedTextResponse(request, body, { contentType: RSS_CONTENT_TYPE, lastModified: feedLastModified(items) });
}
