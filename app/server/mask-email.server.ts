// Personal data kept out of the log: e-mail addresses in a message, a stack or a request's path. Shared by
// the logger's error serializer and the HTTP layer's request line (server/http-app.ts, outside the build).

// An address, also percent-encoded (%40) as it may come in a path.
const EMAIL_ADDRESS = /[^\s@<>"'`(),;:[\]/?&=#]+(?:@|%40)[^\s@<>"'`(),;:[\]/?&=#]+\.[A-Za-z]{2,}/gi;

/** Masks e-mail addresses in a text bound for the log (an SMTP refusal quotes its recipient, a 404 path…). */
export function maskEmailAddresses(text: string): string {
  return text.replace(EMAIL_ADDRESS, "[email]");
}
