import { Card, Flex, Heading, IconButton, Text } from "@radix-ui/themes";
import { Form, Link } from "react-router";
import { PencilIcon, TrashIcon } from "~/components/admin/admin-icons";
import { AdminListPager } from "~/components/admin/list-pager";
import { listHref } from "~/lib/admin-list";

// Admin → Blog → Categories & Tags: the two kinds of term, and one kind's table (a page of it) with
// Rename and, for a term no post uses, Delete.

/** The kinds of term: their words, the page parameter of their table, and their public pages. */
export const TERM_KINDS = {
  categories: { title: "Categories", one: "Category", pageParam: "cpage", publicPath: "/blog/category/" },
  tags: { title: "Tags", one: "Tag", pageParam: "tpage", publicPath: "/blog/tag/" },
} as const;

export type TermKindName = keyof typeof TERM_KINDS;

/** A category or tag as the admin sees it: how many posts use it. */
export interface TermView {
  id: string;
  name: string;
  slug: string;
  post_count: number;
}

/** One page of one kind's terms. */
export interface TermListView {
  kind: TermKindName;
  total: number;
  page: number;
  pageCount: number;
  terms: TermView[];
}

/** One kind's table: `path` is the page's address, `search` its query (both tables' pages, a dialog). */
export function TermTable({ list, path, search }: { list: TermListView; path: string; search: string }) {
  const { title, one, pageParam, publicPath } = TERM_KINDS[list.kind];
  const headingId = `${list.kind}-heading`;
  return (
    <Card size={{ initial: "2", sm: "3" }}>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id={headingId}>
          {title} <Text color="gray">({list.total})</Text>
        </Heading>
        {list.terms.length === 0 ? (
          <Text as="p" color="gray">
            No {title.toLowerCase()} yet. Add them to a post in the editor.
          </Text>
        ) : (
          <table className="admin-terms__table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="admin-terms__slug-cell">
                  Slug
                </th>
                <th scope="col">Posts</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.terms.map((term) => (
                <tr key={term.id}>
                  <th scope="row">{term.name}</th>
                  <td className="admin-terms__slug-cell">
                    <a href={`${publicPath}${term.slug}`} target="_blank" rel="noopener" className="admin-terms__slug">
                      {term.slug}
                      <span className="visually-hidden"> (opens the public page in a new tab)</span>
                    </a>
                  </td>
                  <td data-label="Posts" className="admin-terms__count-cell">
                    {term.post_count}
                  </td>
                  <td className="admin-terms__actions-cell">
                    <Flex gap="2" justify="end" align="center">
                      <IconButton asChild variant="soft" size="2">
                        <Link
                          to={listHref(path, search, { edit: term.id })}
                          preventScrollReset
                          aria-label={`Rename ${one.toLowerCase()} ${term.name}`}
                        >
                          <PencilIcon />
                        </Link>
                      </IconButton>
                      {term.post_count === 0 ? (
                        <Form method="post" action={listHref(path, search)} preventScrollReset>
                          <input type="hidden" name="intent" value="delete" />
                          <input type="hidden" name="kind" value={list.kind} />
                          <input type="hidden" name="id" value={term.id} />
                          <IconButton
                            type="submit"
                            variant="soft"
                            color="red"
                            size="2"
                            aria-label={`Delete ${one.toLowerCase()} ${term.name}`}
                          >
                            <TrashIcon />
                          </IconButton>
                        </Form>
                      ) : (
                        <Text size="1" color="gray" className="admin-terms__in-use">
                          In use<span className="visually-hidden">: remove it from its posts to delete it</span>
                        </Text>
                      )}
                    </Flex>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <AdminListPager
          path={path}
          param={pageParam}
          page={list.page}
          pageCount={list.pageCount}
          label={`${title} pages`}
        />
      </Flex>
    </Card>
  );
}
