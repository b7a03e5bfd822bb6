import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";

afterEach(() => vi.restoreAllMocks());

describe("TRUST_PROXY", () => {
  it("is off by default and with false/0/no", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    for (const value of ["false", "0", "no", ""]) expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(false);
  });

  it("takes a hop count", () => {
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
  });

  it("takes proxy addresses, subnets and the names loopback, linklocal, uniquelocal", () => {
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, 192.0.2.7, fd00::/8" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "192.0.2.7",
      "fd00::/8",
    ]);
  });

  it("never trusts everything: true means one hop, said out loud", () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => {});
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("one proxy hop"));
  });

  it("refuses anything else with a clear message", () => {
    expect(() => parseEnv({ TRUST_PROXY: "everyone" })).toThrow(
      /TRUST_PROXY: not a hop count nor proxy addresses \(everyone\)/,
    );
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
  });
});

describe("deployment settings that only make sense together", () => {
  const POSTGRES = "postgres://app@db.internal:5432/site";
  const SECRET = "s".repeat(32);

  it("refuses Postgres without a shared session secret and shared uploads, naming each fix", () => {
    let message = "";
    try {
      parseEnv({ DATABASE_URL: POSTGRES });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/SESSION_SECRET: with DATABASE_URL several instances can share the database/);
    expect(message).toMatch(/Set the same SESSION_SECRET on every instance, or declare SINGLE_INSTANCE=true/);
    expect(message).toMatch(/STORAGE_DRIVER: .*uploaded on one, missing on the next/);
    expect(message).toMatch(/STORAGE_DRIVER=supabase.*SHARED_DATA_DIR=true.*SINGLE_INSTANCE=true/);
  });

  it("starts on Postgres with a secret and shared uploads, or when one instance is declared", () => {
    expect(() =>
      parseEnv({
        DATABASE_URL: POSTGRES,
        SESSION_SECRET: SECRET,
        STORAGE_DRIVER: "supabase",
        SUPABASE_URL: "https://abcd.supabase.co",
        SUPABASE_SERVICE_ROLE_KEY: "key",
      }),
    ).not.toThrow();
    expect(() => parseEnv({ DATABASE_URL: POSTGRES, SESSION_SECRET: SECRET, SHARED_DATA_DIR: "true" })).not.toThrow();
    expect(() => parseEnv({ DATABASE_URL: POSTGRES, SESSION_SECRET: SECRET })).toThrow(/STORAGE_DRIVER/);
    expect(() => parseEnv({ DATABASE_URL: POSTGRES, SHARED_DATA_DIR: "true" })).toThrow(/SESSION_SECRET/);
    expect(parseEnv({ DATABASE_URL: POSTGRES, SINGLE_INSTANCE: "true" }).SINGLE_INSTANCE).toBe(true);
    // The embedded database is one process by construction: nothing to declare.
    expect(() => parseEnv({})).not.toThrow();
  });

  it("refuses Supabase Storage without its URL and service-role key", () => {
    expect(() => parseEnv({ STORAGE_DRIVER: "supabase" })).toThrow(
      /SUPABASE_URL: STORAGE_DRIVER=supabase needs[\s\S]*SUPABASE_SERVICE_ROLE_KEY: STORAGE_DRIVER=supabase needs/,
    );
  });

  it("never seeds demo content unless asked", () => {
    expect(parseEnv({}).SEED_DEMO).toBe(false);
    expect(parseEnv({ DATABASE_URL: POSTGRES, SINGLE_INSTANCE: "true" }).SEED_DEMO).toBe(false);
    expect(parseEnv({ SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
  });
});
