// /subscribe/confirm?t=…: the double opt-in's link. Opening it shows one button, and the subscription starts
// when it is pressed: mail scanners that open every link in a message must not subscribe anyone. A link used,
// expired, altered or unknown gets a page that says so and the way to sign up again, never an error.
import { data, Link } from "react-router";
import { PageHero } from "~/components/site/page-hero";
import { pageMeta } from "~/lib/seo";
import { confirmationState, confirmSubscription, type ConfirmationOutcome } from "~/models/subscribers.server";
import { clientNetwork } from "~/server/client-network.server";
import { readFormOrThrow } from "~/server/form-body.server";
import { PRIVATE_CACHE_CONTROL } from "~/server/http-cache.server";
import { clientIp } from "~/services/rate-limit.server";
import subscribeStyles from "~/styles/subscribe.css?url";
import type { Route } from "./+types/confirm";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: subscribeStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Confirm your subscription",
    description: "Confirm your subscription to our deals.",
    path: "/subscribe/confirm",
  }),
  { name: "robots", content: "noindex" },
];

// The link's token is in the address: no other site hears of it ("same-origin", not "no-referrer": with
// no-referrer a browser sends the button's POST with "Origin: null", which the cross-site check refuses).
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": PRIVATE_CACHE_CONTROL,
  "Referrer-Policy": "same-origin",
});

type PageState = ConfirmationOutcome | "usable";

const STATUS: Record<PageState, number> = {
  usable: 200,
  confirmed: 200,
  "already-confirmed": 200,
  used: 200,
  expired: 410,
  unknown: 404,
};

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const state = await confirmationState(token);
  return data({ state, token: state === "usable" ? token : "" }, { status: STATUS[state] });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormOrThrow(request);
  const token = form.get("t");
  const state = await confirmSubscription(typeof token === "string" ? token : "", {
    page: null,
    clientNetwork: clientNetwork(clientIp(request)),
  });
  return data({ state }, { status: STATUS[state] });
}

const SIGN_UP_AGAIN = (
  <p>
    <Link to="/subscribe" className="button-link">
      Sign up again
    </Link>
  </p>
);

function Answer({ state, token }: { state: PageState; token: string }) {
  switch (state) {
    case "usable":
      return (
        <form method="post" className="subscribe-page__confirm">
          <p>One step left: press the button to start your subscription to our deals.</p>
          <input type="hidden" name="t" value={token} />
          <button type="submit" className="button-link">
            Confirm my subscription
          </button>
        </form>
      );
    case "confirmed":
      return (
        <div role="status">
          <p>You&apos;re subscribed. Our deals will come to your inbox; every e-mail has a link to unsubscribe.</p>
          <p>
            <Link to="/deals">See this week&apos;s deals</Link>
          </p>
        </div>
      );
    case "already-confirmed":
      return <p role="status">You were already subscribed: nothing has changed.</p>;
    case "used":
      return (
        <p role="status">
          This link has been used already. If you pressed the button then, your subscription is on; every e-mail from us
          has a link to unsubscribe.
        </p>
      );
    case "expired":
      return (
        <>
          <p role="alert">This link has expired: links to confirm work for 48 hours. Sign up again for a new one.</p>
          {SIGN_UP_AGAIN}
        </>
      );
    default:
      return (
        <>
          <p role="alert">
            This link is not one we sent, or part of it is missing. Copy the whole link from our e-mail, or sign up
            again.
          </p>
          {SIGN_UP_AGAIN}
        </>
      );
  }
}

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  return (
    <>
      <PageHero title={state === "confirmed" ? "You're subscribed" : "Confirm your subscription"} />
      <section className="section">
        <div className="container subscribe-page">
          <Answer state={state} token={actionData ? "" : loaderData.token} />
        </div>
      </section>
    </>
  );
}
