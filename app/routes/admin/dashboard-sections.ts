// The dashboard's sections (one per admin area) and their counts, each a link to the list filtered to what
// was counted: the loader's counts in, what the page lists out.
import { DEAL_ENDING_SOON_DAYS, RECENT_ACTIVITY_DAYS, RECENT_APPLICATION_DAYS } from "~/lib/admin-list";
import { MAIL_SECTION_ID, MAIL_WAITING_MINUTES } from "~/lib/notification-mail";
import type { DashboardCounts } from "~/models/dashboard.server";
import type { MailStatusView } from "./dashboard.server";

type Tone = "warn" | "alert" | undefined;

export interface Stat {
  count: number;
  /** Read after the number: "new inquiries" in "2 new inquiries". */
  label: string;
  /** The list filtered to what was counted. */
  to: string;
  /** Only when the count is not zero. */
  tone?: Tone;
}

export const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** The notification mail's counts: only ever shown under "Needs attention" (and then in its own card). */
export function mailStats(mail: MailStatusView): Stat[] {
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

/** A sentence a section says beside its counts (the menu sync's last outcome), and where it leads. */
export interface SectionNote {
  text: string;
  to: string;
  tone?: Tone;
}

export function sectionsFor(
  c: DashboardCounts,
  holidays: { store: string; shortName: string; count: number }[],
  requireTwoFactor: boolean,
  menuSync: { sentence: string; failing: boolean } | null = null,
  /** The campaign going out now (sending or paused), as a sentence leading to its page. */
  campaign: SectionNote | null = null,
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
      title: "Menu",
      description: "The site's own menu: your POS imports, the provider's sync and your edits.",
      to: "/admin/menu",
      stats: [
        {
          count: c.menuProducts,
          label: `${plural(c.menuProducts, "product", "products")} on the menu`,
          to: "/admin/menu",
        },
        { count: c.hiddenProducts, label: "hidden", to: "/admin/menu?filter=hidden" },
      ],
      note: menuSync
        ? {
            text: menuSync.sentence,
            to: "/admin/settings#settings-menu-sync",
            tone: menuSync.failing ? ("alert" as const) : undefined,
          }
        : undefined,
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
      title: "Orders",
      description: "Orders for pickup placed on the site: make them ready, mark them picked up.",
      to: "/admin/orders",
      stats: [
        {
          count: c.newOrders,
          label: `new ${plural(c.newOrders, "order", "orders")}`,
          to: "/admin/orders?status=new",
          tone: "alert",
        },
      ],
    },
    {
      title: "Subscribers",
      description: "Patients who asked for deals by e-mail or text, and the record of their consent.",
      to: "/admin/subscribers",
      stats: [
        {
          count: c.confirmedSubscribers,
          label: `confirmed ${plural(c.confirmedSubscribers, "subscriber", "subscribers")}`,
          to: "/admin/subscribers?status=confirmed",
        },
      ],
    },
    {
      title: "Campaigns",
      description: "Deals by e-mail to every confirmed subscriber: write, test, send, follow.",
      to: "/admin/campaigns",
      stats: [],
      note: campaign ?? undefined,
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
  ] satisfies { title: string; description: string; to: string; stats: Stat[]; note?: SectionNote }[];
}
