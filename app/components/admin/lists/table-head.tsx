// The head of an admin table: its caption, for screen readers only, and its column headings.
import type { ReactNode } from "react";

export function TableHead({
  caption,
  columns,
  hiddenColumn,
}: {
  caption: ReactNode;
  columns: readonly string[];
  /** A last column whose heading only screen readers hear (the rows' buttons: "Actions"). */
  hiddenColumn?: string;
}) {
  return (
    <>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          {hiddenColumn ? (
            <th scope="col">
              <span className="visually-hidden">{hiddenColumn}</span>
            </th>
          ) : null}
        </tr>
      </thead>
    </>
  );
}
