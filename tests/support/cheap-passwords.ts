// scrypt at N = 2^10 instead of the site's 2^15: a test file about what happens around a password check
// (lockouts, sessions, invitations, two-factor) signs in hundreds of times, and at the real cost those checks
// were most of its time. The hash itself, at the real cost, is auth-password.test.ts's subject. Used as
//   vi.mock("~/server/password.server", async (importOriginal) =>
//     (await import("../support/cheap-passwords")).cheapPasswords(await importOriginal()));
import type * as passwordModule from "~/server/password.server";

const CHEAP = { logN: 10, r: 8, p: 1 };

export function cheapPasswords(actual: typeof passwordModule): typeof passwordModule {
  return { ...actual, ...actual.scryptPasswords(CHEAP, { logN: [10, 10], r: [8, 8], p: [1, 1] }) };
}
