// /unsubscribe?s=…&k=…: the unsubscribe link of every mail we send to a subscriber, signed (no sign-in, no
// JavaScript). Opening it ends the e-mails at once, for every kind of mail the store sends; texts, a channel of
// their own, end with one more button. The same address answers RFC 8058's one-click POST
// ("List-Unsubscribe=One-Click", sent by the mail provider from its servers) with 200 and nothing to read.
import { data, Link } from "react-router";
import { PageHero } from "~/components/site/page-hero";
import { pageMeta } from "~/lib/seo";
import { findSubscriber, isUnsubscribeSignature, withdrawConsent } from "~/models/subscribers.server";
import { clientNetwork } from "~/server/client-network.server";
import { readFormOrThrow } from "~/server/form-body.server";
import { clientIp } from "~/services/rate-limit.server";
import subscribeStyles from "~/styles/subscribe.css?url";
import type { Route } from "./+types/unsubscribe";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: subscribeStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Unsubscribe",
    description: "Stop our deals by e-mail or text.",
    path: "/unsubscribe",
  }),
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

/** The subscriber the signed address names, or null when the signature is not ours. */
async function signedSubscriber(request: Request) {
  const url = new URL(request.url);
  const id = url.searchParams.get("s") ?? "";
  if (!isUnsubscribeSignature(id, url.searchParams.get("k"))) return null;
  const subscriber = await findSubscriber(id);
  return subscriber && !subscriber.erased_at ? subscriber : null;
}

const context = (request: Request) => ({ page: null, clientNetwork: clientNetwork(clientIp(request)) });

export async function loader({ request }: Route.LoaderArgs) {
  const subscriber = await signedSubscriber(request);
  if (!subscriber) return data({ outcome: "unknown" as const, texts: false }, { status: 404 });
  await withdrawConsent(
    { subscriberId: subscriber.id, channels: ["email"], method: "unsubscribe-link" },
    context(request),
  );
  return { outcome: "email" as const, texts: subscriber.sms_status === "consented" };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormOrThrow(request);
  const subscriber = await signedSubscriber(request);
  // RFC 8058: the mail provider's one-click POST.
  if (form.get("List-Unsubscribe") === "One-Click") {
    if (subscriber) {
      await withdrawConsent(
        { subscriberId: subscriber.id, channels: ["email"], method: "one-click" },
        context(request),
      );
    }
    return new Response(subscriber ? "Unsubscribed." : "Not a subscriber.", {
      status: subscriber ? 200 : 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  if (!subscriber) return data({ outcome: "unknown" as const, texts: false }, { status: 404 });
  await withdrawConsent(
    { subscriberId: subscriber.id, channels: ["email", "sms"], method: "unsubscribe-link" },
    context(request),
  );
  return { outcome: "everything" as const, texts: false };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { outcome, texts } = actionData ?? loaderData;
  return (
    <>
      <PageHero title={outcome === "unknown" ? "Unsubscribe" : "You're unsubscribed"} />
      <section className="section">
        <div className="container subscribe-page">
          {outcome === "unknown" ? (
            <div role="alert">
              <p>
                This unsubscribe link is not complete. Open it again from our e-mail, or{" "}
                <Link to="/contact">write to us</Link> and we will take you off the list.
              </p>
            </div>
          ) : (
            <div role="status">
              <p>
                {outcome === "everything"
                  ? "You will get no more e-mails or text messages from us about deals."
                  : "You will get no more e-mails from us about deals or products back in stock."}
              </p>
              {texts ? (
                <form method="post" className="subscribe-page__confirm">
                  <p>You also agreed to our text messages.</p>
                  <button type="submit" className="button-link button-link--outline">
                    Stop text messages too
                  </button>
                </form>
              ) : null}
              <p>
                Unsubscribed by mistake? <Link to="/subscribe">Sign up again</Link>.
              </p>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
