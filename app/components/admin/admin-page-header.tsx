import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "react-router";

export interface Breadcrumb {
  label: string;
  /** Omit for the current page (the last crumb). */
  to?: string;
}

interface AdminPageHeaderProps {
  /** The page's h1. */
  title: string;
  description?: React.ReactNode;
  /** The trail after "Dashboard", e.g. [{ label: "Blog Posts", to: "/admin/blog" }, { label: "New Post" }]. */
  breadcrumbs?: Breadcrumb[];
  /** Buttons on the right of the title (e.g. 'New Post'). */
  actions?: React.ReactNode;
}

/**
 * The top of every inner admin page: 'Back to Dashboard', the breadcrumb, the h1 and the page's actions.
 * Plain links, so it works without JavaScript.
 */
export function AdminPageHeader({ title, description, breadcrumbs, actions }: AdminPageHeaderProps) {
  const trail: Breadcrumb[] = breadcrumbs?.length ? breadcrumbs : [{ label: title }];
  return (
    <div className="admin-page-header">
      <Flex align="center" gap="4" wrap="wrap" className="admin-page-header__nav">
        <Button asChild variant="soft" size="2">
          <Link to="/admin">
            <span aria-hidden="true">←</span> Back to Dashboard
          </Link>
        </Button>
        <nav aria-label="Breadcrumb" className="admin-breadcrumb">
          <ol>
            <li>
              <Link to="/admin">Dashboard</Link>
            </li>
            {trail.map((crumb, index) => {
              const last = index === trail.length - 1;
              return (
                <li key={`${crumb.label}-${index}`}>
                  {crumb.to && !last ? (
                    <Link to={crumb.to}>{crumb.label}</Link>
                  ) : (
                    <span aria-current={last ? "page" : undefined}>{crumb.label}</span>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
      </Flex>
      <Flex justify="between" align="end" gap="4" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="7">
            {title}
          </Heading>
          {description ? (
            <Text as="p" color="gray">
              {description}
            </Text>
          ) : null}
        </Flex>
        {actions ? (
          <Flex gap="3" wrap="wrap">
            {actions}
          </Flex>
        ) : null}
      </Flex>
    </div>
  );
}
