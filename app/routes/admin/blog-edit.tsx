import { useActionData } from "react-router";
import { PostEditor } from "~/components/admin/post-editor";
import { postEditorShouldRevalidate } from "~/lib/post-editor";
import { pageMeta } from "~/lib/seo";
import { signedInAdmin } from "~/services/auth.server";
import { loadPostEditor, postEditorAction } from "./post-editor.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import postsStyles from "~/styles/admin-posts.css?url";
import postBodyStyles from "~/styles/post-body.css?url";
import type { Route } from "./+types/blog-edit";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: postBodyStyles },
  { rel: "stylesheet", href: catalogStyles },
  { rel: "stylesheet", href: postsStyles },
];

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, {
    title: "Edit Post",
    description: "Edit a blog post.",
    path: `/admin/blog/edit/${params.id}`,
    noindex: true,
  });

export async function loader({ params }: Route.LoaderArgs) {
  return loadPostEditor(params.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return postEditorAction(request, signedInAdmin(context), params.id);
}

/** Not after an image is uploaded or discarded ahead of saving. */
export const shouldRevalidate = postEditorShouldRevalidate;

export default function AdminEditPost({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  return <PostEditor key={loaderData.post?.id} loaderData={loaderData} actionData={actionData} />;
}
