/**
 * What a file really is, from its bytes (the `file-type` package: magic numbers, and the ZIP structure of
 * Office files), never from its name or the type the browser claims. To accept a new type, add a row to
 * FILE_TYPES and the name file-type gives it to DETECTED.
 */
import { fileTypeFromBuffer } from "file-type";

export interface FileType {
  /** The content type to store and serve the file with. */
  mime: string;
  /** Extensions the type is known by, lowercased with the dot; the first is the usual one. */
  extensions: readonly string[];
}

export const FILE_TYPES = {
  pdf: { mime: "application/pdf", extensions: [".pdf"] },
  doc: { mime: "application/msword", extensions: [".doc"] },
  docx: { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extensions: [".docx"] },
  jpeg: { mime: "image/jpeg", extensions: [".jpg", ".jpeg"] },
  png: { mime: "image/png", extensions: [".png"] },
  gif: { mime: "image/gif", extensions: [".gif"] },
  webp: { mime: "image/webp", extensions: [".webp"] },
} as const satisfies Record<string, FileType>;

export type FileTypeName = keyof typeof FILE_TYPES;

export const RESUME_FILE_TYPES: readonly FileTypeName[] = ["pdf", "doc", "docx"];
export const IMAGE_FILE_TYPES: readonly FileTypeName[] = ["jpeg", "png", "webp", "gif"];

/** file-type's name for each type we take ("cfb" is any OLE2 container: a .doc only if isWordDocument). */
const DETECTED: Record<string, FileTypeName> = {
  pdf: "pdf",
  cfb: "doc",
  docx: "docx",
  jpg: "jpeg",
  png: "png",
  gif: "gif",
  webp: "webp",
};

// A Word 97–2003 document is an OLE2 container ("cfb" to file-type, which tells no Office format inside one
// from another) holding a stream named "WordDocument", written UTF-16LE in the container's directory.
const WORD_DOCUMENT_STREAM = Array.from("WordDocument", (c) => [c.charCodeAt(0), 0]).flat();

function isWordDocument(bytes: Uint8Array): boolean {
  // The directory follows the 512-byte header.
  outer: for (let i = 512; i <= bytes.length - WORD_DOCUMENT_STREAM.length; i++) {
    for (let j = 0; j < WORD_DOCUMENT_STREAM.length; j++) if (bytes[i + j] !== WORD_DOCUMENT_STREAM[j]) continue outer;
    return true;
  }
  return false;
}

/** The type the bytes are, when it is one of `allowed`; null for anything else. */
export async function detectFileType(
  bytes: Uint8Array,
  allowed: readonly FileTypeName[] = Object.keys(FILE_TYPES) as FileTypeName[],
): Promise<(FileType & { name: FileTypeName }) | null> {
  const found = await fileTypeFromBuffer(bytes);
  const name = found ? DETECTED[found.ext] : undefined;
  if (!name || !allowed.includes(name) || (name === "doc" && !isWordDocument(bytes))) return null;
  return { ...FILE_TYPES[name], name };
}

/** The extension to store a file under: the original one when it names the detected type, else the type's usual one. */
export function extensionFor(type: FileType, originalName: string): string {
  const match = /\.[a-z0-9]+$/i.exec(originalName);
  const original = match ? match[0].toLowerCase() : "";
  return type.extensions.includes(original) ? original : type.extensions[0];
}
