// Links that open something without a sign-in (an order's page, an unsubscribe link): the address carries an
// HMAC of what it opens, made with the newest session secret and checked against every configured one, so a
// rotation keeps old links working and a guessed id opens nothing.
import crypto from "node:crypto";
import { sessionSecrets } from "./env.server";

function signatureOf(purpose: string, value: string, secret: string): string {
  return crypto.createHmac("sha256", secret).update(`${purpose}:${value}`).digest("base64url").slice(0, 32);
}

/** The signature of `value` for `purpose` ("order", "unsubscribe"…): a link's `k` parameter. */
export function linkSignature(purpose: string, value: string): string {
  return signatureOf(purpose, value, sessionSecrets()[0]);
}

/** Whether `signature` is `value`'s for `purpose`, by any of the session secrets, in constant time. */
export function isLinkSignature(purpose: string, value: string, signature: string | null | undefined): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature);
  return sessionSecrets().some((secret) => {
    const expected = Buffer.from(signatureOf(purpose, value, secret));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
}
