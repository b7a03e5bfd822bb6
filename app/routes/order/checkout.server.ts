// /bag/checkout: the bag ordered the way its store takes orders (Settings → Ordering). Kept by the store: the
// patient's name, a phone or an e-mail, a pickup window from the store's real hours, an optional note; the
// order is stored with its lines, the confirmation mail queued and the bag emptied at once (placeOrder).
// Handed to the provider: the bag goes to the provider's checkout (its adapter), or stays with what went wrong.
import { data, redirect } from "react-router";
import { redirectWithError } from "remix-toast";
import { z } from "zod";
import { type StoreId, storeShortName } from "~/content/stores";
import { formatLongDate } from "~/lib/dates";
import { CHECKOUT_LIMITS } from "~/lib/orders";
import { phoneDigits } from "~/lib/phone";
import { pickupWindows, type PickupWindow } from "~/lib/pickup-windows";
import type { BagLineView } from "~/lib/bag";
import { externalIdsFrom } from "~/models/catalog.server";
import { storeCheckout, type StoreCheckout } from "~/models/ordering-settings.server";
import { PROVIDER_SOURCE } from "~/services/catalog/menu-sync.server";
import { handBagToDutchiePlus } from "~/services/ordering/dutchie-checkout.server";
import { orderPagePath, placeOrder } from "~/models/orders.server";
import { nudgeMailWorker } from "~/services/mail-queue.server";
import { getAllStoreHours } from "~/models/store-hours-settings.server";
import { readPublicForm } from "~/routes/site/public-form.server";
import { env } from "~/server/env.server";
import { bagTokenOf, loadBag } from "./bag.server";
import { toProviderCheckout } from "./provider-checkout.server";

/** Days of pickup windows offered, today first. */
const WINDOW_DAYS = 3;

export interface CheckoutFieldErrors {
  name?: string;
  contact?: string;
  phone?: string;
  email?: string;
  window?: string;
  note?: string;
  form?: string;
}

export interface CheckoutValues {
  name: string;
  phone: string;
  email: string;
  window: string;
  note: string;
}

/** The windows the store offers now, grouped by day for the form's select. */
async function windowsFor(storeId: StoreId, leadMinutes: number, now: Date) {
  const hours = (await getAllStoreHours(now))[storeId];
  const windows = pickupWindows(hours.weekly, hours.exceptions, now, { leadMinutes, days: WINDOW_DAYS });
  const days: { date: string; label: string; windows: PickupWindow[] }[] = [];
  for (const window of windows) {
    let day = days.find((entry) => entry.date === window.date);
    if (!day) {
      day = { date: window.date, label: formatLongDate(window.date), windows: [] };
      days.push(day);
    }
    day.windows.push(window);
  }
  return days;
}

/** What the checkout page shows: the bag, the store, its windows; or where to send a patient who cannot be here. */
export async function loadCheckout(request: Request, now = new Date()) {
  const bag = await loadBag(request, now);
  if (!bag || !bag.storeId) throw redirect("/bag");
  const storeId = bag.storeId;
  const checkout = await storeCheckout(storeId);
  if (checkout.mode !== "store" || bag.blockers.length > 0) throw redirect("/bag");
  return {
    bag,
    store: { id: storeId, name: storeShortName(storeId) },
    days: await windowsFor(storeId, checkout.leadMinutes, now),
  };
}

const EMAIL = z.string().email();

function readValues(form: FormData): CheckoutValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  return { name: text("name"), phone: text("phone"), email: text("email"), window: text("window"), note: text("note") };
}

function check(values: CheckoutValues): CheckoutFieldErrors {
  const errors: CheckoutFieldErrors = {};
  if (!values.name) errors.name = "Please enter your name.";
  else if (values.name.length > CHECKOUT_LIMITS.name) errors.name = `At most ${CHECKOUT_LIMITS.name} characters.`;
  if (!values.phone && !values.email) errors.contact = "Please give a phone number or an e-mail address.";
  if (values.phone && !phoneDigits(values.phone)) errors.phone = "Please enter a US phone number, e.g. (405) 555-0142.";
  if (values.email && (values.email.length > CHECKOUT_LIMITS.email || !EMAIL.safeParse(values.email).success)) {
    errors.email = "Please enter an e-mail address like name@example.com.";
  }
  if (!values.window) errors.window = "Please choose when you will pick up.";
  if (values.note.length > CHECKOUT_LIMITS.note) errors.note = `At most ${CHECKOUT_LIMITS.note} characters.`;
  return errors;
}

