import { redirect } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { ADMIN_LOGIN_PATH } from "~/lib/admin-paths";
import { requireSameOriginAction } from "~/server/csrf.server";
import { endSession } from "~/services/session.server";
import type { Route } from "./+types/logout";

/** 'Sign Out': a POST (never a link a page could trigger), which deletes the session row and the cookie. */
export async function action({ request }: Route.ActionArgs) {
  requireSameOriginAction(request);
  const setCookie = await endSession(request);
  return redirectWithSuccess(ADMIN_LOGIN_PATH, "Signed out successfully", { headers: { "Set-Cookie": setCookie } });
}

/** A GET does not sign out. */
export function loader() {
  return redirect("/admin");
}
