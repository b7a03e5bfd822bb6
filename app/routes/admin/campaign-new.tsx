// /admin/campaigns/new (?template=deals: "This week's deals", written from the active deals and the specials).
import { useActionData } from "react-router";
import { CampaignEditor } from "~/components/admin/campaign-editor";
import { CAMPAIGNS_PATH } from "~/lib/campaigns";
import { signedInAdmin } from "~/services/auth.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import campaignStyles from "~/styles/admin-campaigns.css?url";
import editorStyles from "~/styles/admin-post-editor.css?url";
import editorPartStyles from "~/styles/admin-post-editor-parts.css?url";
import postBodyStyles from "~/styles/post-body.css?url";
import type { Route } from "./+types/campaign-new";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { campaignAction, loadCampaign } from "./campaign.server";

export const links: Route.LinksFunction = () =>
  stylesheets(catalogStyles, postBodyStyles, editorStyles, editorPartStyles, campaignStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, `${CAMPAIGNS_PATH}/new`, "New campaign", "Write a mail to every confirmed subscriber.");

export async function loader({ request }: Route.LoaderArgs) {
  const page = await loadCampaign(null, new URL(request.url));
  if (page.mode !== "edit") throw new Error("A new campaign is a draft");
  return page;
}

export async function action({ request, context }: Route.ActionArgs) {
  return campaignAction(request, signedInAdmin(context), null);
}

export default function AdminNewCampaign({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  return <CampaignEditor data={loaderData} result={actionData?.result} previewHtml={actionData?.previewHtml} />;
}
