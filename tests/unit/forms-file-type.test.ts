import { describe, expect, it } from "vitest";
import {
  detectFileType,
  extensionFor,
  FILE_TYPES,
  IMAGE_FILE_TYPES,
  RESUME_FILE_TYPES,
} from "~/server/file-type.server";
import { buildZip, samples } from "../support/forms";

describe("file type by content", () => {
  it("recognises PDF, DOC and DOCX documents", async () => {
    expect((await detectFileType(samples.pdf(), RESUME_FILE_TYPES))?.mime).toBe("application/pdf");
    expect((await detectFileType(samples.doc(), RESUME_FILE_TYPES))?.mime).toBe("application/msword");
    expect((await detectFileType(samples.docx(), RESUME_FILE_TYPES))?.mime).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
  });

  it("recognises JPEG, PNG, WebP and GIF images", async () => {
    expect((await detectFileType(samples.jpeg(), IMAGE_FILE_TYPES))?.name).toBe("jpeg");
    expect((await detectFileType(samples.png(), IMAGE_FILE_TYPES))?.name).toBe("png");
    expect((await detectFileType(samples.webp(), IMAGE_FILE_TYPES))?.name).toBe("webp");
    expect((await detectFileType(samples.gif(), IMAGE_FILE_TYPES))?.name).toBe("gif");
    expect((await detectFileType(new Uint8Array([...new TextEncoder().encode("GIF87a"), 1, 0, 1, 0])))?.name).toBe(
      "gif",
    );
  });

  it("refuses a renamed executable, a renamed image and text, whatever their names", async () => {
    expect(await detectFileType(samples.exe(), RESUME_FILE_TYPES)).toBeNull();
    expect(await detectFileType(samples.exe())).toBeNull();
    expect(await detectFileType(samples.png(), RESUME_FILE_TYPES)).toBeNull();
    expect(await detectFileType(samples.jpeg(), RESUME_FILE_TYPES)).toBeNull();
    expect(await detectFileType(samples.text(), RESUME_FILE_TYPES)).toBeNull();
    expect(await detectFileType(new Uint8Array(), RESUME_FILE_TYPES)).toBeNull();
  });

  it("refuses a document where an image is expected", async () => {
    expect(await detectFileType(samples.pdf(), IMAGE_FILE_TYPES)).toBeNull();
    expect(await detectFileType(samples.docx(), IMAGE_FILE_TYPES)).toBeNull();
  });

  it("tells a Word document from other Office containers", async () => {
    // Same OLE2 signature as .doc, but an Excel workbook inside.
    expect(await detectFileType(samples.xls(), RESUME_FILE_TYPES)).toBeNull();
    // Same ZIP signature as .docx, but no word/ part.
    expect(await detectFileType(samples.xlsx(), RESUME_FILE_TYPES)).toBeNull();
    // A ZIP with word/ but no [Content_Types].xml is not an Office document.
    expect(
      await detectFileType(buildZip([{ name: "word/document.xml", content: "<w/>" }]), RESUME_FILE_TYPES),
    ).toBeNull();
  });

  it("gives up on a broken archive", async () => {
    const truncated = samples.docx().subarray(0, 60);
    expect(await detectFileType(truncated, RESUME_FILE_TYPES)).toBeNull();
  });

  it("names the stored extension after the detected type", () => {
    expect(extensionFor(FILE_TYPES.pdf, "My Resume.PDF")).toBe(".pdf");
    expect(extensionFor(FILE_TYPES.jpeg, "photo.jpeg")).toBe(".jpeg");
    expect(extensionFor(FILE_TYPES.jpeg, "photo.JPG")).toBe(".jpg");
    // A PDF named .doc is stored as what it is.
    expect(extensionFor(FILE_TYPES.pdf, "resume.doc")).toBe(".pdf");
    expect(extensionFor(FILE_TYPES.docx, "resume")).toBe(".docx");
  });
});
