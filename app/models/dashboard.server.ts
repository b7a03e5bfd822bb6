import { RECENT_ACTIVITY_DAYS, RECENT_APPLICATION_DAYS, startOfRecentDays } from "~/lib/admin-list";
import { todayInStoreZone } from "~/lib/dates";
import { db } from "~/server/db.server";
import { LISTED } from "./catalog-pages.server";
import { dealFilterCondition } from "./deals.server";
import { ADMIN_ROLE } from "./users.server";

/** What the admin dashboard counts; each number is what the list it links to shows. */
export interface DashboardCounts {
  /** Contact inquiries whose status is 'new' (/admin/inquiries?status=new). */
  newInquiries: number;
  /** Orders for pickup not yet made ready (/admin/orders?status=new). */
  newOrders: number;
  /** Subscribers whose e-mail subscription is confirmed (/admin/subscribers?status=confirmed). */
  confirmedSubscribers: number;
  /** Job applications sent in the last 7 calendar days, today included (/admin/applications?since=7d). */
  recentApplications: number;
  /** Posts by status (/admin/blog?status=draft, ?status=scheduled). */
  draftPosts: number;
  scheduledPosts: number;
  /** Deals marked active (/admin/deals?filter=active). */
  activeDeals: number;
  /** Active deals whose end date is today or within the next 7 days (?filter=ending-soon). */
  dealsEndingSoon: number;
  /** Deals past their end date that are still marked active (?filter=expired-active). */
  expiredActiveDeals: number;
  brands: number;
  featuredBrands: number;
  /** Reviews (/admin/reviews): all, the sample ones still published, the featured ones. */
  reviews: number;
  sampleReviews: number;
  featuredReviews: number;
  /** The catalog's products on the menu (listed: in stock, not hidden) and those the owner hid (/admin/menu). */
  menuProducts: number;
  hiddenProducts: number;
  /** 'Inside the Shop' photos (/admin/gallery). */
  galleryPhotos: number;
  /** Administrators, those without two-factor sign-in, and unexpired invitations (/admin/users). */
  admins: number;
  adminsWithoutTwoFactor: number;
  pendingInvitations: number;
  /** Activity log rows of the last 7 days (/admin/activity). */
  recentActivity: number;
}

/** Every count of the dashboard in one query; "today" is the stores' (America/Chicago). */
export async function getDashboardCounts(now = new Date()): Promise<DashboardCounts> {
  const today = todayInStoreZone(now);
  const applicationsSince = startOfRecentDays(RECENT_APPLICATION_DAYS, now);
  const row = await (
    await db()
  )
    .selectNoFrom((eb) => {
      const count = () => eb.fn.countAll<string>().as("n");
      const deals = (filter: "active" | "ending-soon" | "expired-active") =>
        eb
          .selectFrom("deals_slides")
          .select(count)
          .where((w) => dealFilterCondition(w, filter, today)!);
      return [
        eb.selectFrom("contact_inquiries").select(count).where("status", "=", "new").as("newInquiries"),
        eb.selectFrom("orders").select(count).where("status", "=", "new").as("newOrders"),
        eb
          .selectFrom("subscribers")
          .select(count)
          .where("email_status", "=", "confirmed")
          .where("erased_at", "is", null)
          .as("confirmedSubscribers"),
        eb
          .selectFrom("job_applications")
          .select(count)
          .where("created_at", ">=", applicationsSince)
          .as("recentApplications"),
        eb.selectFrom("posts").select(count).where("status", "=", "draft").as("draftPosts"),
        eb.selectFrom("posts").select(count).where("status", "=", "scheduled").as("scheduledPosts"),
        deals("active").as("activeDeals"),
        deals("ending-soon").as("dealsEndingSoon"),
        deals("expired-active").as("expiredActiveDeals"),
        eb.selectFrom("brands").select(count).as("brands"),
        eb.selectFrom("brands").select(count).where("is_featured", "=", true).as("featuredBrands"),
        eb.selectFrom("reviews").select(count).as("reviews"),
        eb
          .selectFrom("reviews")
          .select(count)
          .where("is_sample", "=", true)
          .where("is_hidden", "=", false)
          .as("sampleReviews"),
        eb
          .selectFrom("reviews")
          .select(count)
          .where("is_featured", "=", true)
          .where("is_hidden", "=", false)
          .as("featuredReviews"),
        eb.selectFrom("catalog_products").select(count).where(LISTED).as("menuProducts"),
        eb
          .selectFrom("catalog_products")
          .select(count)
          .where("gone_since", "is", null)
          .where("is_hidden", "=", true)
          .as("hiddenProducts"),
        eb.selectFrom("gallery_photos").select(count).as("galleryPhotos"),
        eb.selectFrom("user_roles").select(count).where("role", "=", ADMIN_ROLE).as("admins"),
        eb
          .selectFrom("user_roles")
          .select(count)
          .where("role", "=", ADMIN_ROLE)
          .where((w) =>
            w.not(
              w.exists(
                w
                  .selectFrom("user_two_factor")
                  .select("user_two_factor.user_id")
                  .whereRef("user_two_factor.user_id", "=", "user_roles.user_id")
                  .where("user_two_factor.enabled_at", "is not", null),
              ),
            ),
          )
          .as("adminsWithoutTwoFactor"),
        eb.selectFrom("user_invitations").select(count).where("expires_at", ">", now).as("pendingInvitations"),
        eb
          .selectFrom("activity_log")
          .select(count)
          .where("created_at", ">=", startOfRecentDays(RECENT_ACTIVITY_DAYS, now))
          .as("recentActivity"),
      ];
    })
    .executeTakeFirstOrThrow();
  return Object.fromEntries(
    Object.entries(row).map(([name, value]) => [name, Number(value ?? 0)]),
  ) as unknown as DashboardCounts;
}
