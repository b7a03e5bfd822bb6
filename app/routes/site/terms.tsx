import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms";
import { PageHero } from "~/components/site/page-hero";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Terms of Service",
    description: "Terms of Service for our website.",
    path: "/terms",
  });

export default function Terms() {
  return (
    <>
      <PageHero title="Terms of Service" />
      <section className="section">
        <div className="container">
          <div className="prose">
            <p>Terms of Service content will be added here.</p>
          </div>
        </div>
      </section>
    </>
  );
}
