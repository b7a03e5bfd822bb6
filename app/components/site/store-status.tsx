import type { PublicStore } from "~/lib/site-settings";

/**
 * "Open now · closes 10 PM", "Closed · opens 9 AM", "Closed today (Thanksgiving)": worked out on the server
 * in the stores' zone when the page was made, so the browser shows the same words (no hydration mismatch).
 */
export function StoreStatusLine({ status, className }: { status: PublicStore["status"]; className?: string }) {
  const special = status.state === "open" && status.label ? ` (${status.label} hours)` : "";
  return (
    <span className={["store-status", className].filter(Boolean).join(" ")} data-state={status.state}>
      <span className="store-status__dot" aria-hidden="true" />
      {status.text}
      {special}
    </span>
  );
}