/** The answer to a submission the page shows again: the patient's values and what to fix. */
const refused = (values: CheckoutValues, errors: CheckoutFieldErrors, status = 400) =>
  data({ values, errors }, { status });

/** Places the order (kept by the store), or answers the form with what to fix. */
export async function submitCheckout(request: Request, now = new Date()) {
  const read = await readPublicForm(request, "order", {
    maxFileSize: 2048,
    maxTotalSize: 8 * 1024,
    maxFiles: 0,
    maxParts: 20,
  });
  const empty: CheckoutValues = { name: "", phone: "", email: "", window: "", note: "" };
  if (read.kind === "refused") return refused(empty, { form: read.message }, read.status);
  // A bot that filled the trap is sent back to the bag, and nothing is stored.
  if (read.kind === "spam") throw redirect("/bag");
  const values = readValues(read.formData);
  const token = await bagTokenOf(request);
  const bag = token ? await loadBag(request, now) : null;
  if (!token || !bag?.storeId) return redirectWithError("/bag", "Your bag is empty: it may have been ordered already.");
  if (bag.blockers.length > 0) return redirectWithError("/bag", bag.blockers.join(" "));
  const storeId = bag.storeId;
  const checkout = await storeCheckout(storeId);
  if (checkout.mode === "provider") return handToProvider(request, bag.lines, checkout);
  if (checkout.mode !== "store") {
    return redirectWithError("/bag", "Ordering ahead is not open at this store right now.");
  }
  const errors = check(values);
  const windows = (await windowsFor(storeId, checkout.leadMinutes, now)).flatMap((day) =>
    day.windows.map((window) => ({ window, dayLabel: day.label })),
  );
  // The window must be one offered now: a form's value is never trusted, and time passes while one fills it.
  const chosen = windows.find(({ window }) => String(window.start) === values.window);
  if (values.window && !chosen) errors.window = "That pickup time is no longer available. Please choose another.";
  if (Object.keys(errors).length > 0) return refused(values, errors);
  const placed = await placeOrder({
    bagToken: token,
    storeId,
    window: {
      start: new Date(chosen!.window.start),
      end: new Date(chosen!.window.end),
      label: chosen!.window.label,
      dayLabel: chosen!.dayLabel,
    },
    patient: {
      name: values.name,
      phone: values.phone ? phoneDigits(values.phone) : null,
      email: values.email || null,
      note: values.note || null,
    },
    now,
  });
  if (!placed.ok) return redirectWithError("/bag", placed.message);
  // The confirmation mail was committed with the order: send it now, not at the worker's next round.
  if (values.email) nudgeMailWorker();
  throw redirect(orderPagePath(placed.number), 303);
}

/**
 * The bag handed to the provider's checkout for the store's retailer (the adapter re-checks every line there
 * first), and the patient sent on to it. Anything that goes wrong leaves the bag as it is and says what
 * happened; the bag page keeps the provider's full-menu link beside it.
 */
async function handToProvider(
  request: Request,
  lines: BagLineView[],
  checkout: Extract<StoreCheckout, { mode: "provider" }>,
): Promise<Response> {
  const products = await externalIdsFrom(
    PROVIDER_SOURCE,
    lines.map((line) => line.productId),
  );
  const notThere = lines.find((line) => !products.has(line.productId));
  if (notThere) {
    return redirectWithError(
      "/bag",
      `${notThere.name} is not on the menu provider's list, so the bag cannot be ordered there. Remove it, or order in store.`,
    );
  }
  const outcome = await handBagToDutchiePlus({
    apiKey: checkout.apiKey,
    retailerId: checkout.retailerId,
    // The same override as the menu sync's (a local stand-in in tests; the provider's address otherwise).
    endpoint: env().MENU_PROVIDER_ENDPOINT || undefined,
    lines: lines.map((line) => ({
      providerProductId: products.get(line.productId)!,
      option: line.optionLabel,
      quantity: line.quantity,
      name: line.name,
    })),
  });
  if (!outcome.ok) return redirectWithError("/bag", outcome.message);
  // The provider's own checkout page (an https address its API gave, never one from the request), by way of
  // our step page: a form's redirect to another site is blocked by form-action 'self'.
  return toProviderCheckout(request, outcome.redirectUrl);
}
