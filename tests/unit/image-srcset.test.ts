import { describe, expect, it } from "vitest";
import { IMAGE_VARIANT_WIDTHS, imageLoading, responsiveImage } from "~/lib/image-srcset";
import { IMAGE_VARIANT_WIDTHS as STORED_WIDTHS } from "~/server/images.server";

const UPLOAD = "/media/deals/0b8f6c1e-5d1a-4c2b-9f3e-7a6d5c4b3a21.png";

describe("responsiveImage", () => {
  it("gives an upload its WebP variants and the layout's sizes", () => {
    expect(responsiveImage(UPLOAD, "(min-width: 812px) 780px, calc(100vw - 32px)")).toEqual({
      src: UPLOAD,
      srcSet:
        "/media/deals/0b8f6c1e-5d1a-4c2b-9f3e-7a6d5c4b3a21-w480.webp 480w, /media/deals/0b8f6c1e-5d1a-4c2b-9f3e-7a6d5c4b3a21-w960.webp 960w, /media/deals/0b8f6c1e-5d1a-4c2b-9f3e-7a6d5c4b3a21-w1600.webp 1600w",
      sizes: "(min-width: 812px) 780px, calc(100vw - 32px)",
    });
  });

  it("leaves sizes out for an image without variants (sizes without srcset is invalid HTML)", () => {
    expect(responsiveImage("/demo/deals/loyalty-points.svg", "100vw")).toEqual({
      src: "/demo/deals/loyalty-points.svg",
    });
    expect(responsiveImage("https://example.com/logo.png", "200px")).toEqual({ src: "https://example.com/logo.png" });
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
