import { todayInStoreZone } from "~/lib/dates";
import { formatExportDate } from "~/lib/submissions";
import { consentLedgerBatches, optInBatches } from "~/models/subscribers.server";
import { csvResponse, csvStream } from "~/server/csv.server";
import { signedInAdmin } from "~/services/auth.server";
import { recordCsvExport } from "./export-activity.server";
import type { Route } from "./+types/subscribers-export";

export const EMAIL_LIST_HEADER = ["Email", "Confirmed at", "Consent text version", "Source page"];
/**
 * As SMS vendors (Alpine IQ, Springbig) import a consent list: the number, the consent's time in UTC, the
 * disclosure's version, the page. Ten digits, no "+1": a leading "+" is what every export defuses as a
 * spreadsheet formula, and a vendor's import would then read "'+1…".
 */
export const TEXTS_LIST_HEADER = ["Phone", "Consent time (UTC)", "Disclosure version", "Source page", "Email"];
export const LEDGER_HEADER = [
  "Record",
  "Subscriber",
  "Channel",
  "Action",
  "Address",
  "Method",
  "Page",
  "Consent text version",
  "Client network",
  "Reason",
  "Time",
];

const LISTS = {
  email: "E-mail subscribers",
  texts: "Text-message subscribers",
  ledger: "Consent ledger",
} as const;
type ListName = keyof typeof LISTS;

function listCsv(list: ListName): Response {
  const day = todayInStoreZone();
  if (list === "ledger") {
    const body = csvStream(LEDGER_HEADER, consentLedgerBatches(), (event) => [
      event.id,
      event.subscriber_id ?? "",
      event.channel,
      event.action,
      event.address ?? "",
      event.method,
      event.page ?? "",
      event.version ?? "",
      event.client_network ?? "",
      event.reason ?? "",
      new Date(event.created_at).toISOString(),
    ]);
    return csvResponse(body, `consent-ledger-${day}.csv`);
  }
  if (list === "texts") {
    const body = csvStream(TEXTS_LIST_HEADER, optInBatches("sms"), (row) => [
      row.phone ?? "",
      new Date(row.granted_at).toISOString(),
      row.version ?? "",
      row.page ?? "",
      row.email ?? "",
    ]);
    return csvResponse(body, `text-subscribers-${day}.csv`);
  }
  const body = csvStream(EMAIL_LIST_HEADER, optInBatches("email"), (row) => [
    row.email ?? "",
    formatExportDate(new Date(row.granted_at)),
    row.version ?? "",
    row.page ?? "",
  ]);
  return csvResponse(body, `email-subscribers-${day}.csv`);
}

/** GET /admin/subscribers/export.csv?list=email|texts|ledger — each export is in the activity log. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = signedInAdmin(context);
  const asked = new URL(request.url).searchParams.get("list");
  const list: ListName = asked === "texts" || asked === "ledger" ? asked : "email";
  return recordCsvExport(listCsv(list), {
    kind: "export.subscribers",
    actor,
    title: LISTS[list],
    filters: { list: LISTS[list] },
  });
}
