import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, verifyAgainstDummyHash, verifyPassword } from "~/server/password.server";

describe("password hashing (scrypt)", () => {
  it("stores the algorithm, its parameters, a salt and the key, never the password", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(hash).not.toContain("correct horse");
    expect(needsRehash(hash)).toBe(false);
  });

  it("salts every hash: the same password hashes differently each time", async () => {
    const [a, b] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same password", a)).toBe(true);
    expect(await verifyPassword("same password", b)).toBe(true);
  });

  it("accepts the right password and refuses any other", async () => {
    const hash = await hashPassword("s3cret-passw0rd");
    expect(await verifyPassword("s3cret-passw0rd", hash)).toBe(true);
    expect(await verifyPassword("s3cret-passw0rd ", hash)).toBe(false);
    expect(await verifyPassword("S3cret-passw0rd", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("treats canonically equal Unicode spellings as the same password", async () => {
    const composed = "caf\u00e9-pass";
    const decomposed = "cafe\u0301-pass";
    const hash = await hashPassword(composed);
    expect(await verifyPassword(decomposed, hash)).toBe(true);
  });

  it("refuses malformed or tampered hashes instead of throwing", async () => {
    const hash = await hashPassword("password1");
    const [, , salt, key] = hash.split("$");
    for (const stored of [
      "",
      "plaintext",
      "scrypt$ln=15,r=8,p=1$$",
      `scrypt$ln=40,r=8,p=1$${salt}$${key}`, // absurd cost: would hang the server
      `scrypt$ln=15,r=8,p=1$${salt}$${Buffer.from("short").toString("base64")}`,
      `bcrypt$ln=15,r=8,p=1$${salt}$${key}`,
    ]) {
      expect(await verifyPassword("password1", stored)).toBe(false);
    }
  });

  it("flags hashes made with other parameters for re-hashing", async () => {
    const hash = await hashPassword("password1");
    expect(needsRehash(hash.replace("ln=15", "ln=14"))).toBe(true);
    expect(needsRehash("nonsense")).toBe(true);
  });

  it("spends the same scrypt work for an unknown account and always answers false", async () => {
    await verifyAgainstDummyHash("warm-up"); // the dummy hash is made once
    expect(await verifyAgainstDummyHash("anything")).toBe(false);
  });
});
