import { pingDatabase } from "~/server/db.server";

/** 200 "ok" while the database answers, 503 otherwise. */
export async function loader() {
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  try {
    await pingDatabase();
    return new Response("ok", { status: 200, headers });
  } catch (error) {
    console.error("Health check failed:", error);
    return new Response("database unavailable", { status: 503, headers });
  }
}
