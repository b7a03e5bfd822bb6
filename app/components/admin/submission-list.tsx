// Parts of the admin applications and inquiries lists: the search form, the table frame, skeleton rows,
// long text that opens in place, and Previous/Next paging. Plain HTML first: everything works without
// JavaScript, and the search runs as you type once it is there.
import { Button, Flex, Skeleton, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { ChevronLeftIcon, ChevronRightIcon } from "~/components/ui/icons";
import { SUBMISSIONS_SEARCH_MAX_LENGTH } from "~/lib/submissions";
import { useSearchAsYouType } from "~/components/ui/use-search-as-you-type";
import { TableHead } from "~/components/admin/lists/table-head";

/** False on the server and in the first render in the browser, true once React has hydrated. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

interface SubmissionSearchProps {
  /** The list's path; the form is a GET to it. */
  action: string;
  q: string;
  placeholder: string;
  /** Read out for the search box. */
  label: string;
  /** More fields of the same GET form (e.g. the status filter); a change submits at once. */
  children?: React.ReactNode;
}

/**
 * The list's search: a GET form (a new search starts on the first page). With JavaScript the results follow
 * the typing after a short pause and a filter applies on change; without it, 'Search' submits.
 */
export function SubmissionSearch({ action, q, placeholder, label, children }: SubmissionSearchProps) {
  const { inputRef, formProps } = useSearchAsYouType({ action, q });

  return (
    <Form method="get" action={action} role="search" className="submission-search" {...formProps}>
      <div className="submission-search__field">
        <label htmlFor="submission-search-q" className="visually-hidden">
          {label}
        </label>
        <input
          ref={inputRef}
          id="submission-search-q"
          type="search"
          name="q"
          defaultValue={q}
          placeholder={placeholder}
          maxLength={SUBMISSIONS_SEARCH_MAX_LENGTH}
          autoComplete="off"
          className="submission-input submission-search__input"
        />
      </div>
      {children}
      <Button type="submit" size="3">
        Search
      </Button>
    </Form>
  );
}

/** The frame of a list table: scrolls sideways on its own if it must, and says what it holds. */
export function SubmissionTable({
  caption,
  columns,
  children,
  busy,
}: {
  caption: string;
  columns: readonly string[];
  children: React.ReactNode;
  busy?: boolean;
}) {
  return (
    // Focusable, so a keyboard can scroll it sideways when it is wider than the screen.
    <div className="submission-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="submission-table" aria-busy={busy || undefined}>
        <TableHead caption={caption} columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** One table cell that, on a phone, shows its column name before the value (the rows become cards). */
export function Cell({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <td data-label={label} className={className}>
      {children}
    </td>
  );
}

/** The spec's skeleton rows, shown while the next list loads in the browser (never in server output). */
export function SkeletonRows({ count, columns }: { count: number; columns: readonly string[] }) {
  return (
    <>
      {Array.from({ length: count }, (_, row) => (
        <tr key={row} className="submission-table__skeleton" data-testid="submission-skeleton">
          {columns.map((column, i) => (
            <td key={column} data-label={column}>
              <Skeleton height="14px" width={i === 0 ? "70%" : "85%"} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

const PREVIEW_LENGTH = 120;

/** Text that may be long (a message, availability): its start, and the whole of it in place on request. */
export function LongText({ text }: { text: string }) {
  if (text.length <= PREVIEW_LENGTH) return <span className="submission-text">{text}</span>;
  const preview = text.slice(0, PREVIEW_LENGTH).replace(/\s+\S*$/, "");
  return (
    <details className="submission-long-text">
      <summary>
        <span className="submission-long-text__preview">{preview}… </span>
        <span className="submission-long-text__toggle submission-long-text__more">Show more</span>
        <span className="submission-long-text__toggle submission-long-text__less">Show less</span>
      </summary>
      <span className="submission-text">{text}</span>
    </details>
  );
}

/** Previous (newer) and Next (older) pages, as links; a missing one shows disabled. */
export function SubmissionPager({ previousHref, nextHref }: { previousHref: string | null; nextHref: string | null }) {
  if (!previousHref && !nextHref) return null;
  return (
    <nav aria-label="Pagination" className="submission-pager">
      <Flex gap="3" justify="end">
        {previousHref ? (
          <Button asChild variant="soft">
            <Link to={previousHref} rel="prev">
              <ChevronLeftIcon size={16} /> Previous
            </Link>
          </Button>
        ) : (
          <Button variant="soft" disabled aria-disabled="true">
            <ChevronLeftIcon size={16} /> Previous
          </Button>
        )}
        {nextHref ? (
          <Button asChild variant="soft">
            <Link to={nextHref} rel="next">
              Next <ChevronRightIcon size={16} />
            </Link>
          </Button>
        ) : (
          <Button variant="soft" disabled aria-disabled="true">
            Next <ChevronRightIcon size={16} />
          </Button>
        )}
      </Flex>
    </nav>
  );
}

/** The empty state under the search, with a way back to the whole list when a search or filter is on. */
export function EmptyState({ children, clearHref }: { children: React.ReactNode; clearHref?: string | null }) {
  return (
    <div className="submission-empty">
      <Text as="p" size="3" color="gray">
        {children}
      </Text>
      {clearHref ? (
        <Text as="p" size="2">
          <Link to={clearHref}>Clear the search</Link>
        </Text>
      ) : null}
    </div>
  );
}

/** An e-mail address as a mailto link that may wrap after the @ rather than anywhere. */
export function EmailLink({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  return (
    <a href={`mailto:${email}`} className="submission-email">
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </a>
  );
}

/** A dash where a row has no value, read out as what it means. */
export function NoValue({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{label}</span>
    </>
  );
}

export function DownloadIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="submission-icon">
      <path
        d="M12 3v12m0 0-5-5m5 5 5-5M4 17v3h16v-3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** When a row was sent: the date and the time each kept on one line ("Nov 22, 2026," / "2:05 PM"). */
export function SubmittedAt({ iso, text }: { iso: string; text: string }) {
  const split = text.lastIndexOf(", ");
  return (
    <time dateTime={iso}>
      {split > 0 ? (
        <>
          <span className="submission-nowrap">{text.slice(0, split + 1)}</span>{" "}
          <span className="submission-nowrap">{text.slice(split + 2)}</span>
        </>
      ) : (
        text
      )}
    </time>
  );
}
