import { Badge } from "@radix-ui/themes";
import { type ListEdges, RowActions } from "~/components/admin/row-actions";
import { formatShortDate } from "~/lib/dates";
import { responsiveImage } from "~/lib/image-srcset";
import { DEAL_MESSAGES } from "~/lib/schemas/deal";

// Admin → Deals' table of slides: a table on wide screens; below 900px each row is a card
// (admin-catalog.css), its actions in view.

/** A deal slide as the admin's list and dialog show it. */
export interface DealView extends ListEdges {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  startDate: string | null;
  endDate: string | null;
  isActive: boolean;
  sortOrder: number;
}

const dateCell = (day: string | null, what: string) =>
  day ? (
    <time dateTime={day}>{formatShortDate(day)}</time>
  ) : (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">No {what}</span>
    </>
  );

export function DealTable({
  deals,
  editHref,
  reorderable,
}: {
  deals: DealView[];
  editHref: (id: string) => string;
  /** Whether the rows show their move buttons (only where the whole list shows). */
  reorderable: boolean;
}) {
  return (
    <table className="admin-table admin-deal-table">
      <caption className="visually-hidden">Deals</caption>
      <thead>
        <tr>
          <th scope="col">Title</th>
          <th scope="col">Start Date</th>
          <th scope="col">End Date</th>
          <th scope="col">Status</th>
          <th scope="col">Order</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {deals.map((deal) => (
          <tr key={deal.id}>
            <th scope="row">
              <div className="admin-deal-table__title">
                {deal.imageUrl ? (
                  <img
                    {...responsiveImage(deal.imageUrl, "64px", { width: 64, height: 36 })}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="admin-deal-table__thumb"
                  />
                ) : (
                  <span className="admin-deal-table__thumb admin-deal-table__thumb--none" aria-hidden="true" />
                )}
                <span className="admin-deal-table__name">{deal.title}</span>
              </div>
            </th>
            <td data-label="Start Date" className="admin-deal-table__nowrap">
              {dateCell(deal.startDate, "start date")}
            </td>
            <td data-label="End Date" className="admin-deal-table__nowrap">
              {dateCell(deal.endDate, "end date")}
            </td>
            <td data-label="Status">
              {deal.isActive ? (
                <Badge color="green" variant="soft">
                  Active
                </Badge>
              ) : (
                <Badge color="gray" variant="soft">
                  Inactive
                </Badge>
              )}
            </td>
            <td data-label="Order">{deal.sortOrder}</td>
            <td className="admin-deal-table__actions">
              <div className="admin-row-actions">
                <RowActions
                  id={deal.id}
                  name={deal.title}
                  editTo={editHref(deal.id)}
                  move={reorderable ? deal : undefined}
                  confirmMessage={DEAL_MESSAGES.confirmDelete}
                />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
