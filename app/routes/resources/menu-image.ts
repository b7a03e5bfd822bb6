import { CATALOG_CATEGORIES, type CatalogCategory } from "~/lib/catalog";
import { DEMO_IMAGE_VARIANTS } from "~/content/demo/catalog";
import type { Route } from "./+types/menu-image";

// The demo catalog's placeholder photos (/menu-images/{category}-{n}.svg): a soft backdrop and a simple
// drawing of the kind of product, no words, so a fresh site's menu looks finished and nobody mistakes a
// placeholder for a real product photo. Drawn here rather than stored: 48 files of near-identical markup.

const SIZE = 600;

/** The drawing of each category, in a 600 × 600 box, in the backdrop's ink colour. */
const DRAWINGS: Record<CatalogCategory, string> = {
  flower: `<g fill="currentColor"><circle cx="300" cy="250" r="70"/><circle cx="240" cy="300" r="60"/><circle cx="360" cy="300" r="60"/><circle cx="300" cy="350" r="64"/><circle cx="265" cy="220" r="40"/><circle cx="338" cy="222" r="42"/></g><path d="M300 410v80" stroke="currentColor" stroke-width="14" stroke-linecap="round"/><path d="M300 455c-40-10-70-40-80-70M300 445c40-12 64-38 74-66" fill="none" stroke="currentColor" stroke-width="10" stroke-linecap="round"/>`,
  "pre-rolls": `<g transform="rotate(-30 300 300)"><path d="M270 150h60l-14 300h-32z" fill="currentColor"/><rect x="282" y="420" width="36" height="46" rx="6" fill="#fff" opacity=".7"/></g>`,
  vapes: `<rect x="255" y="200" width="90" height="230" rx="22" fill="currentColor"/><rect x="275" y="150" width="50" height="60" rx="12" fill="currentColor" opacity=".75"/><rect x="270" y="240" width="60" height="130" rx="12" fill="#fff" opacity=".45"/>`,
  concentrates: `<rect x="200" y="230" width="200" height="170" rx="28" fill="currentColor" opacity=".85"/><rect x="190" y="200" width="220" height="44" rx="14" fill="currentColor"/><ellipse cx="300" cy="330" rx="60" ry="34" fill="#fff" opacity=".5"/>`,
  edibles: `<g fill="currentColor"><rect x="180" y="250" width="100" height="100" rx="30"/><rect x="320" y="250" width="100" height="100" rx="30" opacity=".8"/><rect x="250" y="360" width="100" height="100" rx="30" opacity=".65"/><rect x="250" y="140" width="100" height="100" rx="30" opacity=".9"/></g>`,
  tinctures: `<rect x="240" y="260" width="120" height="200" rx="26" fill="currentColor"/><rect x="272" y="200" width="56" height="70" rx="10" fill="currentColor" opacity=".8"/><rect x="286" y="130" width="28" height="80" rx="14" fill="currentColor" opacity=".6"/><rect x="262" y="320" width="76" height="90" rx="10" fill="#fff" opacity=".45"/>`,
  topicals: `<ellipse cx="300" cy="380" rx="150" ry="46" fill="currentColor" opacity=".7"/><rect x="150" y="280" width="300" height="100" fill="currentColor" opacity=".85"/><ellipse cx="300" cy="280" rx="150" ry="46" fill="currentColor"/><ellipse cx="300" cy="280" rx="110" ry="30" fill="#fff" opacity=".35"/>`,
  accessories: `<circle cx="300" cy="300" r="130" fill="currentColor"/><circle cx="300" cy="300" r="84" fill="#fff" opacity=".35"/><g stroke="currentColor" stroke-width="16" stroke-linecap="round">${Array.from(
    { length: 12 },
    (_, i) => {
      const angle = (i * Math.PI) / 6;
      const x1 = 300 + Math.cos(angle) * 140;
      const y1 = 300 + Math.sin(angle) * 140;
      const x2 = 300 + Math.cos(angle) * 160;
      const y2 = 300 + Math.sin(angle) * 160;
      return `<path d="M${x1.toFixed(1)} ${y1.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}"/>`;
    },
  ).join("")}</g>`,
};

/** Each category's hue; a variant turns it a little and moves the backdrop's circles. */
const HUES: Record<CatalogCategory, number> = {
  flower: 130,
  "pre-rolls": 35,
  vapes: 200,
  concentrates: 42,
  edibles: 340,
  tinctures: 265,
  topicals: 175,
  accessories: 20,
};

export function placeholderSvg(category: CatalogCategory, variant: number): string {
  const hue = (HUES[category] + variant * 14) % 360;
  const circles = [0, 1, 2]
    .map((i) => {
      const x = (97 * (variant + 1) * (i + 2)) % SIZE;
      const y = (151 * (variant + 3) * (i + 1)) % SIZE;
      return `<circle cx="${x}" cy="${y}" r="${120 + 40 * i}" fill="hsl(${hue} 60% 92%)" opacity=".7"/>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-hidden="true"><rect width="${SIZE}" height="${SIZE}" fill="hsl(${hue} 45% 85%)"/>${circles}<g color="hsl(${hue} 42% 34%)">${DRAWINGS[category]}</g></svg>`;
}

const NAME = /^([a-z-]+)-(\d{1,2})\.svg$/;

export function loader({ params }: Route.LoaderArgs) {
  const match = NAME.exec(params.name);
  const category = CATALOG_CATEGORIES.find((entry) => entry.slug === match?.[1])?.slug;
  const variant = Number(match?.[2]);
  if (!category || !(variant < DEMO_IMAGE_VARIANTS)) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(placeholderSvg(category, variant), {
    headers: {
      "Content-Type": "image/svg+xml",
      // The drawing of a name never changes.
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
