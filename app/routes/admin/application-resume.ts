import { requireAdmin } from "~/server/auth.server";
import { resumeDownloadResponse } from "~/server/resume-download.server";
import type { Route } from "./+types/application-resume";

/** GET /admin/applications/:id/resume — the stored resume, to admins only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  return resumeDownloadResponse(params.id);
}
