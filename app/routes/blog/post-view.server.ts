import { site } from "~/content/site";
import { META_DESCRIPTION_LENGTH } from "~/lib/blog";
import { markdownToPlainText } from "~/lib/text";
import type { Term } from "~/models/post-terms.server";
import { renderMarkdown } from "~/server/markdown.server";

/** The meta description: the post's own, else the first 160 characters of its content as plain text. */
export function describePost(metaDescription: string | null, content: string, excerpt: string | null): string {
  if (metaDescription?.trim()) return metaDescription.trim();
  const text = Array.from(markdownToPlainText(content)).slice(0, META_DESCRIPTION_LENGTH).join("").trim();
  return text || excerpt?.trim() || site.description;
}

interface ViewablePost {
  title: string;
  slug: string;
  author: string;
  content: string;
  excerpt: string | null;
  published_at: Date;
  updated_at: Date;
  read_minutes: number;
  hero_image_url: string | null;
  og_image_url: string | null;
  meta_title: string | null;
  meta_description: string | null;
  categories: Term[];
  tags: Term[];
}

/** What the post page (and the admin preview) sends to the browser for one post. */
export function toPostView(post: ViewablePost) {
  return {
    title: post.title,
    slug: post.slug,
    author: post.author,
    published_at: post.published_at.toISOString(),
    updated_at: post.updated_at.toISOString(),
    read_minutes: post.read_minutes,
    hero_image_url: post.hero_image_url,
    social_image_url: post.og_image_url || post.hero_image_url,
    meta_title: post.meta_title,
    description: describePost(post.meta_description, post.content, post.excerpt),
    html: renderMarkdown(post.content),
    categories: post.categories.map(({ name, slug }) => ({ name, slug })),
    tags: post.tags.map(({ name, slug }) => ({ name, slug })),
  };
}
