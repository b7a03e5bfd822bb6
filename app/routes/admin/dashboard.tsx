import { Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { Link, useLoaderData } from "react-router";
import { pageMeta } from "~/lib/seo";
import { stores } from "~/content/stores";
import { todayInStoreZone } from "~/lib/dates";
import { holidaysWithoutEntry } from "~/lib/us-holidays";
import { getDashboardCounts } from "~/models/dashboard.server";
import { getSecurityPolicy } from "~/models/site-settings.server";
import { listCurrentHoursExceptions } from "~/models/store-hours-settings.server";
import { signedInAdmin } from "~/services/auth.server";
import alertCardStyles from "~/styles/admin-alert-cards.css?url";
import type { Route } from "./+types/dashboard";
import { dashboardAction, loadMailStatus } from "./dashboard.server";
import { menuSyncStatus } from "./settings-menu-sync.server";
import { campaignPath, progressSentence } from "~/lib/campaigns";
import { campaignInFlight } from "~/models/campaigns.server";
import { NotificationMailCard } from "./dashboard-mail-card";
import { AdvertisingFindingsCard, advertisingStat } from "./dashboard-advertising-card";
import { loadAdvertisingFindings } from "./dashboard-advertising.server";
import { mailStats, type SectionNote, sectionsFor, type Stat } from "./dashboard-sections";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: alertCardStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Admin Dashboard",
    description: "Manage the website's content and submissions.",
    path: "/admin",
    noindex: true,
  });

/** How a count asks for attention: "warn" (soon), "alert" (something to do now) or not at all. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInAdmin(context);
  const now = new Date();
  const today = todayInStoreZone(now);
  const [counts, policy, holidays, mail, menuSync, advertising, campaign] = await Promise.all([
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
    menuSyncStatus(now),
    loadAdvertisingFindings(now),
    campaignInFlight(),
  ]);
  return {
    email: user.email,
    counts,
    holidays,
    requireTwoFactor: policy.requireTwoFactor,
    mail,
    menuSync,
    advertising,
    // The campaign going out now, as a sentence under Campaigns.
    campaign: campaign
      ? {
          text: `${campaign.status === "paused" ? "Paused" : "Sending"} “${campaign.subject}”: ${progressSentence(campaign.counts)}`,
          to: campaignPath(campaign.id),
          tone: campaign.status === "paused" ? ("warn" as const) : undefined,
        }
      : null,
  };
}

/** "Send again" on a failed notification mail (one, or all of them). */
export function action({ request, context }: Route.ActionArgs) {
  return dashboardAction(request, signedInAdmin(context));
}

export default function AdminDashboard() {
  const { email, counts, holidays, requireTwoFactor, mail, menuSync, advertising, campaign } =
    useLoaderData<typeof loader>();
  const sections = sectionsFor(counts, holidays, requireTwoFactor, menuSync, campaign);
  // A section's sentence that asks for attention (a failed menu sync) leads the list.
  const notes = sections.flatMap((section) => ("note" in section && section.note?.tone ? [section.note] : []));
  // What needs doing first: every non-zero count that asks for attention, the urgent ones first.
  const attention = [
    ...mailStats(mail),
    advertisingStat(advertising),
    ...sections.flatMap((section) => section.stats as Stat[]),
  ]
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
        {attention.length + notes.length > 0 ? (
          <ul className="admin-attention__list">
            {notes.map((note) => (
              <li key={note.to}>
                <NoteLink note={note} />
              </li>
            ))}
            {attention.map((stat) => (
              <li key={stat.to}>
                <StatLink stat={stat} />
              </li>
            ))}
          </ul>
        ) : (
          <Text as="p" color="gray" size="2">
            Nothing right now: no new inquiries or applications, no deal ending soon or past its end date, no holiday
            without hours, no sample review on the site, no notification mail left unsent, no failed menu sync and no
            advertising findings in live content.
          </Text>
        )}
      </section>

      <NotificationMailCard mail={mail} />
      <AdvertisingFindingsCard advertising={advertising} />

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
                  {"note" in section && section.note ? <NoteLink note={section.note} /> : null}
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

/** A section's sentence ("Menu last synced 3 hours ago: provider answered 401"), a link to where it is fixed. */
function NoteLink({ note }: { note: SectionNote }) {
  return (
    <Link to={note.to} className="admin-stat admin-stat--note" data-tone={note.tone}>
      <span className="admin-stat__label">{note.text}</span>
    </Link>
  );
}
