import { describe, expect, it } from "vitest";
import { IMAGE_VARIANT_WIDTHS, imageLoading, imageSrcSet, responsiveImage, sizedImageKey } from "~/lib/image-srcset";
import { IMAGE_VARIANT_WIDTHS as STORED_WIDTHS } from "~/server/images.server";

const ID = "0b8f6c1e-5d1a-4c2b-9f3e-7a6d5c4b3a21";
const BOX = { width: 800, height: 600 };

describe("responsiveImage", () => {
  it("gives an upload the variants smaller than it, itself at its real width, and its real size", () => {
    const upload = `/media/gallery/${ID}-1200x900.jpg`;
    expect(responsiveImage(upload, "(min-width: 812px) 780px, calc(100vw - 32px)", BOX)).toEqual({
      src: upload,
      srcSet: `/media/gallery/${ID}-1200x900-w480.webp 480w, /media/gallery/${ID}-1200x900-w960.webp 960w, ${upload} 1200w`,
      sizes: "(min-width: 812px) 780px, calc(100vw - 32px)",
      width: 1200,
      height: 900,
    });
  });

  it("offers nothing wider than a 320×240 upload, and states 320×240 (not the frame's 800×600)", () => {
    const small = `/media/gallery/${ID}-320x240.png`;
    expect(responsiveImage(small, "50vw", BOX)).toEqual({ src: small, width: 320, height: 240 });
    const medium = `/media/gallery/${ID}-700x350.webp`;
    expect(imageSrcSet(medium)).toBe(`/media/gallery/${ID}-700x350-w480.webp 480w, ${medium} 700w`);
  });

  it("leaves a large upload's original out: the widest variant is the largest candidate", () => {
    const large = `/media/deals/${ID}-4000x3000.jpg`;
    expect(imageSrcSet(large)).toBe(
      IMAGE_VARIANT_WIDTHS.map((w) => `/media/deals/${ID}-4000x3000-w${w}.webp ${w}w`).join(", "),
    );
    expect(responsiveImage(large, "100vw", BOX)).toMatchObject({ width: 4000, height: 3000 });
  });

  it("keeps every variant and the frame for an upload stored before names said the size", () => {
    const old = `/media/deals/${ID}.png`;
    expect(responsiveImage(old, "100vw", BOX)).toEqual({
      src: old,
      srcSet: IMAGE_VARIANT_WIDTHS.map((w) => `/media/deals/${ID}-w${w}.webp ${w}w`).join(", "),
      sizes: "100vw",
      ...BOX,
    });
  });

  it("reads the size from a Supabase Storage address too", () => {
    const hosted = `https://abc.supabase.co/storage/v1/object/public/brands/${ID}-640x320.png`;
    expect(responsiveImage(hosted, "200px", BOX)).toMatchObject({ width: 640, height: 320 });
  });

  it("leaves sizes out for an image without variants (sizes without srcset is invalid HTML), with the frame", () => {
    expect(responsiveImage("/demo/deals/loyalty-points.svg", "100vw", BOX)).toEqual({
      src: "/demo/deals/loyalty-points.svg",
      ...BOX,
    });
    expect(responsiveImage("https://example.com/logo.png", "200px", BOX)).toEqual({
      src: "https://example.com/logo.png",
      ...BOX,
    });
  });

  it("names an upload with its size, before the extension", () => {
    expect(sizedImageKey(`${ID}.png`, { width: 320, height: 240 })).toBe(`${ID}-320x240.png`);
  });

  it("lists the widths the upload code makes", () => {
    expect(STORED_WIDTHS).toBe(IMAGE_VARIANT_WIDTHS);
  });
});

describe("imageLoading", () => {
  it("fetches the priority image first and defers every other one", () => {
    expect(imageLoading(true)).toEqual({ fetchPriority: "high" });
    expect(imageLoading(false)).toEqual({ loading: "lazy", decoding: "async" });
  });
});
