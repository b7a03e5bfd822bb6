// CSV exports (RFC 4180), streamed so a large export never sits in memory whole.

/** Values a spreadsheet would run as a formula start with one of these; they are prefixed with '. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One value, always quoted, inner quotes doubled, formulas defused; line breaks stay inside the quotes. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvLine(values: unknown[]): string {
  return values.map(csvCell).join(",") + "\r\n";
}

/**
 * A streamed CSV body: the header line, then each batch of rows as it arrives. Starts with a UTF-8
 * byte order mark so spreadsheet programs read accents correctly.
 */
export function csvStream<T>(header: string[], batches: AsyncIterable<T[]>, toValues: (row: T) => unknown[]) {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("\uFEFF" + csvLine(header)));
    },
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(value.map((row) => csvLine(toValues(row))).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** The download response: text/csv, attachment named `<kind>-YYYY-MM-DD.csv`. */
export function csvResponse(body: ReadableStream<Uint8Array>, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
