// The Previous / Next pager of the admin's paged lists, as plain links that work without JavaScript.
import { Flex, Text } from "@radix-ui/themes";
import { Link, useLocation } from "react-router";
import { listHref } from "~/lib/admin-list";

interface PagerProps {
  page: number;
  pageCount: number;
  /** What is paged, for the landmark's name, e.g. "Deals pages". */
  label: string;
}

/**
 * 'Previous' and 'Next' links and where the list stands ("Page 2 of 7"), shown only when there is more
 * than one page.
 */
export function ListPager({ page, pageCount, hrefFor, label }: PagerProps & { hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="list-pager">
      <Flex align="center" justify="between" gap="3" wrap="wrap">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} rel="prev" className="list-pager__link">
            ← Previous
          </Link>
        ) : (
          <span className="list-pager__link" aria-disabled="true">
            ← Previous
          </span>
        )}
        <Text size="2" color="gray">
          Page {page} of {pageCount}
        </Text>
        {page < pageCount ? (
          <Link to={hrefFor(page + 1)} rel="next" className="list-pager__link">
            Next →
          </Link>
        ) : (
          <span className="list-pager__link" aria-disabled="true">
            Next →
          </span>
        )}
      </Flex>
    </nav>
  );
}

/** The pager of an admin list at `path`: each page is the list as it is (search, filters) on that page. */
export function AdminListPager({
  path,
  param = "page",
  ...props
}: PagerProps & {
  path: string;
  /** The page's query parameter (a page with two lists pages them apart). */
  param?: string;
}) {
  const { search } = useLocation();
  return <ListPager {...props} hrefFor={(p) => listHref(path, search, { [param]: p > 1 ? String(p) : null })} />;
}
