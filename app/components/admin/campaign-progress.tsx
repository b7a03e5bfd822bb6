// Admin → Campaigns, a campaign that went out (issue 40): how far it is (sent, waiting, failed, skipped), Pause
// and Resume, and the mail as the subscribers receive it. With JavaScript the counts follow the sending every
// few seconds; without it, 'Refresh' reloads them.
import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useEffect } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import {
  CAMPAIGN_INTENTS,
  CAMPAIGN_STATUS_COLORS,
  CAMPAIGN_STATUS_LABELS,
  CAMPAIGNS_PATH,
  type CampaignCounts,
  type CampaignStatusView,
  campaignPath,
  progressSentence,
} from "~/lib/campaigns";

const REFRESH_MS = 5000;

export interface CampaignProgressData {
  campaign: {
    id: string;
    subject: string;
    status: CampaignStatusView;
    queuedAt: string | null;
    finishedAt: string | null;
    overrideReason: string | null;
  };
  counts: CampaignCounts;
  html: string;
}

export function CampaignProgress({ data }: { data: CampaignProgressData }) {
  const { campaign, counts, html } = data;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  useEffect(() => {
    if (campaign.status !== "sending") return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [campaign.status, revalidator]);
  const done = counts.sent + counts.failed + counts.skipped;
  const when = campaign.finishedAt
    ? `Queued ${campaign.queuedAt}, finished ${campaign.finishedAt}.`
    : `Queued ${campaign.queuedAt}.`;

  return (
    <div className="admin-campaign">
      <AdminPageHeader
        title={campaign.subject}
        breadcrumbs={[{ label: "Campaigns", to: CAMPAIGNS_PATH }, { label: campaign.subject }]}
        description={when}
      />
      <Card size="3" className="admin-campaign__progress">
        <Flex direction="column" gap="3">
          <Flex align="center" gap="3" wrap="wrap">
            <Badge size="2" color={CAMPAIGN_STATUS_COLORS[campaign.status]}>
              {CAMPAIGN_STATUS_LABELS[campaign.status]}
            </Badge>
            <Text as="p" role="status" weight="medium">
              {progressSentence(counts)}
            </Text>
          </Flex>
          <progress
            className="admin-campaign__bar"
            max={Math.max(1, counts.recipients)}
            value={done}
            aria-label="Sent so far"
          />
          <dl className="admin-campaign__counts">
            <div>
              <dt>Recipients</dt>
              <dd>{counts.recipients.toLocaleString("en-US")}</dd>
            </div>
            <div>
              <dt>Waiting</dt>
              <dd>{counts.waiting.toLocaleString("en-US")}</dd>
            </div>
            <div>
              <dt>Sent</dt>
              <dd>{counts.sent.toLocaleString("en-US")}</dd>
            </div>
            <div>
              <dt>Failed</dt>
              <dd>{counts.failed.toLocaleString("en-US")}</dd>
            </div>
            <div>
              <dt>Skipped</dt>
              <dd>{counts.skipped.toLocaleString("en-US")}</dd>
            </div>
          </dl>
          {counts.failed > 0 ? (
            <Text as="p" size="2" color="gray">
              A mail the mail server refused is tried twice more, minutes apart; one it may have delivered is never sent
              twice.
            </Text>
          ) : null}
          <Flex gap="3" wrap="wrap" align="center">
            {campaign.status === "sending" || campaign.status === "paused" ? (
              <Form method="post">
                <Button
                  type="submit"
                  name="intent"
                  value={campaign.status === "sending" ? CAMPAIGN_INTENTS.pause : CAMPAIGN_INTENTS.resume}
                  variant={campaign.status === "sending" ? "outline" : "solid"}
                  disabled={busy}
                >
                  {campaign.status === "sending" ? "Pause sending" : "Resume sending"}
                </Button>
              </Form>
            ) : null}
            {campaign.status === "sending" ? (
              <Link to={campaignPath(campaign.id)} className="admin-campaign__refresh">
                Refresh
              </Link>
            ) : null}
          </Flex>
          {campaign.overrideReason ? (
            <Text as="p" size="2">
              Sent with advertising findings, because: {campaign.overrideReason}
            </Text>
          ) : null}
        </Flex>
      </Card>
      <Card size="3" className="admin-campaign__mail">
        <Heading as="h2" size="3">
          The mail
        </Heading>
        <Text as="p" size="2" color="gray">
          Subject: {campaign.subject}
        </Text>
        {/* Rendered and sanitized on the server, as the mail's HTML part. */}
        <div className="post-body" dangerouslySetInnerHTML={{ __html: html }} />
      </Card>
    </div>
  );
}
