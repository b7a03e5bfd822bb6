import { Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { Link, useLoaderData } from "react-router";
import { pageMeta, titleWithSite } from "~/lib/seo";
import { requireAdmin } from "~/server/auth.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: titleWithSite("Admin Dashboard"),
    description: "Manage the website's content and submissions.",
    path: "/admin",
    noindex: true,
  });

const sections = [
  { title: "Blog", description: "Write, schedule and publish blog posts.", to: "/admin/blog" },
  { title: "Deals", description: "Manage the promotional deal slides and their dates.", to: "/admin/deals" },
  { title: "Brands", description: "Manage the brand logos shown on the website.", to: "/admin/brands" },
  {
    title: "Job Applications",
    description: "Review applications sent through the careers page.",
    to: "/admin/applications",
  },
  {
    title: "Contact Inquiries",
    description: "Read and track messages sent through the contact form.",
    to: "/admin/inquiries",
  },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return { email: user.email };
}

export default function AdminDashboard() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <Flex direction="column" gap="6">
      <Flex direction="column" gap="1">
        <Heading as="h1" size="8">
          Welcome back!
        </Heading>
        <Text as="p" color="gray" size="3">
          Signed in as {email}. Choose what to manage.
        </Text>
      </Flex>
      <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4" asChild>
        <ul className="admin-dashboard__cards">
          {sections.map((section) => (
            <li key={section.to}>
              <Card size="3" className="admin-dashboard__card">
                <Flex direction="column" gap="2" height="100%">
                  <Heading as="h2" size="5">
                    {section.title}
                  </Heading>
                  <Text as="p" color="gray" size="2">
                    {section.description}
                  </Text>
                  <Link to={section.to} className="admin-dashboard__manage">
                    Manage<span className="visually-hidden"> {section.title}</span> →
                  </Link>
                </Flex>
              </Card>
            </li>
          ))}
        </ul>
      </Grid>
    </Flex>
  );
}
