import { data } from "react-router";
import { getObject, isBucket, isValidObjectKey, BUCKETS } from "~/server/storage.server";
import type { Route } from "./+types/media";

/** Files of the public buckets (deal and blog images), by key. Keys are unique, so caching is forever. */
export async function loader({ params }: Route.LoaderArgs) {
  const bucket = params.bucket;
  const key = params["*"];
  if (!bucket || !key || !isBucket(bucket) || !BUCKETS[bucket].public || !isValidObjectKey(key)) {
    throw data("Not found", { status: 404 });
  }
  const object = await getObject(bucket, key);
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
