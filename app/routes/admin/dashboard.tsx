import { Badge, Button, Card, Code, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { Form, Link, useLoaderData } from "react-router";
import { DEAL_ENDING_SOON_DAYS, RECENT_ACTIVITY_DAYS, RECENT_APPLICATION_DAYS } from "~/lib/admin-list";
import { MAIL_INTENTS, MAIL_SECTION_ID, MAIL_WAITING_MINUTES } from "~/lib/notification-mail";
import { pageMeta } from "~/lib/seo";
import { stores } from "~/content/stores";
import { todayInStoreZone } from "~/lib/dates";
import { holidaysWithoutEntry } from "~/lib/us-holidays";
import { type DashboardCounts, getDashboardCounts } from "~/models/dashboard.server";
import { getSecurityPolicy, listCurrentHoursExceptions } from "~/models/site-settings.server";
import { signedInAdmin } from "~/server/auth.server";
import mailStyles from "~/styles/admin-notification-mail.css?url";
import type { Route } from "./+types/dashboard";
import { dashboardAction, loadMailStatus } from "./dashboard.server";
import type { MailStatusView, MailView } from "./dashboard.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: mailStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Admin Dashboard",
    description: "Manage the website's content and submissions.",
    path: "/admin",
    noindex: true,
  });

/** How a count asks for attention: "warn" (soon), "alert" (something to do now) or not at all. */
type Tone = "warn" | "alert" | undefined;

