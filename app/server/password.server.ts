import crypto from "node:crypto";

// scrypt with N = 2^15, r = 8, p = 1 (about 32 MiB and tens of milliseconds per hash): OWASP's floor for scrypt.
const CURRENT = { logN: 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
// Bounds for parameters read back from the database, so a tampered row cannot make a hash take forever.
const LIMITS = { logN: [14, 20], r: [1, 32], p: [1, 16] } as const;

export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

type ParamLimits = { readonly [name in keyof ScryptParams]: readonly [number, number] };

interface ParsedHash extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

function derive(password: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> {
  const N = 2 ** params.logN;
  return new Promise((resolve, reject) => {
    crypto.scrypt(
      password.normalize("NFC"),
      salt,
      keyLength,
      { N, r: params.r, p: params.p, maxmem: 256 * N * params.r * params.p + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

function inRange(value: number, [min, max]: readonly [number, number]): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/**
 * Password hashing with these scrypt parameters (and bounds for those read back from a stored hash). The site
 * uses today's parameters (the exports below); a test about what happens around a password check, not about
 * the hash, may use cheaper ones (tests/support/cheap-passwords.ts).
 */
export function scryptPasswords(params: ScryptParams, limits: ParamLimits) {
  /** "scrypt$ln=15,r=8,p=1$<salt>$<key>": the parameters travel with the hash, so they can be raised later. */
  async function hashPassword(password: string): Promise<string> {
    const salt = crypto.randomBytes(SALT_BYTES);
    const key = await derive(password, salt, params, KEY_LENGTH);
    return `scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${salt.toString("base64")}$${key.toString("base64")}`;
  }

  function parseHash(stored: string): ParsedHash | null {
    const match = /^scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/.exec(stored);
    if (!match) return null;
    const [logN, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (!inRange(logN, limits.logN) || !inRange(r, limits.r) || !inRange(p, limits.p)) return null;
    const salt = Buffer.from(match[4], "base64");
    const key = Buffer.from(match[5], "base64");
    if (salt.length < 8 || key.length < 32) return null;
    return { logN, r, p, salt, key };
  }

  /** True when the password matches the stored hash; the comparison takes the same time wherever they differ. */
  async function verifyPassword(password: string, stored: string): Promise<boolean> {
    const parsed = parseHash(stored);
    if (!parsed) {
      // Still do the work, so a malformed row answers in the same time as a wrong password.
      await verifyAgainstDummyHash(password);
      return false;
    }
    const candidate = await derive(password, parsed.salt, parsed, parsed.key.length);
    return crypto.timingSafeEqual(candidate, parsed.key);
  }

  /** True when the hash was made with other parameters than today's (re-hash it after a successful sign-in). */
  function needsRehash(stored: string): boolean {
    const parsed = parseHash(stored);
    return (
      !parsed ||
      parsed.logN !== params.logN ||
      parsed.r !== params.r ||
      parsed.p !== params.p ||
      parsed.key.length !== KEY_LENGTH
    );
  }

  let dummyHash: Promise<string> | undefined;

  /**
   * The same work as checking a real password, for an e-mail address with no account: the answer and its
   * timing must not tell whether the account exists. Always false.
   */
  async function verifyAgainstDummyHash(password: string): Promise<false> {
    dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
    const parsed = parseHash(await dummyHash);
    if (parsed) {
      const candidate = await derive(password, parsed.salt, parsed, parsed.key.length);
      crypto.timingSafeEqual(candidate, parsed.key);
    }
    return false;
  }

  return { hashPassword, verifyPassword, needsRehash, verifyAgainstDummyHash };
}

export const { hashPassword, verifyPassword, needsRehash, verifyAgainstDummyHash } = scryptPasswords(CURRENT, LIMITS);
