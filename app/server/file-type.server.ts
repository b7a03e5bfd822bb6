/**
 * What a file really is, from its first bytes (and, for Office files, its structure), never from its
 * name or the type the browser claims. To accept a new type, add a row to FILE_TYPES.
 */

export interface FileType {
  /** The content type to store and serve the file with. */
  mime: string;
  /** Extensions the type is known by, lowercased with the dot; the first is the usual one. */
  extensions: readonly string[];
  matches: (bytes: Uint8Array) => boolean;
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

function startsWith(bytes: Uint8Array, signature: readonly (number | null)[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => byte === null || bytes[offset + i] === byte);
}

function indexOfBytes(bytes: Uint8Array, needle: readonly number[], from = 0): number {
  outer: for (let i = from; i <= bytes.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL_FILE = [0x50, 0x4b, 0x03, 0x04];
const ZIP_END_OF_CENTRAL_DIRECTORY = [0x50, 0x4b, 0x05, 0x06];
const ZIP_CENTRAL_FILE = [0x50, 0x4b, 0x01, 0x02];
// A Word 97–2003 document is an OLE2 container holding a stream named "WordDocument" (UTF-16LE in the directory).
const WORD_DOCUMENT_STREAM = Array.from("WordDocument", (c) => [c.charCodeAt(0), 0]).flat();

/** The entry names of a ZIP archive, read from its central directory; null when it is not a readable ZIP. */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  if (!startsWith(bytes, ZIP_LOCAL_FILE)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is 22 bytes plus a comment of up to 65535 bytes, at the very end.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (startsWith(bytes, ZIP_END_OF_CENTRAL_DIRECTORY, i)) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || !startsWith(bytes, ZIP_CENTRAL_FILE, offset)) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > bytes.length) return null;
    names.push(decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function isDocx(bytes: Uint8Array): boolean {
  const names = zipEntryNames(bytes);
  return !!names && names.includes("[Content_Types].xml") && names.some((name) => name.startsWith("word/"));
}

export const FILE_TYPES = {
  pdf: { mime: "application/pdf", extensions: [".pdf"], matches: (b) => startsWith(b, ascii("%PDF-")) },
  doc: {
    mime: "application/msword",
    extensions: [".doc"],
    matches: (b) => startsWith(b, OLE2) && indexOfBytes(b, WORD_DOCUMENT_STREAM, 512) >= 0,
  },
  docx: {
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extensions: [".docx"],
    matches: isDocx,
  },
  jpeg: { mime: "image/jpeg", extensions: [".jpg", ".jpeg"], matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  png: {
    mime: "image/png",
    extensions: [".png"],
    matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  gif: {
    mime: "image/gif",
    extensions: [".gif"],
    matches: (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")),
  },
  webp: {
    mime: "image/webp",
    extensions: [".webp"],
    // "RIFF", four bytes of length, "WEBP"
    matches: (b) => startsWith(b, [...ascii("RIFF"), null, null, null, null, ...ascii("WEBP")]),
  },
} as const satisfies Record<string, FileType>;

export type FileTypeName = keyof typeof FILE_TYPES;

export const RESUME_FILE_TYPES: readonly FileTypeName[] = ["pdf", "doc", "docx"];
export const IMAGE_FILE_TYPES: readonly FileTypeName[] = ["jpeg", "png", "webp", "gif"];

/** The first of `allowed` whose signature the bytes carry, or null. */
export function detectFileType(
  bytes: Uint8Array,
  allowed: readonly FileTypeName[] = Object.keys(FILE_TYPES) as FileTypeName[],
): (FileType & { name: FileTypeName }) | null {
  for (const name of allowed) {
    const type: FileType = FILE_TYPES[name];
    if (type.matches(bytes)) return { ...type, name };
  }
  return null;
}

/** The extension to store a file under: the original one when it names the detected type, else the type's usual one. */
export function extensionFor(type: FileType, originalName: string): string {
  const match = /\.[a-z0-9]+$/i.exec(originalName);
  const original = match ? match[0].toLowerCase() : "";
  return type.extensions.includes(original) ? original : type.extensions[0];
}
