// /admin/campaigns/{id}: a draft's editor (and its "Send to N subscribers?" at ?send), or a campaign going out.
import { useActionData } from "react-router";
import { CampaignEditor } from "~/components/admin/campaign-editor";
import { CampaignProgress } from "~/components/admin/campaign-progress";
import { campaignPath } from "~/lib/campaigns";
import { signedInAdmin } from "~/services/auth.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import campaignStyles from "~/styles/admin-campaigns.css?url";
import editorStyles from "~/styles/admin-post-editor.css?url";
import editorPartStyles from "~/styles/admin-post-editor-parts.css?url";
import postBodyStyles from "~/styles/post-body.css?url";
import type { Route } from "./+types/campaign";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { campaignAction, loadCampaign } from "./campaign.server";

export const links: Route.LinksFunction = () =>
  stylesheets(catalogStyles, postBodyStyles, editorStyles, editorPartStyles, campaignStyles);

export const meta: Route.MetaFunction = ({ matches, params }) =>
  adminPageMeta(matches, campaignPath(params.id), "Campaign", "A mail to every confirmed subscriber.");

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadCampaign(params.id, new URL(request.url));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return campaignAction(request, signedInAdmin(context), params.id);
}

export default function AdminCampaign({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  if (loaderData.mode === "progress") return <CampaignProgress data={loaderData} />;
  return (
    <CampaignEditor
      // Each save comes back as a fresh form from the words saved (conform keeps a form's own values otherwise).
      key={loaderData.campaign ? `${loaderData.campaign.id} ${loaderData.campaign.version}` : "new"}
      data={loaderData}
      result={actionData?.result}
      previewHtml={actionData?.previewHtml}
    />
  );
}
