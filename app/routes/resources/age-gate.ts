import { redirect } from "react-router";
import { ageCookieHeader } from "~/lib/age-gate";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { requireSameOriginAction } from "~/server/csrf.server";
import type { Route } from "./+types/age-gate";
import { readFormOrThrow } from "~/server/form-body.server";

/** "Yes, Enter": records the confirmation in a cookie, then returns the visitor to the same page. */
export async function action({ request }: Route.ActionArgs) {
  // A resource route: React Router's own cross-site check does not cover it.
  requireSameOriginAction(request);
  const form = await readFormOrThrow(request);
  const secure = new URL(request.url).protocol === "https:";
  const cookie = ageCookieHeader(Date.now(), secure);
  if (form.get("mode") === "fetch") {
    return new Response(null, { status: 204, headers: { "Set-Cookie": cookie } });
  }
  return redirect(safeRedirectPath(form.get("returnTo"), "/"), { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}
