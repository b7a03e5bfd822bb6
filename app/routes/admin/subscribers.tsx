// /admin/subscribers (issue 40): who asked for deals, by e-mail and by text: counts, search, each subscriber's
// whole consent history (?id=), a withdrawal a patient asked for by phone or at the counter, an erasure on
// request, and the exports (the e-mail list, the texts list as an SMS vendor imports it, the whole ledger).
// Nothing here changes or deletes a ledger record: withdrawals and erasures add to it.
import { Badge, Button, Card, Flex, Text } from "@radix-ui/themes";
import { Form, Link } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminListPager } from "~/components/admin/list-pager";
import { listHref, listPage, redirectPastLastPage } from "~/lib/admin-list";
import { pageCountFor } from "~/lib/pagination";
import { formatShortDate } from "~/lib/dates";
import { formatPhone } from "~/lib/phone";
import { formatSubmittedAt } from "~/lib/submissions";
import {
  consentHistory,
  eraseSubscriber,
  findSubscriber,
  listSubscribers,
  type SubscriberFilter,
  subscriberCounts,
  withdrawConsent,
} from "~/models/subscribers.server";
import { readFormOrThrow } from "~/server/form-body.server";
import { signedInAdmin } from "~/services/auth.server";
import subscribersStyles from "~/styles/admin-subscribers.css?url";
import type { Route } from "./+types/subscribers";
import { adminPageMeta, stylesheets } from "./admin-page-head";

const SUBSCRIBERS_PATH = "/admin/subscribers";
const EXPORT_PATH = "/admin/subscribers/export.csv";
const PAGE_SIZE = 50;
const STATUS_FILTERS = ["confirmed", "pending", "withdrawn", "texts"] as const;
const STATUS_LABELS: Record<(typeof STATUS_FILTERS)[number], string> = {
  confirmed: "Confirmed",
  pending: "Waiting for confirmation",
  withdrawn: "Withdrawn",
  texts: "Texts agreed",
};
const METHOD_LABELS: Record<string, string> = {
  form: "sign-up form",
  "confirmation-link": "confirmation link",
  "unsubscribe-link": "unsubscribe link",
  "one-click": "one-click unsubscribe (mail provider)",
  admin: "recorded by staff",
  erasure: "erasure",
};
const ACTION_LABELS: Record<string, string> = {
  requested: "asked (waiting for confirmation)",
  granted: "consent given",
  withdrawn: "consent withdrawn",
};

