import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  POSITIONS,
  positionLabel,
  RESUME_MAX_BYTES,
  RESUME_SIZE_MESSAGE,
  RESUME_TYPE_MESSAGE,
} from "~/lib/careers-form";
import { careersSchema } from "~/lib/schemas/careers";
import { TOPICS, topicLabel } from "~/lib/contact-form";
import { contactSchema } from "~/lib/schemas/contact";

function form(values: Record<string, string | File | undefined>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) formData.append(name, value);
  return formData;
}

/** Parses the way conform does (empty strings and empty files become undefined). */
function errorsOf(
  schema: typeof careersSchema | typeof contactSchema,
  values: Record<string, string | File | undefined>,
) {
  const submission = parseWithZod(form(values), { schema });
  return submission.status === "success" ? {} : (submission.error ?? {});
}

const validApplication = {
  full_name: "Jordan Rivera",
  email: "jordan@example.com",
  phone: "(405) 555-0199",
  position: "budtender",
  availability: "Weekdays after 3 PM and weekends",
  how_did_you_hear: "A friend",
};

const validInquiry = {
  name: "Sam Lee",
  email: "sam@example.com",
  phone: "405-555-0123",
  topic: "general",
  message: "Do you carry Wyld gummies at the Blue Water store?",
};

describe("careers schema", () => {
  it("accepts a complete application and trims the answers", () => {
    const submission = parseWithZod(
      form({ ...validApplication, full_name: "  Jordan Rivera  ", email: " jordan@example.com " }),
      { schema: careersSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.full_name).toBe("Jordan Rivera");
    expect(submission.value.email).toBe("jordan@example.com");
    expect(submission.value.resume).toBeUndefined();
  });

  it("requires full name, email, phone, position and availability, with a message for each", () => {
    expect(errorsOf(careersSchema, {})).toEqual({
      full_name: ["Full name is required"],
      email: ["Email is required"],
      phone: ["Phone is required"],
      position: ["Please choose a position"],
      availability: ["Availability is required"],
    });
  });

  it("treats answers of only spaces as missing", () => {
    const errors = errorsOf(careersSchema, {
      ...validApplication,
      full_name: "   ",
      availability: " \n ",
      phone: "  ",
      email: "  ",
    });
    expect(errors.email).toEqual(["Email is required"]);
    expect(errors.full_name).toEqual(["Full name is required"]);
    expect(errors.availability).toEqual(["Availability is required"]);
    expect(errors.phone).toEqual(["Phone is required"]);
  });

  it("makes how-did-you-hear and the resume optional", () => {
    const { how_did_you_hear: _skip, ...withoutOptional } = validApplication;
    expect(errorsOf(careersSchema, withoutOptional)).toEqual({});
    expect(errorsOf(careersSchema, { ...withoutOptional, how_did_you_hear: "   " })).toEqual({});
    // An empty file input is sent as a nameless, empty file.
    expect(errorsOf(careersSchema, { ...withoutOptional, resume: new File([], "") })).toEqual({});
  });

  it("checks the e-mail address format", () => {
    for (const email of ["jordan", "jordan@", "@example.com", "jordan@example", "jo rdan@example.com"]) {
      expect(errorsOf(careersSchema, { ...validApplication, email }).email).toEqual([
        "Please enter a valid email address",
      ]);
    }
  });

  it("checks the phone number", () => {
    for (const phone of ["12345", "call me maybe", "405-555-01x9", "1234567890123456"]) {
      expect(errorsOf(careersSchema, { ...validApplication, phone }).phone).toEqual([
        "Please enter a valid phone number",
      ]);
    }
    for (const phone of ["4055550199", "+1 405 555 0199", "(405) 555-0199", "405.555.0199"]) {
      expect(errorsOf(careersSchema, { ...validApplication, phone }).phone).toBeUndefined();
    }
  });

  it("accepts only the spec's positions", () => {
    expect(POSITIONS.map((p) => p.value)).toEqual([
      "budtender",
      "shift-lead",
      "manager",
      "kitchen",
      "packaging",
      "driver",
    ]);
    for (const position of POSITIONS) {
      expect(errorsOf(careersSchema, { ...validApplication, position: position.value })).toEqual({});
    }
    expect(errorsOf(careersSchema, { ...validApplication, position: "astronaut" }).position).toEqual([
      "Please choose a position from the list",
    ]);
    expect(positionLabel("shift-lead")).toBe("Shift Lead");
  });

  it("caps every text answer at the database's limits", () => {
    const errors = errorsOf(careersSchema, {
      ...validApplication,
      full_name: "a".repeat(201),
      email: `${"a".repeat(250)}@example.com`,
      phone: `${"1".repeat(10)}${" ".repeat(31)}`,
      availability: "a".repeat(1001),
      how_did_you_hear: "a".repeat(501),
    });
    expect(errors).toEqual({
      full_name: ["Full name must be at most 200 characters"],
      email: ["Email must be at most 254 characters"],
      availability: ["Availability must be at most 1,000 characters"],
      how_did_you_hear: ["This answer must be at most 500 characters"],
    });
    expect(
      errorsOf(careersSchema, { ...validApplication, phone: `+1 (405) 555-0199${" x".repeat(12)}` }).phone,
    ).toEqual(["Phone must be at most 40 characters"]);
    expect(
      errorsOf(careersSchema, { ...validApplication, full_name: "a".repeat(200), availability: "a".repeat(1000) }),
    ).toEqual({});
  });

  it("accepts a .pdf, .doc or .docx resume up to 5 MB, whatever the case of the extension", () => {
    for (const name of ["resume.pdf", "Resume.DOC", "cv.final.docx"]) {
      expect(errorsOf(careersSchema, { ...validApplication, resume: new File(["%PDF-1.4"], name) })).toEqual({});
    }
    const atLimit = new File([new Uint8Array(RESUME_MAX_BYTES)], "big.pdf");
    expect(errorsOf(careersSchema, { ...validApplication, resume: atLimit })).toEqual({});
  });

  it("refuses other file names, larger files and empty files", () => {
    for (const name of ["resume.png", "resume.exe", "resume.pdf.exe", "resume"]) {
      expect(errorsOf(careersSchema, { ...validApplication, resume: new File(["x"], name) }).resume).toEqual([
        RESUME_TYPE_MESSAGE,
      ]);
    }
    const tooBig = new File([new Uint8Array(RESUME_MAX_BYTES + 1)], "big.pdf");
    expect(errorsOf(careersSchema, { ...validApplication, resume: tooBig }).resume).toEqual([RESUME_SIZE_MESSAGE]);
    expect(errorsOf(careersSchema, { ...validApplication, resume: new File([], "empty.pdf") }).resume).toEqual([
      "The resume file is empty",
    ]);
    expect(RESUME_TYPE_MESSAGE).toBe("Resume must be a PDF, DOC or DOCX file");
    expect(RESUME_SIZE_MESSAGE).toBe("Resume must be 5 MB or smaller");
  });

  it("refuses a resume sent as text instead of a file", () => {
    expect(errorsOf(careersSchema, { ...validApplication, resume: "resume.pdf" }).resume).toEqual([
      "Please choose a file",
    ]);
  });
});

describe("contact schema", () => {
  it("accepts a complete message", () => {
    expect(errorsOf(contactSchema, validInquiry)).toEqual({});
  });

  it("requires name, email, topic and message; phone is optional", () => {
    expect(errorsOf(contactSchema, {})).toEqual({
      name: ["Name is required"],
      email: ["Email is required"],
      topic: ["Please choose a topic"],
      message: ["Message is required"],
    });
    const { phone: _skip, ...withoutPhone } = validInquiry;
    const submission = parseWithZod(form(withoutPhone), { schema: contactSchema });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.phone).toBeUndefined();
    expect(errorsOf(contactSchema, { ...validInquiry, phone: "   " })).toEqual({});
  });

  it("checks the e-mail and, when given, the phone", () => {
    expect(errorsOf(contactSchema, { ...validInquiry, email: "sam.example.com" }).email).toEqual([
      "Please enter a valid email address",
    ]);
    expect(errorsOf(contactSchema, { ...validInquiry, phone: "not a phone" }).phone).toEqual([
      "Please enter a valid phone number",
    ]);
  });

  it("accepts only the spec's topics", () => {
    expect(TOPICS.map((t) => t.value)).toEqual(["product-suggestion", "career", "review", "general"]);
    for (const topic of TOPICS) expect(errorsOf(contactSchema, { ...validInquiry, topic: topic.value })).toEqual({});
    expect(errorsOf(contactSchema, { ...validInquiry, topic: "complaints" }).topic).toEqual([
      "Please choose a topic from the list",
    ]);
    expect(topicLabel("product-suggestion")).toBe("Product Suggestion");
  });

  it("caps the message at 5,000 characters and the name at 200", () => {
    expect(errorsOf(contactSchema, { ...validInquiry, message: "a".repeat(5000), name: "a".repeat(200) })).toEqual({});
    expect(errorsOf(contactSchema, { ...validInquiry, message: "a".repeat(5001), name: "a".repeat(201) })).toEqual({
      message: ["Message must be at most 5,000 characters"],
      name: ["Name must be at most 200 characters"],
    });
  });

  it("treats a message of only spaces as missing", () => {
    expect(errorsOf(contactSchema, { ...validInquiry, message: "  \n\t " }).message).toEqual(["Message is required"]);
  });
});
