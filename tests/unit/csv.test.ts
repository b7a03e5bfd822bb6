import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvCell, csvLine, csvStream } from "~/server/csv.server";

async function* batches<T>(rows: T[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  // Keep the byte order mark (Response.text() would strip it).
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe("CSV writer", () => {
  it("quotes every value and doubles inner quotes", () => {
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
  });

  it("defuses values a spreadsheet would run as formulas", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvCell(`${start}SUM(A1:A9)`)).toBe(`"'${start}SUM(A1:A9)"`);
    }
    expect(csvCell("a=b")).toBe('"a=b"');
  });

  it("round-trips through a real CSV parser, line breaks and all", async () => {
    const rows = [
      { name: 'Jo "JJ" Smith', message: "line one\nline two\r\nline three", note: '=HYPERLINK("http://x")' },
      { name: "Ana, María", message: "", note: "@cmd" },
      { name: "Émile", message: "tab\tinside", note: "-5" },
    ];
    const text = await readAll(
      csvStream(["Name", "Message", "Note"], batches(rows, 2), (r) => [r.name, r.message, r.note]),
    );
    expect(text.startsWith("\uFEFF")).toBe(true);
    const parsed = parse(text, { bom: true }) as string[][];
    expect(parsed[0]).toEqual(["Name", "Message", "Note"]);
    expect(parsed[1]).toEqual(['Jo "JJ" Smith', "line one\nline two\r\nline three", '\'=HYPERLINK("http://x")']);
    expect(parsed[2]).toEqual(["Ana, María", "", "'@cmd"]);
    expect(parsed[3]).toEqual(["Émile", "tab\tinside", "'-5"]);
    expect(parsed).toHaveLength(4);
  });

  it("streams batch by batch without materialising the whole export", async () => {
    let produced = 0;
    async function* lazy() {
      for (let i = 0; i < 100; i++) {
        produced++;
        yield Array.from({ length: 1000 }, (_, j) => i * 1000 + j);
      }
    }
    const stream = csvStream(["N"], lazy(), (n) => [n]);
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    const countLines = (chunk: Uint8Array) => decoder.decode(chunk).split("\r\n").length - 1;
    let lines = countLines((await reader.read()).value!); // header
    lines += countLines((await reader.read()).value!); // first batch
    expect(produced).toBeLessThan(5);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      lines += countLines(value);
    }
    expect(lines).toBe(1 + 100_000);
    expect(csvLine(["a", "b"])).toBe('"a","b"\r\n');
  });
});
