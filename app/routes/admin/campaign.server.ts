// Admin → Campaigns, one campaign (/admin/campaigns/new and /admin/campaigns/{id}): the draft's editor and
// what its buttons do, the "Send to N subscribers?" confirmation (?send), and a campaign going out (progress,
// pause, resume). Every button that carries the words saves the draft first, so nothing typed is lost.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { isRowId } from "~/lib/admin-list";
import { PUBLISH_ANYWAY_FIELDS, PUBLISH_ANYWAY_MESSAGES, readPublishAnyway } from "~/lib/ad-rules/override";
import type { AdvertisingRefusal } from "~/lib/ad-rules/override";
import {
  CAMPAIGN_INTENTS,
  CAMPAIGN_LIMITS,
  CAMPAIGNS_PATH,
  campaignPath,
  campaignSchema,
  type CampaignStatusView,
} from "~/lib/campaigns";
import { formatSubmittedAt } from "~/lib/submissions";
import { campaignRatePerMinute } from "~/models/campaign-settings.server";
import {
  campaignCounts,
  campaignProgress,
  createCampaign,
  deleteCampaignDraft,
  getCampaign,
  recordCampaignTest,
  setCampaignPaused,
  startCampaign,
  updateCampaignDraft,
} from "~/models/campaigns.server";
import { subscriberCounts } from "~/models/subscribers.server";
import { type FormBodyLimits, readFormBody } from "~/server/form-body.server";
import { logger } from "~/server/logger.server";
import { renderMarkdown } from "~/server/markdown.server";
import type { Campaign } from "~/server/schema.server";
import { advertisingGate, advertisingJudge, AdvertisingRefused } from "~/services/advertising.server";
import type { AdminUser } from "~/services/auth.server";
import { nudgeCampaignSender, sendCampaignTest } from "~/services/campaigns/campaign-sender.server";
import { weeklyDealsDraft } from "~/services/campaigns/weekly-deals.server";

/** The editor's body: a subject and up to 50,000 characters (4 bytes each at most), the override's reason. */
const CAMPAIGN_FORM_LIMITS: FormBodyLimits = { maxFileSize: 256 * 1024, maxTotalSize: 320 * 1024, maxFiles: 0 };

export interface CampaignEditorValues {
  subject: string;
  content: string;
  /** The owner's "Publish anyway" kept with the draft. */
  publishAnyway: boolean;
  publishAnywayReason: string;
}

/** "Publish anyway" as the form sends it, from the reason kept with a draft (null: none). */
function publishAnywayForm(reason: string | null): FormData {
  const form = new FormData();
  if (reason) {
    form.set(PUBLISH_ANYWAY_FIELDS.confirm, "on");
    form.set(PUBLISH_ANYWAY_FIELDS.reason, reason);
  }
  return form;
}

const wordsOf = (campaign: Pick<Campaign, "subject" | "body_markdown">) => ({
  subject: campaign.subject,
  content: campaign.body_markdown,
});

/** Whether the draft may go out as it is stored: its words' findings, and the "Publish anyway" kept with it. */
async function sendRefusal(draft: Campaign): Promise<AdvertisingRefusal | null> {
  const gate = await advertisingGate(wordsOf(draft), publishAnywayForm(draft.override_reason), true);
  return gate.ok ? null : gate.refusal;
}

async function confirmedSubscribers(): Promise<number> {
  return (await subscriberCounts()).confirmed;
}

export async function loadCampaign(id: string | null, url: URL, now = new Date()) {
  const campaign = id === null ? null : isRowId(id) ? await getCampaign(id) : undefined;
  if (campaign === undefined) {
    throw await redirectWithError(CAMPAIGNS_PATH, "That campaign no longer exists.");
  }
  if (campaign && campaign.status !== "draft") {
    const counts = campaignCounts(await campaignProgress(campaign.id), campaign.recipient_count);
    return {
      mode: "progress" as const,
      campaign: {
        id: campaign.id,
        subject: campaign.subject,
        status: campaign.status as CampaignStatusView,
        queuedAt: campaign.queued_at ? formatSubmittedAt(campaign.queued_at) : null,
        finishedAt: campaign.finished_at ? formatSubmittedAt(campaign.finished_at) : null,
        overrideReason: campaign.override_reason,
      },
      counts,
      html: renderMarkdown(campaign.body_markdown),
    };
  }
  const template = campaign ? null : url.searchParams.get("template") === "deals" ? await weeklyDealsDraft(now) : null;
  const values: CampaignEditorValues = {
    subject: campaign?.subject ?? template?.subject ?? "",
    content: campaign?.body_markdown ?? template?.bodyMarkdown ?? "",
    publishAnyway: Boolean(campaign?.override_reason),
    publishAnywayReason: campaign?.override_reason ?? "",
  };
  const [recipients, ratePerMinute] = await Promise.all([confirmedSubscribers(), campaignRatePerMinute()]);
  // ?send: the owner asked to send. The stored words decide: findings without "Publish anyway" come back to the
  // editor beside the text; else the confirmation opens.
  const refusal = campaign && url.searchParams.has("send") ? await sendRefusal(campaign) : null;
  return {
    mode: "edit" as const,
    campaign: campaign
      ? { id: campaign.id, savedAt: formatSubmittedAt(campaign.updated_at), version: campaign.updated_at.toISOString() }
      : null,
    values,
    previewHtml: values.content ? renderMarkdown(values.content) : "",
    recipients,
    ratePerMinute,
    confirmSend: Boolean(campaign && url.searchParams.has("send") && !refusal),
    refusal,
  };
}