export const links: Route.LinksFunction = () => stylesheets(subscribersStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, SUBSCRIBERS_PATH, "Subscribers", "Patients who asked for deals by e-mail or text.");

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filter: SubscriberFilter = {
    search: (url.searchParams.get("q") ?? "").slice(0, 100),
    status: STATUS_FILTERS.find((value) => value === url.searchParams.get("status")) ?? null,
  };
  const page = listPage(url, SUBSCRIBERS_PATH);
  const id = url.searchParams.get("id") ?? "";
  const [counts, list, chosen] = await Promise.all([
    subscriberCounts(),
    listSubscribers(filter, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    id ? findSubscriber(id) : null,
  ]);
  const pageCount = pageCountFor(list.total, PAGE_SIZE);
  redirectPastLastPage(url, SUBSCRIBERS_PATH, page, pageCount);
  // The list as it is (search, status, page), with one subscriber's history open or closed.
  const href = (subscriberId: string | null) => listHref(SUBSCRIBERS_PATH, url.search, { id: subscriberId });
  return {
    filter,
    counts,
    total: list.total,
    closeHref: href(null),
    page,
    pageCount,
    subscribers: list.rows.map((row) => ({
      id: row.id,
      email: row.email ?? "",
      phone: row.phone ? formatPhone(row.phone) : null,
      emailStatus: row.email_status,
      smsStatus: row.sms_status,
      since: formatShortDate(row.created_at),
      historyHref: href(row.id),
    })),
    chosen:
      chosen && !chosen.erased_at
        ? {
            id: chosen.id,
            email: chosen.email ?? "",
            phone: chosen.phone ? formatPhone(chosen.phone) : null,
            emailStatus: chosen.email_status,
            smsStatus: chosen.sms_status,
            history: (await consentHistory(chosen.id)).map((event) => ({
              id: String(event.id),
              when: formatSubmittedAt(new Date(event.created_at)),
              what: `${event.channel === "email" ? "E-mail" : "Texts"}: ${ACTION_LABELS[event.action]}`,
              how: METHOD_LABELS[event.method] ?? event.method,
              address: event.channel === "sms" && event.address ? formatPhone(event.address) : event.address,
              page: event.page,
              network: event.client_network,
              words: event.text ? { version: event.version, text: event.text } : null,
              reason: event.reason,
              by: event.actor_email,
            })),
          }
        : null,
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("withdraw"),
    id: z.string().uuid(),
    email: z.literal("on").optional(),
    sms: z.literal("on").optional(),
    reason: z.string().trim().min(1).max(500),
    returnTo: z.string().max(400).optional(),
  }),
  z.object({
    intent: z.literal("erase"),
    id: z.string().uuid(),
    reason: z.string().trim().min(1).max(500),
    returnTo: z.string().max(400).optional(),
  }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const actor = signedInAdmin(context);
  const parsed = actionSchema.safeParse(Object.fromEntries(await readFormOrThrow(request)));
  if (!parsed.success) {
    return redirectWithError(SUBSCRIBERS_PATH, "Say what the patient asked (the reason), and choose what to stop.");
  }
  const back = `${SUBSCRIBERS_PATH}?id=${parsed.data.id}`;
  const where = { page: null, clientNetwork: null };
  if (parsed.data.intent === "erase") {
    const erased = await eraseSubscriber(parsed.data.id, { reason: parsed.data.reason, actor }, where);
    return erased
      ? redirectWithSuccess(SUBSCRIBERS_PATH, "Erased: the address and number are gone; the record of consent stays.")
      : redirectWithError(SUBSCRIBERS_PATH, "That subscriber no longer exists.");
  }
  const channels = [...(parsed.data.email ? ["email" as const] : []), ...(parsed.data.sms ? ["sms" as const] : [])];
  if (channels.length === 0) return redirectWithError(back, "Choose e-mail, texts or both.");
  const ended = await withdrawConsent(
    { subscriberId: parsed.data.id, channels, method: "admin", reason: parsed.data.reason, actor },
    where,
  );
  if (ended === null) return redirectWithError(SUBSCRIBERS_PATH, "That subscriber no longer exists.");
  if (ended.length === 0) return redirectWithSuccess(back, "Nothing to stop: that consent had already ended.");
  return redirectWithSuccess(
    back,
    `Withdrawal recorded: ${ended.map((c) => (c === "email" ? "e-mail" : "texts")).join(" and ")}.`,
  );
}

const emailStatusLabel = { pending: "Waiting", confirmed: "Confirmed", withdrawn: "Withdrawn" } as const;

