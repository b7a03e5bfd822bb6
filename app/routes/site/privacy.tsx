import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";
import { PageHero } from "~/components/site/page-hero";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy",
    description: "Privacy Policy for our website.",
    path: "/privacy",
  });

export default function Privacy() {
  return (
    <>
      <PageHero title="Privacy Policy" />
      <section className="section">
        <div className="container">
          <div className="prose">
            <p>Privacy Policy content will be added here.</p>
          </div>
        </div>
      </section>
    </>
  );
}
