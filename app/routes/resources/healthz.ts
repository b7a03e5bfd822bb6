/**
 * Liveness: 200 while the process answers requests at all. It never asks the database, so an orchestrator
 * does not restart a healthy process because the database is away (that is what /readyz reports).
 */
export function loader() {
  return new Response("ok", {
    status: 200,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
