import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().default("http://localhost:3000"),
  SEED_DEMO: booleanFlag.default(true),
  SESSION_SECRET: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Website <no-reply@example.com>"),
  MAIL_TO: z.string().default("store@example.com"),
  MENU_EMBED_URL: z.string().url().default("https://menu.example.com/embed/norman-dispensary.js"),
  MENU_URL: z.string().url().default("https://menu.example.com/norman-dispensary"),
  MAPS_EMBED_ORIGIN: z.string().url().default("https://www.google.com"),
  ALLOWED_ACTION_ORIGINS: z.string().optional(),
  TRUST_PROXY: booleanFlag.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(6 * 1024 * 1024),
  FORM_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  FORM_RATE_WINDOW_MINUTES: z.coerce.number().int().positive().default(10),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** Configuration from the environment, validated once; a bad value stops the start with a clear message. */
export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  cached = parsed.data;
  return cached;
}

export function dataDir(): string {
  return path.resolve(env().DATA_DIR);
}

/** Absolute URL on the public site, for canonical links, feeds and mails. */
export function publicUrl(pathname = "/"): string {
  return new URL(pathname, env().PUBLIC_URL).toString();
}
