// Applications and inquiries a spec needs in the admin lists, sent through the public forms' own actions as a
// visitor's browser would post them (the careers form as multipart with its résumé), so that each test makes
// the rows it reads instead of leaning on another test's.
import { type APIRequestContext, expect } from "@playwright/test";
import { nextClientAddress, site } from "./fixtures";

export interface Application {
  full_name: string;
  email: string;
  phone: string;
  position: string;
  availability: string;
  how_did_you_hear?: string;
  resume?: { name: string; mimeType: string; buffer: Buffer };
}

export interface Inquiry {
  name: string;
  email: string;
  phone?: string;
  topic: string;
  message: string;
}

/** A client of its own for each post, so the forms' rate limit never refuses a test's setup. */
const postHeaders = () => ({ Origin: site().url, "X-Forwarded-For": nextClientAddress() });

export async function sendApplication(request: APIRequestContext, application: Application): Promise<void> {
  const { resume, ...fields } = application;
  const response = await request.post(`${site().url}/careers`, {
    headers: postHeaders(),
    multipart: { ...fields, ...(resume ? { resume } : {}) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function sendInquiry(request: APIRequestContext, inquiry: Inquiry): Promise<void> {
  const response = await request.post(`${site().url}/contact`, {
    headers: postHeaders(),
    form: { phone: "", ...inquiry },
  });
  expect(response.status(), await response.text()).toBe(200);
}
