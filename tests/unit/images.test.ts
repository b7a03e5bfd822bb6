import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { imageSrcSet } from "~/lib/image-srcset";
import { logger } from "~/server/logger.server";
import { loader as mediaLoader } from "~/routes/resources/media";
import { storeUpload } from "~/server/admin-uploads.server";
import {
  IMAGE_TOO_LARGE,
  IMAGE_UNREADABLE,
  IMAGE_WRONG_TYPE,
  ImageRejectedError,
  UnreadableImageError,
  deleteImage,
  storeImage,
  variantKey,
} from "~/server/images.server";
import { getObject, putObject, resetStorageDriver } from "~/server/storage.server";
import { listFiles } from "../support/forms";
import { corruptPng, truncatedPng } from "../support/images";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "images-test-"));
beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  resetStorageDriver();
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  resetStorageDriver();
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#1f6f43" } })
    .png()
    .toBuffer();

const mediaArgs = (bucket: string, key: string) =>
  ({ params: { bucket, "*": key }, request: new Request(`http://x/media/${bucket}/${key}`) }) as never;

describe("image uploads", () => {
  it("stores the original under a random name with its size and extension, plus WebP variants narrower than it", async () => {
    const stored = await storeImage("deals", new Uint8Array(await png(2000, 1000)), "My Photo.PNG");
    expect(stored.key).toMatch(/^[0-9a-f-]{36}-2000x1000\.png$/);
    expect(stored.url).toBe(`/media/deals/${stored.key}`);
    const small = await getObject("deals", variantKey(stored.key, 480));
    expect(small?.contentType).toBe("image/webp");
    expect((await sharp(small!.bytes).metadata()).width).toBe(480);
    const large = await getObject("deals", variantKey(stored.key, 1600));
    expect((await sharp(large!.bytes).metadata()).width).toBe(1600);
    expect(imageSrcSet(stored.url)).toContain(`${stored.key.replace(".png", "")}-w960.webp 960w`);

    await deleteImage("deals", stored.key);
    expect(await getObject("deals", stored.key)).toBeNull();
    expect(await getObject("deals", variantKey(stored.key, 960))).toBeNull();
  });

  it("makes no variant as wide as the original or wider: a 320×240 upload has none, a 700 px one only 480 w", async () => {
    const tiny = await storeImage("gallery", new Uint8Array(await png(320, 240)), "t.png");
    expect(tiny.key).toMatch(/-320x240\.png$/);
    for (const width of [480, 960, 1600]) expect(await getObject("gallery", variantKey(tiny.key, width))).toBeNull();
    expect(imageSrcSet(tiny.url)).toBeUndefined();

    const medium = await storeImage("gallery", new Uint8Array(await png(700, 350)), "m.png");
    expect((await sharp((await getObject("gallery", variantKey(medium.key, 480)))!.bytes).metadata()).width).toBe(480);
    expect(await getObject("gallery", variantKey(medium.key, 960))).toBeNull();
    expect(imageSrcSet(medium.url)).toBe(`${medium.url.replace(".png", "")}-w480.webp 480w, ${medium.url} 700w`);
  });

  it("names a photo turned by its EXIF orientation with the size it is shown at", async () => {
    const sideways = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#2a6" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const stored = await storeImage("gallery", new Uint8Array(sideways), "phone.jpg");
    expect(stored.key).toMatch(/-300x400\.jpg$/);
  });

  it("refuses a small PNG (no variants to make) whose pixel data is broken", async () => {
    const refused = await storeImage("brands", await corruptPng(200, 100), "small.png").catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(UnreadableImageError);
  });

  it("refuses files that are not images by their content, whatever their name", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.7\n...");
    await expect(storeImage("deals", pdf, "photo.png")).rejects.toThrow(IMAGE_WRONG_TYPE);
    const svg = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
    await expect(storeImage("deals", svg, "logo.svg")).rejects.toThrow(IMAGE_WRONG_TYPE);
    // A PNG signature followed by garbage is not an image either.
    const fake = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);
    await expect(storeImage("deals", fake, "x.png")).rejects.toThrow(IMAGE_WRONG_TYPE);
  });

  it("refuses a PNG whose header is valid but whose pixel data is broken, before storing anything", async () => {
    const bucketDir = path.join(dataDir, "storage", "brands");
    const before = listFiles(bucketDir);
    for (const [name, bytes] of [
      ["corrupt.png", await corruptPng()],
      ["truncated.png", await truncatedPng()],
    ] as const) {
      // The header reads fine: only decoding the pixels finds the damage.
      expect((await sharp(bytes).metadata()).width, name).toBe(800);
      await expect(sharp(bytes).webp().toBuffer(), name).rejects.toThrow(/libpng read error/);

      const refused = await storeImage("brands", bytes, name).catch((error: unknown) => error);
      expect(refused, name).toBeInstanceOf(UnreadableImageError);
      expect(refused, name).toBeInstanceOf(ImageRejectedError);
      expect(refused).toMatchObject({ message: IMAGE_UNREADABLE, reason: "unreadable" });
      expect(String((refused as Error).cause), name).toMatch(/libpng read error/);

      // The admin forms' helper turns it into the field's message (a 400), not a storage failure (a 500).
      const outcome = await storeUpload("brands", new File([bytes], name, { type: "image/png" }));
      expect(outcome, name).toEqual({ status: "rejected", message: IMAGE_UNREADABLE });
    }
    // No original and no variant was written.
    expect(listFiles(bucketDir)).toEqual(before);
  });

  it("refuses images over 5 MB", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    await expect(storeImage("deals", big, "big.jpg")).rejects.toThrow(IMAGE_TOO_LARGE);
  });

  it("has no srcset for images that were not uploaded", () => {
    expect(imageSrcSet("/demo/deals/a.svg")).toBeUndefined();
    expect(imageSrcSet("https://example.com/a.png")).toBeUndefined();
    // Uploads kept in Supabase Storage have the same variants beside them, at its public address.
    const supabase =
      "https://abcd1234.supabase.co/storage/v1/object/public/gallery/0b9a3a9e-6a43-4b8e-9d3c-2f1e5c7a8b90";
    expect(imageSrcSet(`${supabase}.jpg`)).toBe(
      `${supabase}-w480.webp 480w, ${supabase}-w960.webp 960w, ${supabase}-w1600.webp 1600w`,
    );
    expect(imageSrcSet(`${supabase.replace("/public/", "/sign/")}.jpg`)).toBeUndefined();
    expect(imageSrcSet(`${supabase.replace("gallery", "resumes")}.jpg`)).toBeUndefined();
    expect(imageSrcSet(null)).toBeUndefined();
  });
});

