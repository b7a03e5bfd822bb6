/** Where a post can be shared (spec §9): Facebook, X/Twitter and Reddit, plus copying the link. */
export interface ShareTarget {
  id: "facebook" | "x" | "reddit";
  label: string;
  href: string;
}

/** The share links for a page, each a plain URL that works without JavaScript. */
export function shareTargets(url: string, title: string): ShareTarget[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { id: "facebook", label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { id: "x", label: "X (Twitter)", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { id: "reddit", label: "Reddit", href: `https://www.reddit.com/submit?url=${u}&title=${t}` },
  ];
}

/** The share popup's size and features: 600x400, with no link back to this page. */
export const SHARE_POPUP_FEATURES = "width=600,height=400,noopener,noreferrer";
