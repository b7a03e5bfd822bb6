// Admin → Campaigns, a draft (issue 40): the subject and the mail in Markdown beside its live preview (the post
// editor's ContentWriter), the advertising findings as the owner types, "Publish anyway" with its reason, and
// the buttons: Save draft, Send a test to me, Send to N subscribers (which asks once more, ?send).
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Card, Flex, Text, TextField } from "@radix-ui/themes";
import { Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { FieldAdFindings, PublishAnywayCheck } from "~/components/admin/ad-findings";
import { FormAlert } from "~/components/admin/form-alert";
import { useHydrated } from "~/components/admin/submission-list";
import { Field } from "~/components/ui/field";
import { PUBLISH_ANYWAY_MESSAGES } from "~/lib/ad-rules/override";
import {
  CAMPAIGN_INTENTS,
  CAMPAIGN_LIMITS,
  CAMPAIGNS_PATH,
  campaignPath,
  campaignSchema,
  sendingTime,
} from "~/lib/campaigns";
import type { AdvertisingRefusal } from "~/lib/ad-rules/override";
import { ContentWriter } from "./post-editor/content-writer";
import { withoutKey } from "./post-editor/post-fields";

export interface CampaignEditorData {
  campaign: { id: string; savedAt: string; version: string } | null;
  values: { subject: string; content: string; publishAnyway: boolean; publishAnywayReason: string };
  previewHtml: string;
  recipients: number;
  ratePerMinute: number;
  confirmSend: boolean;
  refusal: AdvertisingRefusal | null;
}

const subscribers = (n: number) => (n === 1 ? "1 subscriber" : `${n.toLocaleString("en-US")} subscribers`);

export function CampaignEditor({
  data,
  result,
  previewHtml,
}: {
  data: CampaignEditorData;
  /** The last refused submission (conform's reply), or a preview without JavaScript. */
  result: SubmissionResult<string[]> | undefined;
  previewHtml: string | undefined;
}) {
  const { campaign, values, recipients, ratePerMinute, refusal } = data;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const busyIntent = busy ? navigation.formData?.get("intent") : null;
  const hydrated = useHydrated();
  const [form, fields] = useForm<z.input<typeof campaignSchema>, z.output<typeof campaignSchema>>({
    id: campaign ? `campaign-${campaign.id}` : "campaign-new",
    lastResult: navigation.state === "idle" ? result : undefined,
    defaultValue: { subject: values.subject, content: values.content },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: campaignSchema }),
  });
  const title = campaign ? "Edit campaign" : "New campaign";
  const refusalMessage = refusal
    ? refusal.reasonNeeded
      ? PUBLISH_ANYWAY_MESSAGES.reasonNeeded
      : PUBLISH_ANYWAY_MESSAGES.needed
    : null;

  return (
    <div className="admin-campaign">
      <AdminPageHeader
        title={title}
        breadcrumbs={[{ label: "Campaigns", to: CAMPAIGNS_PATH }, { label: title }]}
        description={
          campaign ? `Draft, saved ${campaign.savedAt}.` : "Write it, send a test to yourself, then send it."
        }
      />
      <Form method="post" {...getFormProps(form)} className="post-editor" aria-label={title}>
        {/* Enter in the subject saves the draft: the form's first submit button. */}
        <button type="submit" name="intent" value={CAMPAIGN_INTENTS.save} hidden tabIndex={-1} />
        <FormAlert id={form.errorId} messages={refusalMessage ? [refusalMessage] : form.errors} />
        <div className="post-editor__grid">
          <div className="post-editor__main">
            <Card size="3">
              <Flex direction="column" gap="4">
                <Field meta={fields.subject} label="Subject" required look="admin">
                  <TextField.Root
                    {...withoutKey(getInputProps(fields.subject, { type: "text" }))}
                    key={fields.subject.key}
                    size="3"
                    maxLength={CAMPAIGN_LIMITS.subject}
                  />
                </Field>
                <FieldAdFindings id="subject-advertising" text={fields.subject.value} />
                <ContentWriter
                  field={fields.content}
                  serverHtml={previewHtml ?? data.previewHtml}
                  hydrated={hydrated}
                  label="The mail (Markdown)"
                  hint="Every mail adds the store's name and address and the unsubscribe link under it."
                />
              </Flex>
            </Card>
          </div>
          <div className="post-editor__side">
            <Card size="3">
              <Flex direction="column" gap="2">
                <Text as="p" weight="bold">
                  Who gets it
                </Text>
                <Text as="p" size="2">
                  {recipients === 0 ? (
                    <>No one has confirmed a subscription yet.</>
                  ) : (
                    <>
                      {subscribers(recipients)} who confirmed. At {ratePerMinute.toLocaleString("en-US")} a minute
                      sending takes {sendingTime(recipients, ratePerMinute)}.
                    </>
                  )}
                </Text>
                <Text as="p" size="2" color="gray">
                  <Link to="/admin/settings#settings-campaigns">Change the rate</Link> ·{" "}
                  <Link to="/admin/subscribers?status=confirmed">See the subscribers</Link>
                </Text>
              </Flex>
            </Card>
            <PublishAnywayCheck
              texts={[fields.subject.value, fields.content.value]}
              publishing
              refusal={refusal}
              kept={values.publishAnyway ? values.publishAnywayReason : null}
            />
          </div>
        </div>
        <div className="post-editor__actions">
          <Button asChild variant="soft" color="gray" size="3">
            <Link to={CAMPAIGNS_PATH}>Back</Link>
          </Button>
          <div className="post-editor__actions-end">
            <Button
              type="submit"
              name="intent"
              value={CAMPAIGN_INTENTS.save}
              variant="outline"
              size="3"
              disabled={busy}
            >
              {busyIntent === CAMPAIGN_INTENTS.save ? "Saving..." : "Save draft"}
            </Button>
            <Button
              type="submit"
              name="intent"
              value={CAMPAIGN_INTENTS.test}
              variant="outline"
              size="3"
              disabled={busy}
            >
              {busyIntent === CAMPAIGN_INTENTS.test ? "Sending the test..." : "Send a test to me"}
            </Button>
            <Button type="submit" name="intent" value={CAMPAIGN_INTENTS.review} size="3" disabled={busy}>
              Send to {subscribers(recipients)}…
            </Button>
          </div>
        </div>
      </Form>
      {campaign ? (
        <Form method="post" className="admin-campaign__delete">
          <Button type="submit" name="intent" value={CAMPAIGN_INTENTS.delete} color="red" variant="ghost">
            Delete this draft
          </Button>
        </Form>
      ) : null}
      {campaign && data.confirmSend ? (
        <SendDialog
          id={campaign.id}
          subject={values.subject}
          recipients={recipients}
          ratePerMinute={ratePerMinute}
          overrideReason={values.publishAnyway ? values.publishAnywayReason : null}
        />
      ) : null}
    </div>
  );
}

