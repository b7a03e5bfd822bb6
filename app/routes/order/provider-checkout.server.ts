// The step between our bag and the provider's checkout page. The bag's "Continue to checkout" is a form, and a
// form's redirect to another site is blocked by our Content-Security-Policy (form-action 'self'), rightly: so
// the hand-off redirects to our own /bag/provider-checkout, which sends the browser on by a plain navigation
// (a refresh and a link). The address travels in a short-lived, signed, httpOnly cookie on that path only, so
// it never sits in a URL a page could forge: /bag/provider-checkout?to=… would be an open redirect.
import { createCookie, redirect } from "react-router";
import { sessionSecrets } from "~/server/env.server";
import { isHttps } from "~/server/security.server";
import { httpsAddress } from "~/lib/safe-redirect";

export const PROVIDER_CHECKOUT_PATH = "/bag/provider-checkout";

// Made at first use: the session secrets it is signed with are read from the environment then.
const handOffCookie = () =>
  createCookie("bag-provider-checkout", {
    httpOnly: true,
    sameSite: "lax",
    path: PROVIDER_CHECKOUT_PATH,
    maxAge: 10 * 60,
    secrets: sessionSecrets(),
  });

/** The answer to a hand-off the provider accepted: to our step page, carrying its checkout's address. */
export async function toProviderCheckout(request: Request, checkoutUrl: string): Promise<Response> {
  return redirect(PROVIDER_CHECKOUT_PATH, {
    status: 303,
    headers: { "Set-Cookie": await handOffCookie().serialize(checkoutUrl, { secure: isHttps(request) }) },
  });
}

/** The provider's checkout address this browser was just given, or a redirect to the bag when there is none. */
export async function providerCheckoutAddress(request: Request): Promise<string> {
  const address = httpsAddress(await handOffCookie().parse(request.headers.get("Cookie")));
  if (!address) throw redirect("/bag");
  return address;
}
