// Personal data kept out of the log: e-mail addresses in a message, a stack or a request's path. Shared by
// the logger's error serializer and the HTTP layer's request line (server/http-app.ts, outside the build).

// An address, also percent-encoded (%40) as it may come in a path.
const EMAIL_ADDRESS = /[^\s@<>"'`(),;:[\]/?&=#]+(?:@|%40)[^\s@<>"'`(),;:[\]/?&=#]+\.[A-Za-z]{2,}/gi;

/** Masks e-mail addresses in a text bound for the log (an SMTP refusal quotes its recipient, a 404 path…). */
export function maskEmailAddresses(text: string): string {
  // No "@" and no "%40", no address: most texts (every page's path) skip the pattern, which backtracks
  // through a long slug at every position (a twentieth of a cached page's cost).
  if (!text.includes("@") && !/%40/i.test(text)) return text;
  return text.replace(EMAIL_ADDRESS, "[email]");
}
