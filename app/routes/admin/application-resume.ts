import { resumeDownloadResponse } from "./application-resume.server";
import type { Route } from "./+types/application-resume";

/** GET /admin/applications/:id/resume — the stored resume, to admins only. */
export async function loader({ params }: Route.LoaderArgs) {
  return resumeDownloadResponse(params.id);
}
