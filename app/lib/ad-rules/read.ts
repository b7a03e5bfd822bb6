// The owner's text as a reader sees it (issue 37): what the advertising rules are matched against. Markdown and
// HTML markup are dropped (emphasis inside a phrase or a word is not there for a reader), letters are
// normalised (NFKC compatibility forms: full-width, ligatures, mathematical letters; accents dropped), invisible
// characters (soft hyphens, zero-width spaces and joiners) removed, and look-alike Cyrillic and Greek letters
// read as the Latin ones they imitate. The reading keeps a map back to the text, so a finding's position is its
// place in what the owner typed (the editors highlight by position). One regular-expression pass over the text;
// plain ASCII runs are copied as they are.

/** Cyrillic and Greek letters that look like Latin ones ("сurеs" with a Cyrillic с and е reads "cures"). */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic.
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ї: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ӏ: "l",
  ү: "y",
  һ: "h",
  ɡ: "g",
  А: "A",
  В: "B",
  Е: "E",
  Ё: "E",
  К: "K",
  М: "M",
  Н: "H",
  О: "O",
  Р: "P",
  С: "C",
  Т: "T",
  У: "Y",
  Х: "X",
  І: "I",
  Ї: "I",
  Ј: "J",
  Ѕ: "S",
  Ԁ: "D",
  Ԛ: "Q",
  Ԝ: "W",
  Ӏ: "I",
  Ү: "Y",
  Һ: "H",
  // Greek.
  α: "a",
  β: "b",
  γ: "y",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
  Α: "A",
  Β: "B",
  Ε: "E",
  Ζ: "Z",
  Η: "H",
  Ι: "I",
  Κ: "K",
  Μ: "M",
  Ν: "N",
  Ο: "O",
  Ρ: "P",
  Τ: "T",
  Υ: "Y",
  Χ: "X",
  // Latin letters a reader takes for plain ones, and the typographic apostrophes and hyphens.
  ı: "i",
  ȷ: "j",
  "’": "'",
  "‘": "'",
  ʼ: "'",
  "′": "'",
  "‐": "-",
  "‑": "-",
  "‒": "-",
};

/** Characters a reader never sees: soft hyphen, zero-width space/joiners, word joiner, BOM, and the like. */
const INVISIBLE =
  /^(?:\u00AD|\u034F|\u061C|\u115F|\u1160|\u17B4|\u17B5|\u180E|[\u200B-\u200F]|[\u202A-\u202E]|[\u2060-\u206F]|\uFEFF)$/;

const folded = new Map<string, string>();

/** One non-ASCII character as a reader takes it. */
function fold(char: string): string {
  let reading = folded.get(char);
  if (reading === undefined) {
    if (INVISIBLE.test(char)) reading = "";
    else {
      reading = LOOK_ALIKES[char] ?? char;
      // Compatibility decomposition, then the accents and other combining marks dropped.
      reading = reading.normalize("NFKD").replace(/\p{M}/gu, "");
      reading = [...reading].map((part) => LOOK_ALIKES[part] ?? part).join("");
    }
    folded.set(char, reading);
  }
  return reading;
}

/** Inline HTML elements: their tags are not a break between words ("<b>cu</b>res" reads "cures"). */
const INLINE_TAG =
  /^<\/?(?:a|abbr|b|bdi|bdo|cite|code|data|del|dfn|em|font|i|ins|kbd|mark|q|s|samp|small|span|strong|sub|sup|time|u|var)\b/i;

/**
 * What the reading skips or changes, in one alternation: a camel-case hashtag, HTML comments and tags, a link's destination and its
 * opening bracket, emphasis/strikethrough/code markers, a line's heading/quote/list marker, and any non-ASCII
 * character (folded one by one, cached).
 */
