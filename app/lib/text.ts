const WORDS_PER_MINUTE = 200;

/** Minutes to read markdown content: words / 200, rounded up, at least 1. */
export function readMinutes(markdown: string): number {
  const words = markdownToPlainText(markdown).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** Cuts text to `max` characters plus an ellipsis; shorter text is returned as is. */
export function truncate(text: string, max: number): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= max) return { text, truncated: false };
  return { text: chars.slice(0, max).join("").trimEnd() + "…", truncated: true };
}

/** Markdown reduced to readable plain text (for descriptions and word counts). */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*_`~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Text made safe for XML character data and attribute values (feeds, sitemaps, SVG); characters XML 1.0 forbids are dropped. */
export function escapeXml(text: string): string {
  if (!/[^\u0020-\u0021\u0023-\u0025\u0028-\u003b\u003d\u003f-\u007e]/.test(text)) return text;
  return text
    .replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
