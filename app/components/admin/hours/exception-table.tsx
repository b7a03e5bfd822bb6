import { RowActions } from "~/components/admin/row-actions";
import { HOURS_MESSAGES } from "~/lib/schemas/hours";
import { dateRangeText, type ExceptionView, formatDay, hoursText } from "./exception-view";

/**
 * Admin → Hours' table of one store's holidays and special hours: a table on wide screens; below 900px each
 * row is a card (admin-catalog.css), its actions in view.
 */
export function ExceptionTable({
  exceptions,
  editHref,
  storeName: name,
}: {
  exceptions: ExceptionView[];
  editHref: (id: string) => string;
  storeName: string;
}) {
  return (
    <table className="admin-table admin-hours-table">
      <caption className="visually-hidden">Holidays and special hours of {name}</caption>
      <thead>
        <tr>
          <th scope="col">Label</th>
          <th scope="col">Dates</th>
          <th scope="col">Hours</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {exceptions.map((exception) => (
          <tr key={exception.id}>
            <th scope="row" className="admin-hours-table__label">
              {exception.label}
            </th>
            <td data-label="Dates">
              {exception.startDate === exception.endDate ? (
                <time dateTime={exception.startDate}>{formatDay(exception.startDate)}</time>
              ) : (
                <>
                  <time dateTime={exception.startDate}>{formatDay(exception.startDate)}</time>
                  {" – "}
                  <time dateTime={exception.endDate}>{formatDay(exception.endDate)}</time>
                </>
              )}
            </td>
            <td data-label="Hours">
              {exception.closed ? (
                <span className="admin-hours-table__closed">Closed all day</span>
              ) : (
                hoursText(exception)
              )}
            </td>
            <td className="admin-deal-table__actions">
              <div className="admin-row-actions">
                <RowActions
                  id={exception.id}
                  name={`${exception.label} (${dateRangeText(exception.startDate, exception.endDate)})`}
                  editTo={editHref(exception.id)}
                  confirmMessage={HOURS_MESSAGES.confirmDelete}
                />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
