import { data } from "react-router";
import { logger } from "~/server/logger.server";
import { getObject, isBucket, isValidObjectKey, BUCKETS } from "~/server/storage.server";
import type { Route } from "./+types/media";

/** Files of the public buckets (deal and blog images), by key. Keys are unique, so caching is forever. */
export async function loader({ params }: Route.LoaderArgs) {
  const bucket = params.bucket;
  const key = params["*"];
  if (!bucket || !key || !isBucket(bucket) || !BUCKETS[bucket].public || !isValidObjectKey(key)) {
    throw data("Not found", { status: 404 });
  }
  let object;
  try {
    object = await getObject(bucket, key);
  } catch (error) {
    // The store is away (Supabase unreachable, a disk error): a moment's outage, not a missing file.
    logger.error({ err: error, bucket }, "Could not read a file from storage");
    // (The HTTP layer gives every 503 its Retry-After and no-store.)
    throw data("The image is unavailable right now. Please try again in a moment.", { status: 503 });
  }
  if (!object) throw data("Not found", { status: 404 });
  return new Response(object.bytes as BodyInit, {
    headers: {
      "Content-Type": object.contentType,
      "Content-Length": String(object.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
