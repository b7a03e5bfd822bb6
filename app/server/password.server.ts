import crypto from "node:crypto";

// scrypt with N = 2^15, r = 8, p = 1 (about 32 MiB and tens of milliseconds per hash): OWASP's floor for scrypt.
const CURRENT = { logN: 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
// Bounds for parameters read back from the database, so a tampered row cannot make a hash take forever.
const LIMITS = { logN: [14, 20], r: [1, 32], p: [1, 16] } as const;

interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

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

/** "scrypt$ln=15,r=8,p=1$<salt>$<key>": the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const key = await derive(password, salt, CURRENT, KEY_LENGTH);
  return `scrypt$ln=${CURRENT.logN},r=${CURRENT.r},p=${CURRENT.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

function inRange(value: number, [min, max]: readonly [number, number]): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

function parseHash(stored: string): ParsedHash | null {
  const match = /^scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/.exec(stored);
  if (!match) return null;
  const [logN, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!inRange(logN, LIMITS.logN) || !inRange(r, LIMITS.r) || !inRange(p, LIMITS.p)) return null;
  const salt = Buffer.from(match[4], "base64");
  const key = Buffer.from(match[5], "base64");
  if (salt.length < 8 || key.length < 32) return null;
  return { logN, r, p, salt, key };
}

/** True when the password matches the stored hash; the comparison takes the same time wherever they differ. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
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
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return (
    !parsed ||
    parsed.logN !== CURRENT.logN ||
    parsed.r !== CURRENT.r ||
    parsed.p !== CURRENT.p ||
    parsed.key.length !== KEY_LENGTH
  );
}

let dummyHash: Promise<string> | undefined;

/**
 * The same work as checking a real password, for an e-mail address with no account: the answer and its
 * timing must not tell whether the account exists. Always false.
 */
export async function verifyAgainstDummyHash(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  const parsed = parseHash(await dummyHash);
  if (parsed) {
    const candidate = await derive(password, parsed.salt, parsed, parsed.key.length);
    crypto.timingSafeEqual(candidate, parsed.key);
  }
  return false;
}
