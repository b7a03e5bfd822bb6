import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/server/env.server";

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
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
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
