// The rows of a CSV export as a spreadsheet reads them, checking the byte-order mark Excel needs.
import { parse } from "csv-parse/sync";
import { expect } from "vitest";

export async function csvOf(response: Response): Promise<string[][]> {
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  expect(text.startsWith("\uFEFF")).toBe(true);
  return parse(text, { bom: true }) as string[][];
}
