import { databaseReadiness } from "~/server/db.server";

/** Readiness: 200 when the database answers and has every migration of this release; 503 otherwise. */
export async function loader() {
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  const readiness = await databaseReadiness();
  return new Response(readiness.ready ? "ready" : readiness.reason, { status: readiness.ready ? 200 : 503, headers });
}
