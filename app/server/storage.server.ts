import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { dataDir, env } from "./env.server";
import { logger } from "./logger.server";

/** The buckets of the spec plus the private one for resumes. Public buckets are served to anyone. */
export const BUCKETS = {
  deals: { public: true },
  "blog-images": { public: true },
  // Brand logos uploaded in Admin → Brands (the spec keeps them as URLs; uploads need a home).
  brands: { public: true },
  gallery: { public: true },
  // Product photos the owner uploads in Admin → Menu, in place of the source's.
  menu: { public: true },
  resumes: { public: false },
} as const satisfies Record<string, { public: boolean }>;

export type Bucket = keyof typeof BUCKETS;

export function isBucket(value: string): value is Bucket {
  return Object.hasOwn(BUCKETS, value);
}

export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
  size: number;
}

/** What a storage backend does; the functions below add key checks and pick the configured driver. */
export interface StorageDriver {
  put(bucket: Bucket, key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(bucket: Bucket, key: string): Promise<StoredObject | null>;
  /** Removing a missing object is not an error. */
  delete(bucket: Bucket, key: string): Promise<void>;
  publicUrl(bucket: Bucket, key: string): string;
  /** Start-up check: the store is reachable with our credentials and every bucket exists (made if missing). */
  ensureReady(): Promise<void>;
}

/** The storage cannot be used as configured (wrong credentials, unwritable directory): the server must not start. */
export class StorageConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StorageConfigurationError";
  }
}

// Segments of letters, digits, dot, dash and underscore, never starting with a dot: no "..", no hidden files.
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function isValidObjectKey(key: string): boolean {
  return key.length > 0 && key.length <= 300 && KEY_PATTERN.test(key);
}

function assertKey(bucket: string, key: string): asserts bucket is Bucket {
  if (!isBucket(bucket)) throw new Error(`Unknown storage bucket "${bucket}"`);
  if (!isValidObjectKey(key)) throw new Error(`Invalid storage key "${key}"`);
}

/** A new key: a random UUID plus the original file's extension (lowercased), as the spec names uploads. */
export function newObjectKey(originalName: string, fallbackExtension = ""): string {
  const extension = path.extname(originalName).toLowerCase();
  const safe = /^\.[a-z0-9]{1,10}$/.test(extension) ? extension : fallbackExtension;
  return `${crypto.randomUUID()}${safe}`;
}

