import http from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageSrcSet } from "~/lib/image-srcset";
import { variantKey } from "~/server/images.server";
import { createSupabaseDriver, StorageConfigurationError, type StorageDriver } from "~/server/storage.server";
import { samples } from "../support/forms";

/**
 * A stand-in for the Supabase Storage HTTP API (the few endpoints the driver calls), so the real
 * @supabase/supabase-js client talks to it over HTTP, the way it talks to a hosted project.
 */
function startStorageApi() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const buckets = new Map<string, { public: boolean }>([["deals", { public: true }]]);
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
    if (url.pathname === "/storage/v1/bucket") {
      // How Storage answers a key that is not the project's: 400 with the JWT's failure.
      if (req.headers.authorization !== "Bearer service-role-key") {
        return json(400, { statusCode: "403", error: "Unauthorized", message: "invalid signature" });
      }
      if (req.method === "POST") {
        const { name, public: isPublic } = JSON.parse(body.toString()) as { name: string; public: boolean };
        buckets.set(name, { public: isPublic });
        return json(200, { name });
      }
      return json(
        200,
        [...buckets].map(([name, bucket]) => ({ id: name, name, public: bucket.public })),
      );
    }
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
  return new Promise<{
    server: http.Server;
    url: string;
    objects: typeof objects;
    buckets: typeof buckets;
    authorizations: string[];
  }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, objects, buckets, authorizations });
    });
  });
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

  it("gives an uploaded image's public URL the srcset of its WebP variants, at their public URLs", () => {
    const key = "0b9a3a9e-6a43-4b8e-9d3c-2f1e5c7a8b90.jpg";
    expect(imageSrcSet(driver.publicUrl("gallery", key))).toBe(
      [480, 960, 1600].map((w) => `${driver.publicUrl("gallery", variantKey(key, w))} ${w}w`).join(", "),
    );
  });

  it("at start, makes the missing buckets (public or private as the app needs) and refuses a wrong key", async () => {
    await driver.ensureReady();
    expect(Object.fromEntries(api.buckets)).toEqual({
      deals: { public: true },
      "blog-images": { public: true },
      brands: { public: true },
      gallery: { public: true },
      // The owner's own product photos (Admin → Menu).
      menu: { public: true },
      resumes: { public: false },
    });

    const wrongKey = createSupabaseDriver(
      createClient(api.url, "not-the-key", { auth: { persistSession: false, autoRefreshToken: false } }),
    );
    await expect(wrongKey.ensureReady()).rejects.toThrow(StorageConfigurationError);
    await expect(wrongKey.ensureReady()).rejects.toThrow(/SUPABASE_SERVICE_ROLE_KEY: Supabase Storage refused them/);
  });
});
