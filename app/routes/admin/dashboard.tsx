import { Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { Link, useLoaderData } from "react-router";
import { DEAL_ENDING_SOON_DAYS, RECENT_ACTIVITY_DAYS, RECENT_APPLICATION_DAYS } from "~/lib/admin-list";
import { pageMeta } from "~/lib/seo";
import { stores } from "~/content/site";
import { todayInStoreZone } from "~/lib/dates";
import { holidaysWithoutEntry } from "~/lib/us-holidays";
import { type DashboardCounts, getDashboardCounts } from "~/models/dashboard.server";
import { getSecurityPolicy, listCurrentHoursExceptions } from "~/models/site-settings.server";
import { requireAdmin } from "~/server/auth.server";
import type { Route } from "./+types/dashboard";

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

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const now = new Date();
  const today = todayInStoreZone(now);
  const [counts, policy, holidays] = await Promise.all([
    getDashboardCounts(now),
    getSecurityPolicy(),
    Promise.all(
      stores.map(async (store) => ({
        store: store.id,
        shortName: store.shortName,
        count: holidaysWithoutEntry(await listCurrentHoursExceptions(store.id, now), today).length,
      })),
    ),
  ]);
  return { email: user.email, counts, holidays, requireTwoFactor: policy.requireTwoFactor };
}

export default function AdminDashboard() {
  const { email, counts, holidays, requireTwoFactor } = useLoaderData<typeof loader>();
  const sections = sectionsFor(counts, holidays, requireTwoFactor);
  // What needs doing first: every non-zero count that asks for attention, the urgent ones first.
  const attention = sections
    .flatMap((section) => section.stats as Stat[])
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
            without hours and no sample review on the site.
          </Text>
        )}
      </section>

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