interface Stat {
  count: number;
  /** Read after the number: "new inquiries" in "2 new inquiries". */
  label: string;
  /** The list filtered to what was counted. */
  to: string;
  /** Only when the count is not zero. */
  tone?: Tone;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** The notification mail's counts: only ever shown under "Needs attention" (and then in its own card). */
function mailStats(mail: MailStatusView): Stat[] {
  return [
    {
      count: mail.failedCount,
      label: `notification ${plural(mail.failedCount, "mail", "mails")} not sent`,
      to: `/admin#${MAIL_SECTION_ID}`,
      tone: "alert",
    },
    {
      count: mail.waitingCount,
      label: `notification ${plural(mail.waitingCount, "mail", "mails")} waiting more than ${MAIL_WAITING_MINUTES} minutes`,
      to: `/admin#${MAIL_SECTION_ID}-waiting`,
      tone: "warn",
    },
  ];
}

function sectionsFor(
  c: DashboardCounts,
  holidays: { store: string; shortName: string; count: number }[],
  requireTwoFactor: boolean,
) {
  return [
    {
      title: "Blog",
      description: "Write, schedule and publish blog posts.",
      to: "/admin/blog",
      stats: [
        { count: c.draftPosts, label: plural(c.draftPosts, "draft", "drafts"), to: "/admin/blog?status=draft" },
        {
          count: c.scheduledPosts,
          label: `scheduled ${plural(c.scheduledPosts, "post", "posts")}`,
          to: "/admin/blog?status=scheduled",
        },
      ],
    },
    {
      title: "Deals",
      description: "Manage the promotional deal slides and their dates.",
      to: "/admin/deals",
      stats: [
        {
          count: c.activeDeals,
          label: `active ${plural(c.activeDeals, "deal", "deals")}`,
          to: "/admin/deals?filter=active",
        },
        {
          count: c.dealsEndingSoon,
          label: `${plural(c.dealsEndingSoon, "deal", "deals")} ending within ${DEAL_ENDING_SOON_DAYS} days`,
          to: "/admin/deals?filter=ending-soon",
          tone: "warn",
        },
        {
          count: c.expiredActiveDeals,
          label: `${plural(c.expiredActiveDeals, "deal", "deals")} past ${plural(c.expiredActiveDeals, "its", "their")} end date, still active`,
          to: "/admin/deals?filter=expired-active",
          tone: "alert",
        },
      ],
    },
    {
      title: "Brands",
      description: "Manage the brand logos shown on the website.",
      to: "/admin/brands",
      stats: [
        {
          count: c.brands,
          label: `${plural(c.brands, "brand", "brands")}, ${c.featuredBrands} featured`,
          to: "/admin/brands",
        },
      ],
    },
    {
      title: "Job Applications",
      description: "Review applications sent through the careers page.",
      to: "/admin/applications",
      stats: [
        {
          count: c.recentApplications,
          label: `${plural(c.recentApplications, "application", "applications")} in the last ${RECENT_APPLICATION_DAYS} days`,
          to: `/admin/applications?since=${RECENT_APPLICATION_DAYS}d`,
          tone: "warn",
        },
      ],
    },
    {
      title: "Contact Inquiries",
      description: "Read and track messages sent through the contact form.",
      to: "/admin/inquiries",
      stats: [
        {
          count: c.newInquiries,
          label: `new ${plural(c.newInquiries, "inquiry", "inquiries")}`,
          to: "/admin/inquiries?status=new",
          tone: "alert",
        },
      ],
    },
    {
      title: "Reviews",
      description: "Add customer reviews, pick the featured ones, hide or remove samples.",
      to: "/admin/reviews",
      stats: [
        {
          count: c.sampleReviews,
          label: `sample ${plural(c.sampleReviews, "review", "reviews")} still shown`,
          to: "/admin/reviews",
          tone: "warn",
        },
        { count: c.featuredReviews, label: "featured", to: "/admin/reviews" },
      ],
    },
    {
      title: "Hours",
      description: "Weekly hours, holidays and special hours of each store.",
      to: "/admin/hours",
      stats: holidays.map((h) => ({
        count: h.count,
        label: `${plural(h.count, "holiday", "holidays")} without hours at ${h.shortName}`,
        to: `/admin/hours?store=${h.store}`,
        tone: "warn" as const,
      })),
    },
    {
      title: "Gallery",
      description: "The 'Inside the Shop' photos on the About page.",
      to: "/admin/gallery",
      stats: [{ count: c.galleryPhotos, label: plural(c.galleryPhotos, "photo", "photos"), to: "/admin/gallery" }],
    },
    {
      title: "Settings",
      description: "Name, promo banner, phones, addresses, links and who gets notified.",
      to: "/admin/settings",
      stats: [],
    },
    {
      title: "Users",
      description: "Invite and remove admins; two-factor sign-in.",
      to: "/admin/users",
      stats: [
        { count: c.admins, label: plural(c.admins, "admin", "admins"), to: "/admin/users" },
        {
          count: c.adminsWithoutTwoFactor,
          label: `${plural(c.adminsWithoutTwoFactor, "admin", "admins")} without two-factor sign-in`,
          to: "/admin/users",
          // Only a problem when the policy asks for it; otherwise it is information.
          tone: requireTwoFactor ? ("alert" as const) : undefined,
        },
        {
          count: c.pendingInvitations,
          label: `pending ${plural(c.pendingInvitations, "invitation", "invitations")}`,
          to: "/admin/users",
        },
      ],
    },
    {
      title: "Activity Log",
      description: "Who changed what, and when.",
      to: "/admin/activity",
      stats: [
        {
          count: c.recentActivity,
          label: `${plural(c.recentActivity, "event", "events")} in the last ${RECENT_ACTIVITY_DAYS} days`,
          to: "/admin/activity",
        },
      ],
    },
  ] satisfies { title: string; description: string; to: string; stats: Stat[] }[];
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInAdmin(context);
  const now = new Date();
  const today = todayInStoreZone(now);
  const [counts, policy, holidays, mail] = await Promise.all([
    getDashboardCounts(now),
    getSecurityPolicy(),
    Promise.all(
      stores.map(async (store) => ({
        store: store.id,
        shortName: store.shortName,
        count: holidaysWithoutEntry(await listCurrentHoursExceptions(store.id, now), today).length,
      })),
    ),
    loadMailStatus(now),
  ]);
  return { email: user.email, counts, holidays, requireTwoFactor: policy.requireTwoFactor, mail };
}

/** "Send again" on a failed notification mail (one, or all of them). */
export function action({ request, context }: Route.ActionArgs) {
  return dashboardAction(request, signedInAdmin(context));
}

export default function AdminDashboard() {
  const { email, counts, holidays, requireTwoFactor, mail } = useLoaderData<typeof loader>();
  const sections = sectionsFor(counts, holidays, requireTwoFactor);
  // What needs doing first: every non-zero count that asks for attention, the urgent ones first.
  const attention = [...mailStats(mail), ...sections.flatMap((section) => section.stats as Stat[])]
    .filter((stat) => stat.tone && stat.count > 0)
    .sort((a, b) => (a.tone === b.tone ? 0 : a.tone === "alert" ? -1 : 1));

  return (
    <Flex direction="column" gap="6">
      <Flex direction="column" gap="1">
        <Heading as="h1" size="8">
          Welcome back!
        </Heading>
        <Text as="p" color="gray" size="3" className="admin-dashboard__signed-in">
          Signed in as {email}. Choose what to manage.
        </Text>
      </Flex>

      <section aria-labelledby="attention-heading" className="admin-attention">
        <Heading as="h2" size="4" id="attention-heading">
          Needs attention
        </Heading>
        {attention.length > 0 ? (
          <ul className="admin-attention__list">
            {attention.map((stat) => (
              <li key={stat.to}>
                <StatLink stat={stat} />
              </li>
            ))}
          </ul>
        ) : (
          <Text as="p" color="gray" size="2">
            Nothing right now: no new inquiries or applications, no deal ending soon or past its end date, no holiday
            without hours, no sample review on the site and no notification mail left unsent.
          </Text>
        )}
      </section>

      <NotificationMailCard mail={mail} />

      <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4" asChild>
        <ul className="admin-dashboard__cards">
          {sections.map((section) => (
            <li key={section.to}>
              <Card size="3" className="admin-dashboard__card">
                <Flex direction="column" gap="3" height="100%">
                  <Flex direction="column" gap="1">
                    <Heading as="h2" size="5">
                      {section.title}
                    </Heading>
                    <Text as="p" color="gray" size="2">
                      {section.description}
                    </Text>
                  </Flex>
                  <ul className="admin-stats" aria-label={`${section.title} at a glance`}>
                    {(section.stats as Stat[]).map((stat) => (
                      <li key={stat.to + stat.label}>
                        <StatLink stat={stat} />
                      </li>
                    ))}
                  </ul>
                  <Link to={section.to} className="admin-dashboard__manage">
                    Manage<span className="visually-hidden"> {section.title}</span> →
                  </Link>
                </Flex>
              </Card>
            </li>
          ))}
        </ul>
      </Grid>
    </Flex>
  );
}

/** "2 new inquiries": a link to the list filtered to what was counted, coloured when it asks for attention. */
function StatLink({ stat }: { stat: Stat }) {
  const tone = stat.count > 0 ? stat.tone : undefined;
  return (
    <Link to={stat.to} className="admin-stat" data-tone={tone}>
      <span className="admin-stat__count">{stat.count.toLocaleString("en-US")}</span>{" "}
      <span className="admin-stat__label">{stat.label}</span>
    </Link>
  );
}

/**
 * The notification mail that needs a look: what failed (with "Send again") and what has waited longer than
 * it should (still being retried). Nothing at all when every mail went out.
 */
function NotificationMailCard({ mail }: { mail: MailStatusView }) {
  if (mail.failedCount === 0 && mail.waitingCount === 0) return null;
  return (
    <Card size="3" asChild className="admin-mail">
      <section id={MAIL_SECTION_ID} aria-labelledby="notification-mail-heading">
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="5" id="notification-mail-heading">
              Notification mail
            </Heading>
            <Text as="p" color="gray" size="2">
              The mail to the store about new job applications and contact messages. The submissions themselves are
              saved in their lists whatever happens to the mail.
            </Text>
          </Flex>

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
              <ul className="admin-mail__list" aria-label="Notification mail not sent">
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
              <ul className="admin-mail__list" aria-label="Notification mail waiting">
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
        </Flex>
      </section>
    </Card>
  );
}

/** One mail: its subject, when it came, how often it was tried and the mail server's last answer. */
function MailItem({ mail, failed = false }: { mail: MailView; failed?: boolean }) {
  return (
    <li className="admin-mail__item" data-testid="notification-mail">
      <div className="admin-mail__text">
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
