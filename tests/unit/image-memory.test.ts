// What keeps image uploads' memory bounded (docs/decisions/2026-11-27-memory-floor.md): libvips' operation
// cache is off, and an image with more pixels than MAX_IMAGE_PIXELS (all frames of an animation together)
// is refused from its header, before any pixel is decoded.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  IMAGE_TOO_MANY_PIXELS,
  ImageRejectedError,
  MAX_IMAGE_PIXELS,
  UnreadableImageError,
  storeImage,
} from "~/server/images.server";
import { resetStorageDriver } from "~/server/storage.server";
import { listFiles } from "../support/forms";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "image-memory-test-"));
beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  resetStorageDriver();
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  resetStorageDriver();
});

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims width × height but which holds one row of pixels: a few hundred bytes. */
function pngClaiming(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", header),
      pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(1 + width * 3))),
      pngChunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/** An animated GIF of `frames` empty width × height frames: tiny on disk, large once decoded. */
function animatedGif(width: number, height: number, frames: number): Uint8Array {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // a global colour table of two colours
  const parts = [
    Buffer.from("GIF89a", "ascii"),
    screen,
    Buffer.from([0, 0, 0, 255, 255, 255]),
    Buffer.from([0x21, 0xff, 0x0b]),
    Buffer.from("NETSCAPE2.0", "ascii"),
    Buffer.from([3, 1, 0, 0, 0]),
  ];
  for (let i = 0; i < frames; i++) {
    const descriptor = Buffer.alloc(10);
    descriptor[0] = 0x2c;
    descriptor.writeUInt16LE(width, 5);
    descriptor.writeUInt16LE(height, 7);
    parts.push(Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0]), descriptor, Buffer.from([2, 2, 0x4c, 0x01, 0]));
  }
  parts.push(Buffer.from([0x3b]));
  return new Uint8Array(Buffer.concat(parts));
}

describe("image memory", () => {
  it("keeps no libvips operation cache", () => {
    const cache = sharp.cache();
    expect(cache.memory.max).toBe(0);
    expect(cache.items.max).toBe(0);
    expect(cache.files.max).toBe(0);
  });

  it("refuses an image over the pixel limit from its header, storing nothing", async () => {
    expect(MAX_IMAGE_PIXELS).toBe(50_000_000);
    const huge = pngClaiming(10_000, 6_000); // 60 megapixels in a few hundred bytes
    expect(huge.byteLength).toBeLessThan(50_000);
    const refusal = storeImage("deals", huge, "huge.png");
    await expect(refusal).rejects.toThrow(IMAGE_TOO_MANY_PIXELS);
    await expect(refusal).rejects.toBeInstanceOf(ImageRejectedError);
    await expect(refusal).rejects.not.toBeInstanceOf(UnreadableImageError);
    expect(listFiles(path.join(dataDir, "storage"))).toEqual([]);

    // Just under the limit, the header passes and decoding begins (and finds this file's missing rows).
    await expect(storeImage("deals", pngClaiming(8_000, 6_000), "ok.png")).rejects.toBeInstanceOf(UnreadableImageError);
  });

  it("counts every frame of an animation", async () => {
    // 60 frames of one megapixel: 60 megapixels to decode.
    await expect(storeImage("gallery", animatedGif(1_000, 1_000, 60), "long.gif")).rejects.toThrow(
      IMAGE_TOO_MANY_PIXELS,
    );
    expect(listFiles(path.join(dataDir, "storage"))).toEqual([]);
    // 40 of them fit, and are stored with their variants.
    const stored = await storeImage("gallery", animatedGif(1_000, 1_000, 40), "short.gif");
    // Named with one frame's size; the two variants narrower than it (480 and 960 w) beside it.
    expect(stored.key).toMatch(/-1000x1000\.gif$/);
    expect(listFiles(path.join(dataDir, "storage", "gallery"))).toHaveLength(3);
  });
});
