import { data, Link } from "react-router";
import { siteName } from "~/lib/seo";
import type { Route } from "./+types/not-found";
import { logger } from "~/server/logger.server";
import { maskEmailAddresses } from "~/server/mask-email.server";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  // The spec's "the attempted path is logged": at info, the path only (never the query), e-mail addresses masked.
  logger.info({ path: maskEmailAddresses(pathname).slice(0, 300) }, "Page not found");
  return data({ pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Page not found | ${siteName(matches)}` },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return (
    <div className="error-page error-message">
      <p className="error-page__code" aria-hidden="true">
        404
      </p>
      <h1>
        <span className="visually-hidden">404: </span>Oops! Page not found
      </h1>
      <p>The page you are looking for doesn't exist or has moved.</p>
      <Link className="button-link" to="/">
        Return to Home
      </Link>
    </div>
  );
}
