import http from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSupabaseDriver, type StorageDriver } from "~/server/storage.server";
import { samples } from "../support/forms";

/**
 * A stand-in for the Supabase Storage HTTP API (the few endpoints the driver calls), so the real
 * @supabase/supabase-js client talks to it over HTTP, the way it talks to a hosted project.
 */
function startStorageApi() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const authorizations: string[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    authorizations.push(req.headers.authorization ?? "");
    const url = new URL(req.url ?? "/", "http://localhost");
    const match = /^\/storage\/v1\/object\/(.+)$/.exec(url.pathname);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    if (!match) return json(404, { statusCode: "404", error: "not_found", message: "Not found" });
    const objectPath = decodeURIComponent(match[1]);
    if (req.method === "POST") {
      if (objects.has(objectPath) && req.headers["x-upsert"] !== "true") {
        return json(400, { statusCode: "409", error: "Duplicate", message: "The resource already exists" });
      }
      objects.set(objectPath, { body, type: String(req.headers["content-type"]) });
      return json(200, { Key: objectPath, Id: "1" });
    }
    if (req.method === "GET") {
      const object = objects.get(objectPath);
      if (!object) return json(400, { statusCode: "404", error: "not_found", message: "Object not found" });
      res.writeHead(200, { "content-type": object.type });
      return res.end(object.body);
    }
    if (req.method === "DELETE") {
      const { prefixes } = JSON.parse(body.toString()) as { prefixes: string[] };
      for (const prefix of prefixes) objects.delete(`${objectPath}/${prefix}`);
      return json(200, []);
    }
    json(405, { message: "Method not allowed" });
  });
  return new Promise<{ server: http.Server; url: string; objects: typeof objects; authorizations: string[] }>(
    (resolve) => {
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo;
        resolve({ server, url: `http://127.0.0.1:${port}`, objects, authorizations });
      });
    },
  );
}

describe("storage (Supabase Storage driver)", () => {
  let api: Awaited<ReturnType<typeof startStorageApi>>;
  let driver: StorageDriver;

  beforeAll(async () => {
    api = await startStorageApi();
    driver = createSupabaseDriver(
      createClient(api.url, "service-role-key", { auth: { persistSession: false, autoRefreshToken: false } }),
    );
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => api.server.close(() => resolve()));
  });

  it("uploads with the service key and the content type, downloads and deletes", async () => {
    await driver.put("resumes", "abc.pdf", samples.pdf(), "application/pdf");
    expect(api.objects.get("resumes/abc.pdf")?.type).toBe("application/pdf");
    expect(api.authorizations.at(-1)).toBe("Bearer service-role-key");

    const stored = await driver.get("resumes", "abc.pdf");
    expect(stored?.contentType).toBe("application/pdf");
    expect(Buffer.from(stored!.bytes).equals(Buffer.from(samples.pdf()))).toBe(true);

    await driver.delete("resumes", "abc.pdf");
    expect(api.objects.has("resumes/abc.pdf")).toBe(false);
    expect(await driver.get("resumes", "abc.pdf")).toBeNull();
  });

  it("refuses to overwrite an existing object", async () => {
    await driver.put("deals", "x.png", samples.png(), "image/png");
    await expect(driver.put("deals", "x.png", samples.png(), "image/png")).rejects.toThrow(/upload to deals\/x\.png/);
  });

  it("gives the project's public URL for a file", () => {
    expect(driver.publicUrl("deals", "x.png")).toBe(`${api.url}/storage/v1/object/public/deals/x.png`);
  });
});
