import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/**
 * Points DATA_DIR at a fresh directory for this test file (call at the top of the file, before anything
 * reads the configuration): files written by storage and mail stay apart from other test files.
 */
export function useTemporaryDataDir(name: string): string {
  const root = path.resolve(".tmp");
  fs.mkdirSync(root, { recursive: true });
  const directory = fs.mkdtempSync(path.join(root, `vitest-${name}-`));
  process.env.DATA_DIR = directory;
  return directory;
}

/** Every file under a directory, as paths relative to it ([] when it does not exist). */
export function listFiles(directory: string): string[] {
  if (!fs.existsSync(directory)) return [];
  return (fs.readdirSync(directory, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(directory, entry)).isFile())
    .sort();
}

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === "string" ? Array.from(v, (c) => c.charCodeAt(0)) : [v])));

const utf16 = (text: string) => Array.from(text, (c) => [c.charCodeAt(0), 0]).flat();

let crcTable: Uint32Array | undefined;
export function crc32(data: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real ZIP archive (entries stored uncompressed) with a central directory. */
export function buildZip(entries: { name: string; content: string }[]): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const data = encoder.encode(entry.content);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    const localRecord = Buffer.concat([local, name, data]);
    locals.push(localRecord);
    centrals.push(Buffer.concat([central, name]));
    offset += localRecord.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** Minimal but real files of each type the sniffer knows, and a few impostors. */
export const samples = {
  pdf: () =>
    bytes(
      "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
    ),
  /** An OLE2 compound file whose directory holds the "WordDocument" stream: a Word 97–2003 file. */
  doc: () => oleFile(["Root Entry", "WordDocument", "1Table"]),
  /** An OLE2 file that is an Excel workbook, not a Word document. */
  xls: () => oleFile(["Root Entry", "Workbook"]),
  docx: () =>
    buildZip([
      {
        name: "[Content_Types].xml",
        content:
          '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      },
      { name: "_rels/.rels", content: '<?xml version="1.0"?><Relationships/>' },
      { name: "word/document.xml", content: '<?xml version="1.0"?><w:document/>' },
    ]),
  /** A ZIP (here a spreadsheet) that is not a Word document. */
  xlsx: () =>
    buildZip([
      { name: "[Content_Types].xml", content: "<Types/>" },
      { name: "xl/workbook.xml", content: "<workbook/>" },
    ]),
  png: () => {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(1, 0); // width
    header.writeUInt32BE(1, 4); // height
    header[8] = 8; // bit depth
    header[9] = 0; // grayscale
    return new Uint8Array(
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        pngChunk("IHDR", header),
        pngChunk("IDAT", zlib.deflateSync(Buffer.from([0, 0xff]))),
        pngChunk("IEND", new Uint8Array()),
      ]),
    );
  },
  jpeg: () =>
    bytes(
      0xff,
      0xd8,
      0xff,
      0xe0,
      0x00,
      0x10,
      "JFIF",
      0x00,
      0x01,
      0x01,
      0x00,
      0x00,
      0x01,
      0x00,
      0x01,
      0x00,
      0x00,
      0xff,
      0xd9,
    ),
  gif: () =>
    bytes(
      "GIF89a",
      ...[0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x21, 0xf9, 0x04, 0x01, 0x00],
      ...[0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00],
      0x3b,
    ),
  webp: () =>
    bytes(
      "RIFF",
      ...[0x1a, 0x00, 0x00, 0x00],
      "WEBPVP8L",
      ...[0x0d, 0x00, 0x00, 0x00, 0x2f, 0x00, 0x00, 0x00, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00],
    ),
  /** A Windows executable's header. */
  exe: () => {
    const file = new Uint8Array(256);
    file.set(bytes("MZ"), 0);
    file.set(bytes("PE", 0, 0), 128);
    return file;
  },
  text: () => bytes("Just some text that claims to be a PDF.\n%PDF-1.4 is not at the start\n"),
};

function oleFile(streamNames: string[]): Uint8Array<ArrayBuffer> {
  const file = new Uint8Array(512 + 512);
  file.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  file.set([0x3e, 0x00, 0x03, 0x00, 0xfe, 0xff, 0x09, 0x00], 24); // minor/major version, byte order, sector shift
  streamNames.forEach((name, i) => {
    const entry = 512 + i * 128;
    file.set(utf16(name), entry);
    file[entry + 64] = (name.length + 1) * 2; // name length in bytes, with the terminator
    file[entry + 66] = i === 0 ? 5 : 2; // root storage, then streams
  });
  return file;
}

/** Calls a route action the way React Router does, with a real Request. */
export function actionArgs<T>(request: Request): T {
  return { request, params: {}, context: {} } as unknown as T;
}

/** What a route action answered: the body given to data() and its status. */
export function answerOf<D>(result: unknown): { data: D; status: number; headers: Headers } {
  const value = result as { data: D; init?: ResponseInit | null };
  return { data: value.data, status: value.init?.status ?? 200, headers: new Headers(value.init?.headers) };
}

/** The text body of a single-part .eml message, with its transfer encoding undone, after its headers. */
export function readMail(message: string): { headers: string; text: string } {
  const raw = message.replace(/\r\n/g, "\n");
  const split = raw.indexOf("\n\n");
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 2);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return { headers, text: Buffer.from(body, "base64").toString("utf8") };
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return { headers, text: Buffer.from(bytes, "latin1").toString("utf8") };
  }
  return { headers, text: body };
}
