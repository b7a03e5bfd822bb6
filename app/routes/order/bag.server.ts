// The bag's cookie and what /bag does with a form: add a product's size, change a quantity, remove a line,
// choose the pickup store. Every change answers with a redirect back (a reload never sends it twice) and
// a flash message that shows without JavaScript.
import { createCookie } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { STORE_IDS, storeShortName } from "~/content/stores";
import { BAG_IDLE_DAYS, MAX_LINE_QUANTITY, summarizeBag } from "~/lib/bag";
import {
  addToBag,
  chooseBagStore,
  isWellFormedBagToken,
  newBagToken,
  readBag,
  removeBagLine,
  setBagLineQuantity,
  type BagChange,
} from "~/models/bags.server";
import { readFormBody } from "~/server/form-body.server";
import { isHttps } from "~/server/security.server";
import { clientIp, hitRateLimit } from "~/services/rate-limit.server";

/** httpOnly, SameSite=Lax, Secure over https; renewed with every change, so it lasts as long as the bag. */
const bagCookie = createCookie("bag", { httpOnly: true, sameSite: "lax", path: "/", maxAge: BAG_IDLE_DAYS * 86_400 });

/** The bag's token this browser holds, or null (none, or not one we could have made). */
export async function bagTokenOf(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("bag=")) return null;
  const value: unknown = await bagCookie.parse(header);
  return isWellFormedBagToken(value) ? value : null;
}

/** What /bag shows: the bag worked out for its store, or null when there is none. */
export async function loadBag(request: Request, now = new Date()) {
  const token = await bagTokenOf(request);
  const bag = token ? await readBag(token, now) : null;
  if (!bag || bag.lines.length === 0) return null;
  return { storeId: bag.storeId, ...summarizeBag(bag.lines, bag.storeId, STORE_IDS, storeShortName) };
}

// Adding and changing lines is cheap for a person and unbounded for a script: 120 changes in 10 minutes.
const BAG_CHANGES = { limit: 120, windowMs: 10 * 60_000 };

function quantityOf(value: FormDataEntryValue | null): number {
  const quantity = Number(typeof value === "string" ? value.trim() : Number.NaN);
  return Number.isInteger(quantity) ? quantity : Number.NaN;
}

/** The action behind /bag's forms and every Add to bag button. */
export async function changeBag(request: Request): Promise<Response> {
  const limit = await hitRateLimit({ key: `bag:${clientIp(request)}`, ...BAG_CHANGES });
  if (!limit.allowed) {
    return redirectWithError("/bag", "Too many changes from your connection. Please wait a few minutes.");
  }
  const body = await readFormBody(request, { maxFileSize: 1024, maxTotalSize: 4096, maxFiles: 0, maxParts: 20 });
  if (!body.ok) return new Response(body.message, { status: body.status });
  const form = body.formData;
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const existing = await bagTokenOf(request);
  const token = existing ?? newBagToken();
  const line = { productId: text("product"), optionLabel: text("option") };
  let change: BagChange;
  switch (text("intent")) {
    case "add": {
      const quantity = quantityOf(form.get("quantity") ?? "1");
      change =
        quantity >= 1 && quantity <= MAX_LINE_QUANTITY
          ? await addToBag(token, { productSlug: text("slug"), optionLabel: text("option"), quantity })
          : { ok: false, message: `Choose a quantity from 1 to ${MAX_LINE_QUANTITY}.` };
      break;
    }
    case "quantity":
      change = existing
        ? await setBagLineQuantity(existing, line, quantityOf(form.get("quantity")))
        : { ok: false, message: "Your bag is empty." };
      break;
    case "remove":
      change = existing ? await removeBagLine(existing, line) : { ok: false, message: "Your bag is empty." };
      break;
    case "store": {
      const store = STORE_IDS.find((id) => id === text("store"));
      change = !store
        ? { ok: false, message: "Please choose Lindsey Street or Blue Water." }
        : existing
          ? await chooseBagStore(existing, store)
          : { ok: false, message: "Your bag is empty." };
      if (change.ok && store) change = { ok: true, message: `You will pick up at ${storeShortName(store)}.` };
      break;
    }
    default:
      change = { ok: false, message: "That change was not understood. Please try again." };
  }
  const headers = new Headers();
  if (change.ok) headers.append("Set-Cookie", await bagCookie.serialize(token, { secure: isHttps(request) }));
  return change.ok
    ? redirectWithSuccess("/bag", change.message, { headers })
    : redirectWithError("/bag", change.message, { headers });
}
