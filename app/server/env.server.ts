import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { logger } from "./logger.server";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  const family = net.isIP(address);
  if (!family || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: which reverse proxies' X-Forwarded-* headers to believe — `false`, a hop count, or the
 * proxies' addresses/subnets. Never "everything": the left-most X-Forwarded-For entry is the client's own
 * writing. "true" means one proxy (the common case) and is logged as such.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    const lower = value.toLowerCase();
    if (["", "false", "0", "no"].includes(lower)) return false;
    if (/^\d+$/.test(lower)) return Number(lower);
    if (lower === "true" || lower === "yes") {
      logger.warn("TRUST_PROXY=true is read as one proxy hop (TRUST_PROXY=1); set the hop count or addresses.");
      return 1;
    }
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const invalid = entries.filter((entry) => !isProxyAddress(entry));
    if (invalid.length) {
      context.addIssue({
        code: "custom",
        message:
          `not a hop count nor proxy addresses (${invalid.join(", ")}); use e.g. 1, or ` +
          "loopback, 10.0.0.0/8 (loopback, linklocal, uniquelocal, IP addresses and CIDR subnets)",
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().default("http://localhost:3000"),
  // Off unless asked for: `npm start` (the try-it-out command) asks for it; a deployment never gets it by accident.
  SEED_DEMO: booleanFlag.default(false),
  SINGLE_INSTANCE: booleanFlag.default(false),
  // Off only to measure what a page costs to render (npm run bench:menu) or to debug one.
  PAGE_CACHE: booleanFlag.default(true),
  SHARED_DATA_DIR: booleanFlag.default(false),
  SESSION_SECRET: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Website <no-reply@example.com>"),
  MAIL_TO: z.string().default("store@example.com"),
  MENU_EMBED_URL: z.string().url().default("https://menu.example.com/embed/norman-dispensary.js"),
  MENU_URL: z.string().url().default("https://menu.example.com/norman-dispensary"),
  // The menu provider's API (Admin → Settings → Menu sync); another address only for a proxy or a test stand-in.
  MENU_PROVIDER_ENDPOINT: z.string().url().optional(),
  MAPS_EMBED_ORIGIN: z.string().url().default("https://www.google.com"),
  ALLOWED_ACTION_ORIGINS: z.string().optional(),
  TRUST_PROXY: trustProxy.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(6 * 1024 * 1024),
  FORM_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  FORM_RATE_WINDOW_MINUTES: z.coerce.number().int().positive().default(10),
  STORAGE_DRIVER: z.enum(["local", "supabase"]).default("local"),
  SUPABASE_URL: z.string().url().optional(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1).optional(),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
});

/**
 * Settings that only make sense together. On Postgres several instances may share the database, and each
 * would otherwise sign sessions with its own generated secret and keep uploads on its own disk — so that
 * needs a shared secret and shared uploads, or an explicit SINGLE_INSTANCE=true.
 */
const deploymentSchema = envSchema.superRefine((config, context) => {
  const problem = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
  if (config.STORAGE_DRIVER === "supabase") {
    if (!config.SUPABASE_URL) problem("SUPABASE_URL", "STORAGE_DRIVER=supabase needs your project's URL");
    if (!config.SUPABASE_SERVICE_ROLE_KEY) {
      problem("SUPABASE_SERVICE_ROLE_KEY", "STORAGE_DRIVER=supabase needs the project's service-role key");
    }
  }
  if (!config.DATABASE_URL || config.SINGLE_INSTANCE) return;
  const several = "with DATABASE_URL several instances can share the database";
  if (!config.SESSION_SECRET?.trim()) {
    problem(
      "SESSION_SECRET",
      `${several}, and each would sign sessions with its own generated secret (signed in on one, signed out on ` +
        "the next). Set the same SESSION_SECRET on every instance, or declare SINGLE_INSTANCE=true.",
    );
  }
  if (config.STORAGE_DRIVER === "local" && !config.SHARED_DATA_DIR) {
    problem(
      "STORAGE_DRIVER",
      `${several}, and each would keep uploads on its own disk (uploaded on one, missing on the next). Use ` +
        "STORAGE_DRIVER=supabase, or mount one volume as DATA_DIR on every instance and set SHARED_DATA_DIR=true, " +
        "or declare SINGLE_INSTANCE=true.",
    );
  }
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** Configuration from the environment, validated once; a bad value stops the start with a clear message. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Validates a set of variables (env() reads process.env once); throws a readable list of problems. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = deploymentSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}

export function dataDir(): string {
  return path.resolve(env().DATA_DIR);
}

/** Absolute URL on the public site, for canonical links, feeds and mails. */
export function publicUrl(pathname = "/"): string {
  return new URL(pathname, env().PUBLIC_URL).toString();
}

const MIN_SECRET_LENGTH = 32;
let cachedSessionSecrets: string[] | undefined;

/**
 * The secrets that sign the session cookie, newest first (the first signs; all verify, so an old one can
 * stay listed while it rotates out). From SESSION_SECRET (comma-separated); when unset, a random secret is
 * generated once and kept in DATA_DIR/session-secret, so a fresh clone starts with no configuration.
 */
export function sessionSecrets(): string[] {
  if (cachedSessionSecrets) return cachedSessionSecrets;
  const configured = (env().SESSION_SECRET ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (configured.length > 0) {
    if (configured.some((s) => s.length < MIN_SECRET_LENGTH)) {
      throw new Error(
        `Invalid configuration:\n  SESSION_SECRET: each secret must be at least ${MIN_SECRET_LENGTH} characters ` +
          "(for example the output of `openssl rand -hex 32`); separate several with commas, newest first.",
      );
    }
    cachedSessionSecrets = configured;
    return configured;
  }
  const file = path.join(dataDir(), "session-secret");
  let secret = readSecretFile(file);
  if (!secret) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString("hex") + "\n", { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    secret = readSecretFile(file);
    if (!secret) {
      throw new Error(
        `The session secret file ${file} is too short: delete it to generate a new one, or set SESSION_SECRET.`,
      );
    }
  }
  if (env().NODE_ENV === "production") {
    logger.warn(
      `SESSION_SECRET is not set: signing sessions with a generated secret kept in ${file}. ` +
        "Set SESSION_SECRET (at least 32 random characters) in production, and the same value on every instance " +
        "when several share one database.",
    );
  }
  cachedSessionSecrets = [secret];
  return cachedSessionSecrets;
}

function readSecretFile(file: string): string | undefined {
  try {
    const value = fs.readFileSync(file, "utf8").trim();
    return value.length >= MIN_SECRET_LENGTH ? value : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
