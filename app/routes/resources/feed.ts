import { listFeedPosts } from "~/models/post-feeds.server";
import { env } from "~/server/env.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { buildRssFeed, feedLastModified, RSS_CONTENT_TYPE } from "./feeds.server";
import { cachedTextResponse } from "~/server/http-cache.server";
import type { Route } from "./+types/feed";

/** /feed.xml: the newest 50 visible posts as RSS 2.0, served here rather than redirected. */
export async function loader({ request }: Route.LoaderArgs) {
  const items = await listFeedPosts(50);
  const { name } = await getSiteSettings();
  const body = buildRssFeed(items, new URL(env().PUBLIC_URL).origin, name);
  return cachedTextResponse(request, body, { contentType: RSS_CONTENT_TYPE, lastModified: feedLastModified(items) });
}
