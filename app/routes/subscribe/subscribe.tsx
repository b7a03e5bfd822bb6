// /subscribe: deals by e-mail (and texts) for patients, the sign-up's own page. After any sign-up it says the
// same thing (SIGN_UP_ANSWER), and a form sent with something to fix comes back here with it said.
import { PageHero } from "~/components/site/page-hero";
import { SubscribeForm } from "~/components/site/subscribe-form";
import { pageMeta } from "~/lib/seo";
import { SIGN_UP_ANSWER } from "~/lib/subscriptions";
import { PRIVATE_CACHE_CONTROL } from "~/server/http-cache.server";
import subscribeStyles from "~/styles/subscribe.css?url";
import { submitSignUp } from "./subscribe.server";
import type { Route } from "./+types/subscribe";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: subscribeStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Deals by e-mail",
    description: "This week's deals and new products for medical patients, by e-mail or text.",
    path: "/subscribe",
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_CACHE_CONTROL });

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.has("sent") };
}

export function action({ request }: Route.ActionArgs) {
  return submitSignUp(request);
}

export default function Subscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Deals by e-mail" />
      <section className="section">
        <div className="container subscribe-page">
          {loaderData.sent && !actionData ? (
            <div className="subscribe-page__answer" role="status">
              <p>{SIGN_UP_ANSWER}</p>
              <p>Check your inbox (and the spam folder) for a mail from us.</p>
            </div>
          ) : (
            <>
              <p>
                This week&apos;s deals, new products and store news, for registered medical marijuana patients. Every
                e-mail has a link that unsubscribes you in one click.
              </p>
              <SubscribeForm
                id="subscribe-page"
                page="/subscribe"
                values={actionData?.values}
                errors={actionData?.errors}
              />
            </>
          )}
        </div>
      </section>
    </>
  );
}
