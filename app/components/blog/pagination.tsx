import { Link } from "react-router";
import { ChevronLeftIcon, ChevronRightIcon } from "~/components/ui/icons";
import { pageItems } from "~/lib/pagination";

/**
 * Previous, numbered pages and Next, as plain links (they work without JavaScript). Shown only when
 * there is more than one page; Previous is disabled on the first page and Next on the last.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const previous = page > 1 ? page - 1 : null;
  const next = page < pageCount ? page + 1 : null;
  return (
    <nav className="pagination" aria-label="Pagination">
      <ul>
        <li>
          {previous ? (
            <Link className="pagination__link pagination__step" to={hrefFor(previous)} rel="prev">
              <ChevronLeftIcon size={18} /> Previous
            </Link>
          ) : (
            <span className="pagination__link pagination__step" aria-disabled="true">
              <ChevronLeftIcon size={18} /> Previous
            </span>
          )}
        </li>
        {pageItems(page, pageCount).map((item, i) =>
          item === "gap" ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                className="pagination__link"
                to={hrefFor(item)}
                aria-current={item === page ? "page" : undefined}
                aria-label={`Page ${item}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {next ? (
            <Link className="pagination__link pagination__step" to={hrefFor(next)} rel="next">
              Next <ChevronRightIcon size={18} />
            </Link>
          ) : (
            <span className="pagination__link pagination__step" aria-disabled="true">
              Next <ChevronRightIcon size={18} />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