export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  const { filter, counts, total, subscribers, chosen, closeHref, page, pageCount } = loaderData;
  return (
    <div className="admin-subscribers">
      <AdminPageHeader
        title="Subscribers"
        description="Patients who asked for deals by e-mail or text, and the record of their consent."
        actions={
          <Flex gap="2" wrap="wrap">
            <Button asChild variant="outline">
              <a href={`${EXPORT_PATH}?list=email`} download>
                E-mail list (CSV)
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={`${EXPORT_PATH}?list=texts`} download>
                Texts list for the SMS vendor (CSV)
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={`${EXPORT_PATH}?list=ledger`} download>
                Consent ledger (CSV)
              </a>
            </Button>
          </Flex>
        }
      />
      <ul className="admin-subscribers__counts" aria-label="Counts">
        <li>
          <Link to={`${SUBSCRIBERS_PATH}?status=confirmed`}>{counts.confirmed} confirmed</Link>
        </li>
        <li>
          <Link to={`${SUBSCRIBERS_PATH}?status=pending`}>{counts.waiting} waiting for confirmation</Link>
        </li>
        <li>
          <Link to={`${SUBSCRIBERS_PATH}?status=withdrawn`}>{counts.withdrawn} withdrawn</Link>
        </li>
        <li>
          <Link to={`${SUBSCRIBERS_PATH}?status=texts`}>{counts.texts} with texts</Link>
        </li>
      </ul>

      {chosen ? (
        <Card className="admin-subscribers__history">
          <Flex justify="between" wrap="wrap" gap="2">
            <Text as="p" size="4" weight="bold">
              {chosen.email}
              {chosen.phone ? ` · ${chosen.phone}` : ""}
            </Text>
            <Link to={closeHref}>Close</Link>
          </Flex>
          <Text as="p" size="2">
            E-mail: {emailStatusLabel[chosen.emailStatus]} · Texts:{" "}
            {chosen.smsStatus === "consented"
              ? "Agreed"
              : chosen.smsStatus === "withdrawn"
                ? "Withdrawn"
                : "Never asked"}
          </Text>
          <h2 className="admin-subscribers__heading">Consent history</h2>
          <ol className="admin-subscribers__events">
            {chosen.history.map((event) => (
              <li key={event.id}>
                <p>
                  <strong>{event.what}</strong>, by {event.how}
                  {event.by ? ` (${event.by})` : ""}
                </p>
                <p className="admin-subscribers__facts">
                  {event.when}
                  {event.address ? ` · ${event.address}` : ""}
                  {event.page ? ` · on ${event.page}` : ""}
                  {event.network ? ` · from ${event.network}` : ""}
                </p>
                {event.reason ? <p>Reason: {event.reason}</p> : null}
                {event.words ? (
                  <details>
                    <summary>Words agreed to (version {event.words.version})</summary>
                    <p>{event.words.text}</p>
                  </details>
                ) : null}
              </li>
            ))}
          </ol>
          <Form method="post" className="admin-subscribers__form">
            <h2 className="admin-subscribers__heading">Record a withdrawal the patient asked for</h2>
            <input type="hidden" name="intent" value="withdraw" />
            <input type="hidden" name="id" value={chosen.id} />
            <Flex gap="3" wrap="wrap">
              <label>
                <input type="checkbox" name="email" defaultChecked={chosen.emailStatus !== "withdrawn"} /> E-mail
              </label>
              <label>
                <input type="checkbox" name="sms" defaultChecked={chosen.smsStatus === "consented"} /> Texts
              </label>
            </Flex>
            <label htmlFor="withdraw-reason">How and when the patient asked</label>
            <textarea id="withdraw-reason" name="reason" required maxLength={500} rows={2} />
            <Button type="submit" color="red" variant="soft">
              Record withdrawal
            </Button>
          </Form>
          <Form method="post" className="admin-subscribers__form">
            <h2 className="admin-subscribers__heading">Erase on the patient&apos;s request</h2>
            <p>
              Removes the address and number everywhere, and ends every consent. The record that consent existed and
              ended stays, without them.
            </p>
            <input type="hidden" name="intent" value="erase" />
            <input type="hidden" name="id" value={chosen.id} />
            <label htmlFor="erase-reason">The patient&apos;s request</label>
            <textarea id="erase-reason" name="reason" required maxLength={500} rows={2} />
            <Button type="submit" color="red">
              Erase
            </Button>
          </Form>
        </Card>
      ) : null}

      <Form method="get" className="admin-subscribers__filters">
        <label>
          <span>Search</span>
          <input type="search" name="q" defaultValue={filter.search} placeholder="Address or number" />
        </label>
        <label>
          <span>Status</span>
          <select name="status" defaultValue={filter.status ?? ""}>
            <option value="">All</option>
            {STATUS_FILTERS.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="soft">
          Show
        </Button>
      </Form>
      <Text as="p" size="2" color="gray">
        {total === 1 ? "1 subscriber" : `${total} subscribers`}
      </Text>
      {subscribers.length === 0 ? (
        <Card>
          <Text as="p">No subscribers{filter.search || filter.status ? " match" : " yet"}.</Text>
        </Card>
      ) : (
        <ul className="admin-subscribers__list" aria-label="Subscribers">
          {subscribers.map((subscriber) => (
            <li key={subscriber.id}>
              <Card>
                <Flex justify="between" wrap="wrap" gap="2" align="center">
                  <Text as="p" weight="bold" className="admin-subscribers__email">
                    {subscriber.email}
                  </Text>
                  <Badge color={subscriber.emailStatus === "confirmed" ? "green" : "gray"}>
                    {emailStatusLabel[subscriber.emailStatus]}
                  </Badge>
                </Flex>
                <Text as="p" size="2">
                  {subscriber.phone
                    ? `${subscriber.phone} · texts ${subscriber.smsStatus === "consented" ? "agreed" : "withdrawn"} · `
                    : ""}
                  since {subscriber.since}
                </Text>
                <Link to={subscriber.historyHref}>
                  Consent history<span className="visually-hidden"> of {subscriber.email}</span>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <AdminListPager path={SUBSCRIBERS_PATH} page={page} pageCount={pageCount} label="Subscriber pages" />
    </div>
  );
}
