import sharp from "sharp";
import { crc32 } from "./forms";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

interface Chunk {
  /** Where the chunk's length field starts. */
  offset: number;
  length: number;
  type: string;
}

function pngChunks(png: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  for (let offset = PNG_SIGNATURE.length; offset + 8 <= png.length;) {
    const length = png.readUInt32BE(offset);
    chunks.push({ offset, length, type: png.toString("latin1", offset + 4, offset + 8) });
    offset += 12 + length;
  }
  return chunks;
}

/** A valid PNG, made with sharp. */
export async function validPng(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#c98a1b" } })
    .png()
    .toBuffer();
}

/**
 * A PNG whose signature and IHDR header are intact (sharp reads its size) but whose pixel data is broken:
 * the compressed bytes of its IDAT chunks are overwritten past the zlib header, and every chunk's CRC is
 * recomputed, so only decoding the pixels finds the damage ("vipspng: libpng read error").
 */
export async function corruptPng(width = 800, height = 600): Promise<Uint8Array<ArrayBuffer>> {
  const png = Buffer.from(await validPng(width, height));
  for (const chunk of pngChunks(png)) {
    const data = chunk.offset + 8;
    if (chunk.type === "IDAT") {
      for (let i = data + 2; i < data + chunk.length; i++) png[i] = (i * 37) & 0xff;
    }
    png.writeUInt32BE(crc32(png.subarray(chunk.offset + 4, data + chunk.length)), data + chunk.length);
  }
  return new Uint8Array(png);
}

/** A PNG cut off a little way into its pixel data (an interrupted upload), header intact. */
export async function truncatedPng(width = 800, height = 600): Promise<Uint8Array<ArrayBuffer>> {
  const png = await validPng(width, height);
  const idat = pngChunks(png).find((chunk) => chunk.type === "IDAT")!;
  return new Uint8Array(png.subarray(0, idat.offset + 8 + Math.min(100, idat.length)));
}
