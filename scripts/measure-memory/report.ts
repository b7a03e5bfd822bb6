// How scripts/measure-memory.ts prints its results: kB as whole MB, and tables of aligned columns.

/** kB as whole megabytes. */
export const mb = (kb: number) => `${Math.round(kb / 1024)}`;

/** The header and rows, the first column left-aligned and the others right-aligned. */
export function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}
