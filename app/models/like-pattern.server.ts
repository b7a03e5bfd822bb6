// Text searches with LIKE / ILIKE: what the visitor typed, matched literally.

/** Escapes LIKE's wildcards (and its escape character) so a search for "50%_off" means exactly that text. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%`: the text anywhere, its wildcards taken literally (Postgres' default LIKE escape is `\`). */
export function containsPattern(text: string): string {
  return `%${escapeLikePattern(text)}%`;
}
