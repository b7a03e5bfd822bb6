import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy",
    description: "Privacy Policy for our website.",
    path: "/privacy",
  });

export default function Privacy() {
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Privacy Policy</h1>
        </div>
      </section>
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