describe("media route", () => {
  it("serves public bucket files with long caching and refuses private buckets and bad keys", async () => {
    await putObject("deals", "abc.png", new Uint8Array(await png(10, 10)), "image/png");
    const response = (await mediaLoader(mediaArgs("deals", "abc.png"))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toContain("immutable");

    await putObject("resumes", "secret.pdf", new TextEncoder().encode("%PDF-1.4"), "application/pdf");
    for (const [bucket, key] of [
      ["resumes", "secret.pdf"],
      ["deals", "../resumes/secret.pdf"],
      ["deals", "missing.png"],
      ["nope", "abc.png"],
    ]) {
      await expect(mediaLoader(mediaArgs(bucket, key))).rejects.toMatchObject({ init: { status: 404 } });
    }
  });

  it("answers 503, not 500, when the storage itself fails to read", async () => {
    // The bucket's directory is a file: every read fails with ENOTDIR, as a broken disk or mount would.
    const bucketDir = path.join(dataDir, "storage", "gallery");
    fs.rmSync(bucketDir, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(bucketDir), { recursive: true });
    fs.writeFileSync(bucketDir, "not a directory");
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      await expect(mediaLoader(mediaArgs("gallery", "abc.png"))).rejects.toMatchObject({
        init: { status: 503 },
        data: "The image is unavailable right now. Please try again in a moment.",
      });
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ bucket: "gallery" }),
        "Could not read a file from storage",
      );
    } finally {
      logged.mockRestore();
      fs.rmSync(bucketDir, { force: true });
    }
  });
});