const SPECIAL =
  /(?<![\w#&])#[A-Za-z][A-Za-z0-9]*[a-z0-9][A-Z][A-Za-z0-9]*|<!--[\s\S]*?-->|<\/?[a-zA-Z][^<>]*>|\]\([^()\s]*(?:\s+"[^"]*")?\)|!?\[|[*_~`]+|^[ \t]*(?:#{1,6}|>|[-+]|\d+\.)(?=[ \t])|[\uD800-\uDBFF][\uDC00-\uDFFF]|[^\x00-\x7F]/gm;

function replacement(token: string): string {
  const first = token.charCodeAt(0);
  if (first > 0x7f) return fold(token);
  // A camel-case hashtag reads as its words: "#WakeAndBake" is "Wake And Bake".
  if (token.startsWith("#") && token.length > 1 && /[A-Za-z]/.test(token[1])) {
    return token.slice(1).replace(/([a-z0-9])([A-Z])/g, "$1 $2");
  }
  if (token.startsWith("<!--")) return " ";
  if (token.startsWith("<")) return INLINE_TAG.test(token) ? "" : " ";
  if (/^[ \t]/.test(token) || /^[#>+\-\d]/.test(token)) return " ".repeat(token.length);
  return "";
}

/** The text as read, and the way back from a place in it to a place in the text. */
export interface Reading {
  text: string;
  /** Where the character at `index` of the reading comes from in the original. */
  startOf(index: number): number;
  /** Where a span of the reading ending (exclusive) at `index` ends in the original. */
  endOf(index: number): number;
  /**
   * The span of the reading from `start` to `end` as the reader sees it in the text: markup and invisible
   * characters left out, every other character as the owner typed it (a curly apostrophe, a full-width letter).
   */
  shown(start: number, end: number): string;
}

/**
 * The reading of `text`. Pieces are kept as boundaries: `reads[j]` (where piece j starts in the reading),
 * `from[j]` (where it starts in the text) and whether it is a copy (characters map one to one) or a
 * replacement (every character of it maps to the whole token it replaced).
 */
export function readAsPerson(text: string): Reading {
  const reads: number[] = [];
  const from: number[] = [];
  const copied: boolean[] = [];
  /** What a replaced piece shows: the character itself when folded, nothing or a space for markup. */
  const shows: string[] = [];
  let out = "";
  let last = 0;
  SPECIAL.lastIndex = 0;
  for (let match = SPECIAL.exec(text); match; match = SPECIAL.exec(text)) {
    const token = match[0];
    const instead = replacement(token);
    if (instead === token) continue;
    if (match.index > last) {
      reads.push(out.length);
      from.push(last);
      copied.push(true);
      shows.push("");
      out += text.slice(last, match.index);
    }
    reads.push(out.length);
    from.push(match.index);
    copied.push(false);
    // A folded character shows as typed (an invisible one not at all); markup shows as what replaced it.
    // A hashtag shows as typed too.
    const folding = token.charCodeAt(0) > 0x7f || token.startsWith("#");
    shows.push(folding ? (INVISIBLE.test(token) ? "" : token) : instead);
    out += instead;
    last = match.index + token.length;
  }
  if (reads.length === 0) {
    return { text, startOf: (index) => index, endOf: (index) => index, shown: (start, end) => text.slice(start, end) };
  }
  if (last < text.length) {
    reads.push(out.length);
    from.push(last);
    copied.push(true);
    shows.push("");
    out += text.slice(last);
  }
  reads.push(out.length);
  from.push(text.length);

  /** The last piece starting at or before `index` (an empty piece is never the last such). */
  const pieceAt = (index: number) => {
    let low = 0;
    let high = reads.length - 2;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (reads[middle] <= index) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  return {
    text: out,
    startOf(index) {
      const piece = pieceAt(index);
      return copied[piece] ? from[piece] + (index - reads[piece]) : from[piece];
    },
    endOf(index) {
      if (index <= 0) return 0;
      const piece = pieceAt(index - 1);
      return copied[piece] ? from[piece] + (index - reads[piece]) : from[piece + 1];
    },
    shown(start, end) {
      let seen = "";
      for (let piece = pieceAt(start); piece < reads.length - 1 && reads[piece] < end; piece += 1) {
        if (!copied[piece]) seen += shows[piece];
        else {
          const from0 = from[piece] + Math.max(0, start - reads[piece]);
          seen += text.slice(from0, from[piece] + (Math.min(end, reads[piece + 1]) - reads[piece]));
        }
      }
      return seen;
    },
  };
}
