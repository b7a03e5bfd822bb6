// The dashboard's notification-mail card: what failed (with "Send again") and what has waited too long.
import { Badge, Button, Code, Flex, Heading, Text } from "@radix-ui/themes";
import { Form } from "react-router";
import { MAIL_INTENTS, MAIL_SECTION_ID, MAIL_WAITING_MINUTES } from "~/lib/notification-mail";
import type { MailStatusView, MailView } from "./dashboard.server";
import { AlertCard } from "./dashboard-alert-card";
import { plural } from "./dashboard-sections";

/**
 * The notification mail that needs a look: what failed (with "Send again") and what has waited longer than
 * it should (still being retried). Nothing at all when every mail went out.
 */
export function NotificationMailCard({ mail }: { mail: MailStatusView }) {
  if (mail.failedCount === 0 && mail.waitingCount === 0) return null;
  return (
    <AlertCard
      id={MAIL_SECTION_ID}
      tone="red"
      title="Notification mail"
      description={
        <>
          The mail to the store about new job applications and contact messages, and to patients about their orders. The
          submissions and orders themselves are saved in their lists whatever happens to the mail.
        </>
      }
    >
      {mail.failedCount > 0 ? (
        <Flex direction="column" gap="2">
          <Flex justify="between" align="center" wrap="wrap" gap="2">
            <Heading as="h3" size="3">
              Not sent ({mail.failedCount.toLocaleString("en-US")})
            </Heading>
            {mail.failedCount > 1 ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value={MAIL_INTENTS.all} />
                <Button type="submit" variant="soft" size="2">
                  Send all {mail.failedCount.toLocaleString("en-US")} again
                </Button>
              </Form>
            ) : null}
          </Flex>
          <Text as="p" color="gray" size="2">
            Tried for about a day without success. Check the mail server (SMTP_URL) and the recipients in Settings;
            &lsquo;Send again&rsquo; sends to the recipients Settings name now.
          </Text>
          <ul className="admin-alert-card__list" aria-label="Notification mail not sent">
            {mail.failed.map((item) => (
              <MailItem key={item.id} mail={item} failed />
            ))}
          </ul>
          {mail.failedCount > mail.failed.length ? (
            <Text as="p" color="gray" size="2">
              Showing the {mail.failed.length} most recent of {mail.failedCount.toLocaleString("en-US")}.
            </Text>
          ) : null}
        </Flex>
      ) : null}

      {mail.waitingCount > 0 ? (
        <Flex direction="column" gap="2" id={`${MAIL_SECTION_ID}-waiting`}>
          <Heading as="h3" size="3">
            Waiting more than {MAIL_WAITING_MINUTES} minutes ({mail.waitingCount.toLocaleString("en-US")})
          </Heading>
          <Text as="p" color="gray" size="2">
            The mail server has not taken these yet; they are tried again with growing pauses, for about a day.
          </Text>
          <ul className="admin-alert-card__list" aria-label="Notification mail waiting">
            {mail.waiting.map((item) => (
              <MailItem key={item.id} mail={item} />
            ))}
          </ul>
          {mail.waitingCount > mail.waiting.length ? (
            <Text as="p" color="gray" size="2">
              Showing the {mail.waiting.length} oldest of {mail.waitingCount.toLocaleString("en-US")}.
            </Text>
          ) : null}
        </Flex>
      ) : null}
    </AlertCard>
  );
}

/** One mail: its subject, when it came, how often it was tried and the mail server's last answer. */
function MailItem({ mail, failed = false }: { mail: MailView; failed?: boolean }) {
  return (
    <li className="admin-alert-card__item" data-testid="notification-mail">
      <div className="admin-alert-card__text">
        <Flex align="center" gap="2" wrap="wrap">
          <Badge color={failed ? "red" : "amber"} variant="soft">
            {failed ? "Not sent" : "Retrying"}
          </Badge>
          <Text as="span" size="2" color="gray">
            {mail.about}
          </Text>
        </Flex>
        <Text as="p" size="2" weight="bold" className="admin-mail__subject">
          {mail.subject}
        </Text>
        <Text as="p" size="2" color="gray">
          Received {mail.receivedAt} · {mail.attempts.toLocaleString("en-US")}{" "}
          {plural(mail.attempts, "attempt", "attempts")}
          {mail.lastAttemptAt ? ` (the last ${mail.lastAttemptAt})` : ""}
          {failed ? "" : ` · next try ${mail.nextAttemptAt}`}
        </Text>
        <Text as="p" size="2" color="gray">
          To {mail.recipients}
        </Text>
        {mail.lastError ? (
          <Text as="p" size="2" className="admin-mail__error">
            Last error: <Code variant="ghost">{mail.lastError}</Code>
          </Text>
        ) : null}
      </div>
      {failed ? (
        <Form method="post" preventScrollReset className="admin-mail__action">
          <input type="hidden" name="intent" value={MAIL_INTENTS.one} />
          <input type="hidden" name="id" value={mail.id} />
          <Button type="submit" variant="soft" size="2">
            Send again<span className="visually-hidden"> the mail &ldquo;{mail.subject}&rdquo;</span>
          </Button>
        </Form>
      ) : null}
    </li>
  );
}
