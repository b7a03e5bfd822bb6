import { Marked, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";
import { slugify } from "~/lib/slug";
import { env } from "./env.server";

/** Link protocols a post body may use (spec §5); relative links are allowed too. */
export const ALLOWED_LINK_PROTOCOLS = ["http", "https", "irc", "ircs", "mailto", "xmpp"];

/** Ids the page around a post body already uses; a heading never takes one of them. */
const RESERVED_IDS = new Set(["main", "share-row-title"]);
const HEADING_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Gives each heading text a unique slug id within one document. */
function headingIds() {
  const taken = new Set(RESERVED_IDS);
  const counts = new Map<string, number>();
  return (text: string) => {
    const base = slugify(text) || "section";
    let n = counts.get(base) ?? 0;
    let id = base;
    while (taken.has(id)) id = `${base}-${++n}`;
    counts.set(base, n);
    taken.add(id);
    return id;
  };
}

function isExternal(href: string): boolean {
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    return new URL(href).host !== new URL(env().PUBLIC_URL).host;
  } catch {
    return true;
  }
}

const headingTransform: sanitizeHtml.Transformer = (tagName, attribs) => {
  // The page's title is its only <h1>: a heading in the body is at least an <h2>.
  const name = tagName === "h1" ? "h2" : tagName;
  const kept: sanitizeHtml.Attributes = {};
  if (attribs.id && HEADING_ID.test(attribs.id) && !RESERVED_IDS.has(attribs.id)) kept.id = attribs.id;
  return { tagName: name, attribs: kept };
};

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "strong",
    "em",
    "b",
    "i",
    "u",
    "s",
    "del",
    "ins",
    "mark",
    "sub",
    "sup",
    "small",
    "abbr",
    "code",
    "pre",
    "kbd",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "caption",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
    h2: ["id"],
    h3: ["id"],
    h4: ["id"],
    h5: ["id"],
    h6: ["id"],
    ol: ["start"],
    abbr: ["title"],
    th: ["align", "colspan", "rowspan"],
    td: ["align", "colspan", "rowspan"],
  },
  allowedClasses: { code: ["language-*"] },
  allowedSchemes: ALLOWED_LINK_PROTOCOLS,
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  // "//host/path" leaves the site like an absolute URL without saying so: not allowed.
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    h1: headingTransform,
    h2: headingTransform,
    h3: headingTransform,
    h4: headingTransform,
    h5: headingTransform,
    h6: headingTransform,
    a: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = {};
      if (attribs.href) next.href = attribs.href;
      if (attribs.title) next.title = attribs.title;
      if (attribs.href && isExternal(attribs.href)) next.rel = "noopener noreferrer";
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.src ? { src: attribs.src } : {}),
        alt: attribs.alt ?? "",
        ...(attribs.title ? { title: attribs.title } : {}),
        ...(attribs.width ? { width: attribs.width } : {}),
        ...(attribs.height ? { height: attribs.height } : {}),
        loading: "lazy",
        decoding: "async",
      },
    }),
  },
  // An image whose src was refused is dropped rather than left as a broken <img>.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/**
 * A post body: markdown rendered with `marked`, then cleaned with `sanitize-html` (allowed tags and link
 * protocols only; no script, style, event handlers or inline styles). Headings get slug ids for anchors.
 * Runs on the server; the browser receives the HTML.
 */
export function renderMarkdown(markdown: string): string {
  const nextId = headingIds();
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline: (tokens: Tokens.Generic[]) => string } }, token: Tokens.Heading) {
        const level = Math.max(2, token.depth);
        return `<h${level} id="${nextId(token.text)}">${this.parser.parseInline(token.tokens)}</h${level}>\n`;
      },
    },
  });
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, sanitizeOptions);
}
