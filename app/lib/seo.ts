import type { MetaDescriptor } from "react-router";
import { site as defaults } from "~/content/site";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The business's name as the owner set it (root loader data), or the default on an error page. */
export function siteName(matches: readonly MatchLike[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { site?: { name?: string } } | undefined;
  return root?.site?.name ?? defaults.name;
}

/** The public origin configured on the server (PUBLIC_URL), read from the root loader's data. */
export function publicOrigin(matches: readonly MatchLike[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { publicUrl?: string } | undefined;
  return (root?.publicUrl ?? "http://localhost:3000").replace(/\/$/, "");
}

export interface PageMetaInput {
  /** The page's own title: " | <site name>" is added (see `titleStyle`). */
  title: string;
  /** "page-first" (default): "Brands | Name"; "site-first" (the home page): "Name | title"; "as-is". */
  titleStyle?: "page-first" | "site-first" | "as-is";
  description: string;
  path: string;
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
}

/** Title, description, canonical link, Open Graph and Twitter tags for one page. */
export function pageMeta(matches: readonly MatchLike[], page: PageMetaInput): MetaDescriptor[] {
  const origin = publicOrigin(matches);
  const name = siteName(matches);
  const title =
    page.titleStyle === "as-is"
      ? page.title
      : page.titleStyle === "site-first"
        ? `${name} | ${page.title}`
        : `${page.title} | ${name}`;
  const url = origin + page.path;
  const image = page.image ? new URL(page.image, origin + "/").toString() : `${origin}/og-default.png`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: name },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    ...(page.noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: `${name} Blog`, href: "/feed.xml" },
  ];
}
