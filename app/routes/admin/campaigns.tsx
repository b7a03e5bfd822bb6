// /admin/campaigns (issue 40): the campaigns, newest first, each with how far it went; "New campaign" and
// "This week's deals" (a draft written from the active deals and the products on special).
import { Badge, Button, Card, Flex, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminListPager } from "~/components/admin/list-pager";
import { listPage, redirectPastLastPage } from "~/lib/admin-list";
import {
  CAMPAIGN_STATUS_COLORS,
  CAMPAIGN_STATUS_LABELS,
  CAMPAIGNS_PATH,
  campaignPath,
  progressSentence,
} from "~/lib/campaigns";
import { pageCountFor } from "~/lib/pagination";
import { formatSubmittedAt } from "~/lib/submissions";
import { campaignRatePerMinute } from "~/models/campaign-settings.server";
import { listCampaigns } from "~/models/campaigns.server";
import { subscriberCounts } from "~/models/subscribers.server";
import campaignStyles from "~/styles/admin-campaigns.css?url";
import type { Route } from "./+types/campaigns";
import { adminPageMeta, stylesheets } from "./admin-page-head";

const PAGE_SIZE = 25;

export const links: Route.LinksFunction = () => stylesheets(campaignStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, CAMPAIGNS_PATH, "Campaigns", "Deals by e-mail to every confirmed subscriber.");

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = listPage(url, CAMPAIGNS_PATH);
  const [list, counts, ratePerMinute] = await Promise.all([
    listCampaigns({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    subscriberCounts(),
    campaignRatePerMinute(),
  ]);
  const pageCount = pageCountFor(list.total, PAGE_SIZE);
  redirectPastLastPage(url, CAMPAIGNS_PATH, page, pageCount);
  return {
    page,
    pageCount,
    confirmed: counts.confirmed,
    ratePerMinute,
    campaigns: list.campaigns.map((campaign) => ({
      id: campaign.id,
      subject: campaign.subject,
      status: campaign.status,
      sentence:
        campaign.status === "draft"
          ? `Draft, saved ${formatSubmittedAt(campaign.updatedAt)}`
          : `${progressSentence(campaign.counts)} · queued ${formatSubmittedAt(campaign.queuedAt ?? campaign.updatedAt)}`,
    })),
  };
}

export default function AdminCampaigns({ loaderData }: Route.ComponentProps) {
  const { campaigns, confirmed, ratePerMinute, page, pageCount } = loaderData;
  return (
    <div className="admin-campaigns">
      <AdminPageHeader
        title="Campaigns"
        description="Deals by e-mail to every patient who asked for them and confirmed."
        actions={
          <Flex gap="2" wrap="wrap">
            <Button asChild variant="outline">
              <Link to={`${CAMPAIGNS_PATH}/new?template=deals`}>This week&apos;s deals</Link>
            </Button>
            <Button asChild>
              <Link to={`${CAMPAIGNS_PATH}/new`}>New campaign</Link>
            </Button>
          </Flex>
        }
      />
      <Text as="p" size="2" className="admin-campaigns__facts">
        <Link to="/admin/subscribers?status=confirmed">
          {confirmed.toLocaleString("en-US")} confirmed {confirmed === 1 ? "subscriber" : "subscribers"}
        </Link>{" "}
        · sent at {ratePerMinute.toLocaleString("en-US")} a minute (
        <Link to="/admin/settings#settings-campaigns">change</Link>)
      </Text>
      {campaigns.length === 0 ? (
        <Card>
          <Text as="p">
            No campaigns yet. Start with <Link to={`${CAMPAIGNS_PATH}/new?template=deals`}>This week&apos;s deals</Link>
            : it is written from your active deals and the products on special.
          </Text>
        </Card>
      ) : (
        <ul className="admin-campaigns__list" aria-label="Campaigns">
          {campaigns.map((campaign) => (
            <li key={campaign.id}>
              <Card>
                <Flex justify="between" align="center" gap="2" wrap="wrap">
                  <Link to={campaignPath(campaign.id)} className="admin-campaigns__subject">
                    {campaign.subject}
                  </Link>
                  <Badge color={CAMPAIGN_STATUS_COLORS[campaign.status]}>
                    {CAMPAIGN_STATUS_LABELS[campaign.status]}
                  </Badge>
                </Flex>
                <Text as="p" size="2" color="gray">
                  {campaign.sentence}
                </Text>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <AdminListPager path={CAMPAIGNS_PATH} page={page} pageCount={pageCount} label="Campaign pages" />
    </div>
  );
}