export type CampaignActionData = {
  result: SubmissionResult<string[]>;
  /** 'Update preview' without JavaScript: the mail as rendered, nothing saved. */
  previewHtml?: string;
};

/** What the campaign page's buttons do; `id` null on /admin/campaigns/new. */
export async function campaignAction(request: Request, actor: AdminUser, id: string | null) {
  if (id !== null && !isRowId(id)) return redirectWithError(CAMPAIGNS_PATH, "That campaign no longer exists.");
  const body = await readFormBody(request, CAMPAIGN_FORM_LIMITS);
  if (!body.ok || body.oversizedPart) {
    const message = body.ok ? "The mail is too long: keep it to 50,000 characters." : body.message;
    return data<CampaignActionData>(
      { result: { status: "error", error: { "": [message] } } },
      { status: body.ok ? 413 : body.status },
    );
  }
  const form = body.formData;
  const intent = form.get("intent");
  const here = id ? campaignPath(id) : CAMPAIGNS_PATH;

  if (id && (intent === CAMPAIGN_INTENTS.pause || intent === CAMPAIGN_INTENTS.resume)) {
    const paused = intent === CAMPAIGN_INTENTS.pause;
    if (!(await setCampaignPaused(id, paused, actor))) {
      return redirectWithError(here, paused ? "It was not sending." : "It was not paused.");
    }
    if (!paused) nudgeCampaignSender();
    return redirectWithSuccess(here, paused ? "Paused: nothing more goes out until you resume." : "Sending again.");
  }
  if (id && intent === CAMPAIGN_INTENTS.delete) {
    return (await deleteCampaignDraft(id, actor))
      ? redirectWithSuccess(CAMPAIGNS_PATH, "Draft deleted.")
      : redirectWithError(here, "Only a draft can be deleted; a campaign that went out stays on record.");
  }
  if (id && intent === CAMPAIGN_INTENTS.send) return sendToSubscribers(id, actor);
  if (intent === "preview") {
    const content = form.get("content");
    return data<CampaignActionData>({
      result: parseWithZod(form, { schema: campaignSchema }).reply(),
      previewHtml: typeof content === "string" ? renderMarkdown(content.slice(0, CAMPAIGN_LIMITS.body)) : "",
    });
  }
  if (intent !== CAMPAIGN_INTENTS.save && intent !== CAMPAIGN_INTENTS.test && intent !== CAMPAIGN_INTENTS.review) {
    throw data("Unknown action", { status: 400 });
  }

  const submission = parseWithZod(form, { schema: campaignSchema });
  if (submission.status !== "success") {
    return data<CampaignActionData>({ result: submission.reply() }, { status: 400 });
  }
  const decision = readPublishAnyway(form);
  if (decision === "reason-needed") {
    return data<CampaignActionData>(
      { result: submission.reply({ formErrors: [PUBLISH_ANYWAY_MESSAGES.reasonNeeded] }) },
      { status: 400 },
    );
  }
  const draft = {
    subject: submission.value.subject,
    bodyMarkdown: submission.value.content,
    overrideReason: decision?.reason ?? null,
  };
  const saved = id ? await updateCampaignDraft(id, draft, actor) : await createCampaign(draft, actor);
  if (!saved) return redirectWithError(here, "This campaign went out already: its words can no longer change.");
  const page = campaignPath(saved.id);

  if (intent === CAMPAIGN_INTENTS.review) return redirect(`${page}?send`);
  if (intent === CAMPAIGN_INTENTS.test) {
    try {
      await sendCampaignTest(draft, actor.email);
    } catch (error) {
      logger.warn({ err: error, campaignId: saved.id }, "Campaign test not sent");
      return redirectWithError(page, {
        message: "The test was not sent",
        description: "The mail server did not take it. The draft is saved; try again in a minute.",
      });
    }
    await recordCampaignTest(saved, actor);
    return redirectWithSuccess(page, {
      message: `Test sent to ${actor.email}`,
      description: "The draft is saved. Read the test as a patient will, then send it to your subscribers.",
    });
  }
  return redirectWithSuccess(page, "Draft saved.");
}

/** The confirmation's "Send now": the stored draft, judged again as this transaction locks it. */
async function sendToSubscribers(id: string, actor: AdminUser): Promise<Response> {
  const page = campaignPath(id);
  const stored = await getCampaign(id);
  if (!stored || stored.status !== "draft") return redirectWithError(page, "This campaign went out already.");
  if ((await confirmedSubscribers()) === 0) {
    return redirectWithError(page, "No one has confirmed a subscription yet: nothing was sent, the draft waits.");
  }
  const judge = await advertisingJudge<Campaign>(publishAnywayForm(stored.override_reason), (draft) => ({
    fields: wordsOf(draft!),
    publishing: true,
  }));
  let count: number | null;
  try {
    count = await startCampaign(id, { actor, judge: (draft) => judge(draft) });
  } catch (error) {
    if (error instanceof AdvertisingRefused) throw redirect(`${page}?send`);
    throw error;
  }
  if (count === null) return redirectWithError(page, "This campaign went out already.");
  nudgeCampaignSender();
  return redirectWithSuccess(page, {
    message: `Sending to ${count.toLocaleString("en-US")} subscribers`,
    description: "This page shows how far it is. You can pause it at any time.",
  });
}
