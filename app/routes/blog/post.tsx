import { data, Link } from "react-router";
import { PostArticle } from "~/components/blog/post-article";
import { DemoContentNote } from "~/components/site/deals/demo-content-note";
import { site } from "~/content/site";
import { pageMeta, publicOrigin, siteName } from "~/lib/seo";
import { isValidSlug } from "~/lib/slug";
import { findPublishedPostBySlug } from "~/models/post-listing.server";
import { newest, notFoundPageHeaders, publicPageHeaders } from "~/server/http-cache.server";
import { toPostView } from "./post-view.server";
import blogStyles from "~/styles/blog.css?url";
import postBodyStyles from "~/styles/post-body.css?url";
import type { Route } from "./+types/post";
import { HYDRATES } from "~/lib/route-handle";

// Hydrates for the share menu's Copy link (the clipboard takes JavaScript).
export const handle = HYDRATES;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: postBodyStyles },
  { rel: "stylesheet", href: blogStyles },
];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ params }: Route.LoaderArgs) {
  const post = isValidSlug(params.slug) ? await findPublishedPostBySlug(params.slug) : null;
  if (!post) return data({ post: null, demoEditPath: null }, { status: 404, headers: notFoundPageHeaders() });
  // Demo posts carry a flag, not a hint in their text: the page shows signed-in staff where to replace them.
  const demoEditPath = post.is_demo ? `/admin/blog/edit/${post.id}` : null;
  return data(
    { post: toPostView(post), demoEditPath },
    { headers: publicPageHeaders(newest([post.updated_at, post.published_at])) },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  const post = loaderData?.post;
  if (!post) {
    return [{ title: "Post Not Found" }, { name: "robots", content: "noindex" }];
  }
  const origin = publicOrigin(matches);
  const path = `/blog/${post.slug}`;
  const image = post.social_image_url ? new URL(post.social_image_url, origin + "/").toString() : undefined;
  return [
    ...pageMeta(matches, {
      title: post.meta_title || post.title,
      description: post.description,
      path,
      image: post.social_image_url,
      type: "article",
    }),
    { property: "article:published_time", content: post.published_at },
    { property: "article:modified_time", content: post.updated_at },
    { property: "article:author", content: post.author },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description: post.description,
        ...(image ? { image: [image] } : {}),
        datePublished: post.published_at,
        dateModified: post.updated_at,
        author: { "@type": post.author === site.teamName ? "Organization" : "Person", name: post.author },
        publisher: { "@type": "Organization", name: siteName(matches), url: origin },
        mainEntityOfPage: { "@type": "WebPage", "@id": `${origin}/blog/${params.slug}` },
        url: origin + path,
      },
    },
  ];
};

function PostNotFound() {
  return (
    <section className="section">
      <div className="container blog-not-found">
        <h1>Post Not Found</h1>
        <p>Sorry, we couldn&apos;t find the blog post you&apos;re looking for.</p>
        <Link className="button-link" to="/blog">
          Back to Blog
        </Link>
      </div>
    </section>
  );
}

export default function BlogPost({ loaderData, matches }: Route.ComponentProps) {
  const { post, demoEditPath } = loaderData;
  if (!post) return <PostNotFound />;
  const url = `${publicOrigin(matches)}/blog/${post.slug}`;
  const notice = demoEditPath ? <DemoContentNote isDemo adminHref={demoEditPath} /> : null;
  return <PostArticle post={post} url={url} notice={notice} />;
}
