import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The public origin configured on the server (PUBLIC_URL), read from the root loader's data. */
export function publicOrigin(matches: readonly MatchLike[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { publicUrl?: string } | undefined;
  return (root?.publicUrl ?? "http://localhost:3000").replace(/\/$/, "");
}

export interface PageMetaInput {
  title: string;
  description: string;
  path: string;
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
}

/** Title, description, canonical link, Open Graph and Twitter tags for one page. */
export function pageMeta(matches: readonly MatchLike[], page: PageMetaInput): MetaDescriptor[] {
  const origin = publicOrigin(matches);
  const url = origin + page.path;
  const image = page.image ? new URL(page.image, origin + "/").toString() : `${origin}/og-default.png`;
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    ...(page.noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
  ];
}

/** "Page | Site name" */
export function titleWithSite(title: string): string {
  return `${title} | ${site.name}`;
}
