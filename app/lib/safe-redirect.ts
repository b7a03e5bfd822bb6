/**
 * A same-site path to go back to, or the fallback. Refuses anything a browser could read as
 * another origin: schemes, protocol-relative `//host`, backslashes, control characters.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (/[\\\u0000-\u001f\u007f]/.test(to)) return fallback;
  try {
    const url = new URL(to, "http://same.site");
    if (url.origin !== "http://same.site") return fallback;
    const path = url.pathname + url.search + url.hash;
    // Dot segments can collapse into a protocol-relative address: "/.//evil.com" resolves to "//evil.com".
    if (path.startsWith("//") || path.startsWith("/\\")) return fallback;
    return path;
  } catch {
    return fallback;
  }
}

/** An https address to send a browser to on another site (a provider's checkout), or null: never another kind of link. */
export function httpsAddress(value: unknown): string | null {
  if (typeof value !== "string" || !URL.canParse(value)) return null;
  return new URL(value).protocol === "https:" ? value : null;
}
