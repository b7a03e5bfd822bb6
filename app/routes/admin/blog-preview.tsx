import { data, Link } from "react-router";
import { PostArticle } from "~/components/blog/post-article";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { isRowId } from "~/lib/admin-list";
import { formatLongDate } from "~/lib/dates";
import { POST_STATUS_LABELS } from "~/lib/schemas/post";
import { publicOrigin } from "~/lib/seo";
import { getPostForAdmin } from "~/models/post-admin.server";
import { editPath, isVisible } from "./post-editor.server";
import { toPostView } from "~/routes/blog/post-view.server";
import postsStyles from "~/styles/admin-posts.css?url";
import blogStyles from "~/styles/blog.css?url";
import postBodyStyles from "~/styles/post-body.css?url";
import type { Route } from "./+types/blog-preview";
import type { RouteHandle } from "~/lib/route-handle";

/** The admin layout steps aside: the preview shows the site's own header and footer around the post. */
export const handle: RouteHandle = { publicChrome: true };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: postBodyStyles },
  { rel: "stylesheet", href: blogStyles },
  { rel: "stylesheet", href: postsStyles },
];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Preview: ${loaderData?.post.title ?? "Post"}` },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * Any post (draft, scheduled or published) exactly as /blog/{slug} will show it, for admins only. A post
 * without a publish date is shown as if published now. The public address still answers 404 until the
 * post is visible.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const post = isRowId(params.id) ? await getPostForAdmin(params.id) : null;
  if (!post) throw data("Post not found", { status: 404 });
  const now = new Date();
  let notice: string;
  if (isVisible(post, now)) notice = "Live on the blog.";
  else if (post.status === "published") notice = `Appears on the blog on ${formatLongDate(post.published_at!)}.`;
  else if (post.status === "scheduled") {
    notice = "Not on the blog: set it to Published to have it appear on its publish date.";
  } else notice = "Not on the blog. Shown with today's date, as if published now.";
  return {
    post: toPostView({ ...post, published_at: post.published_at ?? now }),
    status: POST_STATUS_LABELS[post.status],
    notice,
    editHref: editPath(post.id),
  };
}

export default function AdminPostPreview({ loaderData, matches }: Route.ComponentProps) {
  const { post, status, notice, editHref } = loaderData;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <div className="post-preview-banner">
          <div className="container post-preview-banner__inner">
            <p>
              <strong>Preview</strong> <span className="post-preview-banner__status">{status}</span> {notice}
            </p>
            <Link to={editHref} className="post-preview-banner__link">
              Back to the editor
            </Link>
          </div>
        </div>
        <PostArticle post={post} url={`${publicOrigin(matches)}/blog/${post.slug}`} />
      </main>
      <SiteFooter />
    </>
  );
}