/** Files under DATA_DIR/storage/<bucket>/<key>; each file's content type in DATA_DIR/storage/.meta/<bucket>/<key>.json. */
export function createLocalDriver(root: string): StorageDriver {
  const filePath = (bucket: Bucket, key: string) => path.join(root, bucket, ...key.split("/"));
  const metaPath = (bucket: Bucket, key: string) => path.join(root, ".meta", bucket, ...key.split("/")) + ".json";

  // Written beside the target and renamed into place, so a reader never sees half a file.
  async function writeAtomically(target: string, bytes: Uint8Array | string) {
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${crypto.randomUUID()}.partial`;
    try {
      await fs.writeFile(temporary, bytes, { flag: "wx" });
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    async put(bucket, key, bytes, contentType) {
      const target = filePath(bucket, key);
      await writeAtomically(target, bytes);
      try {
        await writeAtomically(metaPath(bucket, key), JSON.stringify({ contentType, size: bytes.byteLength }));
      } catch (error) {
        await fs.rm(target, { force: true });
        throw error;
      }
    },
    async get(bucket, key) {
      let bytes: Buffer;
      try {
        bytes = await fs.readFile(filePath(bucket, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      let contentType = "application/octet-stream";
      try {
        const meta = JSON.parse(await fs.readFile(metaPath(bucket, key), "utf8")) as { contentType?: unknown };
        if (typeof meta.contentType === "string") contentType = meta.contentType;
      } catch {
        // No metadata: serve as bytes.
      }
      return {
        bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        contentType,
        size: bytes.length,
      };
    },
    async delete(bucket, key) {
      await fs.rm(filePath(bucket, key), { force: true });
      await fs.rm(metaPath(bucket, key), { force: true });
    },
    publicUrl(bucket, key) {
      return `/media/${bucket}/${key.split("/").map(encodeURIComponent).join("/")}`;
    },
    async ensureReady() {
      try {
        await fs.mkdir(root, { recursive: true });
        await fs.access(root, fs.constants.W_OK);
      } catch (error) {
        throw new StorageConfigurationError(
          `The uploads directory ${root} cannot be written (${(error as Error).message}): check DATA_DIR and its owner.`,
        );
      }
    },
  };
}

/** Supabase Storage: the buckets must exist in the project (deals, blog-images and brands public, resumes private). */
export function createSupabaseDriver(client: SupabaseClient): StorageDriver {
  const isNotFound = (error: { message?: string; status?: number; statusCode?: string }) =>
    error.status === 404 || error.statusCode === "404" || /not.?found/i.test(error.message ?? "");
  return {
    async put(bucket, key, bytes, contentType) {
      const { error } = await client.storage.from(bucket).upload(key, bytes, { contentType, upsert: false });
      if (error) throw new Error(`Storage upload to ${bucket}/${key} failed: ${error.message}`);
    },
    async get(bucket, key) {
      const { data, error } = await client.storage.from(bucket).download(key);
      if (error) {
        if (isNotFound(error as never)) return null;
        throw new Error(`Storage download of ${bucket}/${key} failed: ${error.message}`);
      }
      const bytes = new Uint8Array(await data.arrayBuffer());
      return { bytes, contentType: data.type || "application/octet-stream", size: bytes.byteLength };
    },
    async delete(bucket, key) {
      const { error } = await client.storage.from(bucket).remove([key]);
      if (error && !isNotFound(error as never)) {
        throw new Error(`Storage delete of ${bucket}/${key} failed: ${error.message}`);
      }
    },
    publicUrl(bucket, key) {
      return client.storage.from(bucket).getPublicUrl(key).data.publicUrl;
    },
    async ensureReady() {
      const { data, error } = await client.storage.listBuckets();
      if (error) {
        // An answer from Supabase (not a network failure) means the URL or the key is wrong.
        const status = (error as { status?: number }).status;
        const reached = status !== undefined || /jwt|signature|unauthori[sz]ed|forbidden|invalid/i.test(error.message);
        if (reached) {
          throw new StorageConfigurationError(
            `Invalid configuration:\n  SUPABASE_URL / SUPABASE_SERVICE_ROLE_KEY: Supabase Storage refused them (${error.message}). ` +
              "Use the project's URL and its service-role key (Project Settings → API).",
          );
        }
        throw new Error(`Supabase Storage could not be reached: ${error.message}`);
      }
      const existing = new Set(data.map((bucket) => bucket.name));
      for (const [name, { public: isPublic }] of Object.entries(BUCKETS)) {
        if (existing.has(name)) continue;
        const created = await client.storage.createBucket(name, { public: isPublic });
        if (created.error) {
          throw new StorageConfigurationError(
            `The Supabase Storage bucket "${name}" is missing and could not be created (${created.error.message}): ` +
              `create it in the dashboard (${isPublic ? "public" : "private"}).`,
          );
        }
        logger.info({ bucket: name, public: isPublic }, "Created a missing Supabase Storage bucket");
      }
    },
  };
}

export function localStorageRoot(): string {
  return path.join(dataDir(), "storage");
}

let driver: StorageDriver | undefined;

/** The driver STORAGE_DRIVER selects: the local disk under DATA_DIR (default) or Supabase Storage. */
function storage(): StorageDriver {
  if (driver) return driver;
  const config = env();
  if (config.STORAGE_DRIVER === "supabase" && config.SUPABASE_URL && config.SUPABASE_SERVICE_ROLE_KEY) {
    // (The configuration check refuses STORAGE_DRIVER=supabase without both.)
    driver = createSupabaseDriver(
      createClient(config.SUPABASE_URL, config.SUPABASE_SERVICE_ROLE_KEY, {
        auth: { persistSession: false, autoRefreshToken: false },
      }),
    );
  } else {
    driver = createLocalDriver(localStorageRoot());
  }
  return driver;
}

export async function putObject(bucket: Bucket, key: string, bytes: Uint8Array, contentType: string): Promise<void> {
  assertKey(bucket, key);
  await storage().put(bucket, key, bytes, contentType);
}

export async function getObject(bucket: Bucket, key: string): Promise<StoredObject | null> {
  assertKey(bucket, key);
  return storage().get(bucket, key);
}

export async function deleteObject(bucket: Bucket, key: string): Promise<void> {
  assertKey(bucket, key);
  await storage().delete(bucket, key);
}

/** The address anyone can load a file of a public bucket from. Private buckets have none. */
export function publicUrl(bucket: Bucket, key: string): string {
  assertKey(bucket, key);
  if (!BUCKETS[bucket].public) throw new Error(`The "${bucket}" bucket is private: its files have no public URL`);
  return storage().publicUrl(bucket, key);
}

/**
 * Start-up: the configured storage works, or the server refuses to start with the reason. Supabase being
 * unreachable for a moment is not a reason to stay down: logged, and the pages serve (images fail until it is back).
 */
export async function checkStorage(): Promise<void> {
  try {
    await storage().ensureReady();
  } catch (error) {
    if (error instanceof StorageConfigurationError) throw error;
    logger.warn({ err: error }, "The file storage could not be checked at start; serving anyway");
  }
}

/** Tests: forget the cached driver after DATA_DIR or STORAGE_DRIVER changes. */
export function resetStorageDriver(): void {
  driver = undefined;
}
