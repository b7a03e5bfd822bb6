// The end-to-end server runs on its own embedded database and files, whatever deployment settings the
// shell that runs the tests happens to have.
import { describe, expect, it } from "vitest";
import { e2eServerEnv } from "../../scripts/e2e-server";

const DEPLOYMENT = {
  DATABASE_URL: "postgres://app:secret@db.example.com:5432/production",
  SUPABASE_URL: "https://project.supabase.co",
  SUPABASE_SERVICE_ROLE_KEY: "service-role-key",
  STORAGE_DRIVER: "supabase",
  SMTP_URL: "smtp://user:pass@mail.example.com:587",
  SESSION_SECRET: "a-production-secret-0123456789abcdef0123456789",
  SINGLE_INSTANCE: "true",
  SHARED_DATA_DIR: "true",
  MAIL_TO: "owner@example.com",
  ADMIN_EMAIL: "owner@example.com",
  ADMIN_PASSWORD: "production-password",
};
const ambient = { PATH: "/usr/local/bin:/usr/bin", HOME: "/home/dev", BUILD_DIR: "build-e2e", ...DEPLOYMENT };

describe("the e2e server's environment", () => {
  for (const fixtures of [false, true]) {
    it(`ignores an ambient DATABASE_URL and every other deployment setting (${fixtures ? "fixture users" : "server"})`, () => {
      const env = e2eServerEnv(ambient, { port: "3299", dataDir: "/tmp/e2e-data-3299", fixtures });
      expect(env.DATABASE_URL).toBeUndefined();
      for (const name of Object.keys(DEPLOYMENT).filter((n) => !n.startsWith("ADMIN_"))) {
        expect(env[name], name).toBeUndefined();
      }
      expect(env).toMatchObject({
        PATH: ambient.PATH,
        HOME: ambient.HOME,
        BUILD_DIR: "build-e2e",
        NODE_ENV: "production",
        DATA_DIR: "/tmp/e2e-data-3299",
      });
    });
  }

  it("serves the demo on its own port and admin account, not the shell's", () => {
    const env = e2eServerEnv(ambient, { port: "3299", dataDir: "/tmp/e2e-data-3299" });
    expect(env).toMatchObject({
      PORT: "3299",
      PUBLIC_URL: "http://localhost:3299",
      SEED_DEMO: "true",
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "e2e-admin-password",
    });
  });
});