/** "Send to N subscribers?": the last look before the campaign goes out (an address, ?send: no JavaScript needed). */
function SendDialog({
  id,
  subject,
  recipients,
  ratePerMinute,
  overrideReason,
}: {
  id: string;
  subject: string;
  recipients: number;
  ratePerMinute: number;
  overrideReason: string | null;
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === CAMPAIGN_INTENTS.send;
  if (recipients === 0) {
    return (
      <AdminDialog title="No one to send to yet" closeTo={campaignPath(id)}>
        <Flex direction="column" gap="3">
          <Text as="p">
            No one has confirmed a subscription yet, so nothing would go out. Patients sign up in the footer of every
            page and on the deals page; the draft waits here.
          </Text>
          <div className="admin-dialog__actions">
            <Button asChild data-autofocus>
              <Link to={campaignPath(id)}>Back to the draft</Link>
            </Button>
          </div>
        </Flex>
      </AdminDialog>
    );
  }
  return (
    <AdminDialog title={`Send to ${subscribers(recipients)}?`} closeTo={campaignPath(id)}>
      <Flex direction="column" gap="3">
        <Text as="p">
          “{subject}” goes to every subscriber who confirmed, {ratePerMinute.toLocaleString("en-US")} a minute (
          {sendingTime(recipients, ratePerMinute)}). Someone who unsubscribes before their turn is skipped. You can
          pause it on its page.
        </Text>
        {overrideReason ? (
          <Text as="p" size="2">
            It has advertising findings, sent anyway because: {overrideReason}
          </Text>
        ) : null}
        <Form method="post" className="admin-dialog__actions">
          <Button asChild variant="soft" color="gray">
            <Link to={campaignPath(id)}>Cancel</Link>
          </Button>
          <Button type="submit" name="intent" value={CAMPAIGN_INTENTS.send} disabled={sending} data-autofocus>
            {sending ? "Sending..." : `Send to ${subscribers(recipients)}`}
          </Button>
        </Form>
      </Flex>
    </AdminDialog>
  );
}
