// /admin/blog: the blog's posts, newest first, to search, filter by status, page through, open and delete
// (confirmed in a dialog; without JavaScript the confirmation is this page with ?confirm-delete=<id>).
import { Button, Card, Flex, Text } from "@radix-ui/themes";
import { Form, Link, useLocation } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { PlusIcon } from "~/components/admin/admin-icons";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminListPager } from "~/components/admin/list-pager";
import { SearchFilter } from "~/components/admin/lists/filter-select";
import {
  BLOG_ADMIN_PATH,
  CONFIRM_DELETE_TEXT,
  CONFIRM_DELETE_TITLE,
  PostCard,
  type PostListItem,
  PostListSkeleton,
} from "~/components/admin/posts/post-list";
import { SubmissionSearch } from "~/components/admin/submission-list";
import { useListLoading } from "~/components/ui/use-list-loading";
import { ADMIN_LIST_PAGE_SIZE, isRowId, listHref, listPage, redirectPastLastPage } from "~/lib/admin-list";
import { normalizeSearch } from "~/lib/blog";
import { pageCountFor } from "~/lib/pagination";
import { POST_MESSAGES, POST_STATUS_LABELS, POST_STATUSES, type PostStatusValue } from "~/lib/schemas/post";
import { countPostsForAdmin, deletePost, getPostForAdmin, listPostsForAdmin } from "~/models/post-admin.server";
import { readFormBody } from "~/server/form-body.server";
import { deleteImage } from "~/server/images.server";
import { logger } from "~/server/logger.server";
import { signedInAdmin } from "~/services/auth.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import postsStyles from "~/styles/admin-posts.css?url";
import submissionsStyles from "~/styles/admin-submissions.css?url";
import type { Route } from "./+types/blog";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { BLOG_IMAGES } from "./post-editor-images.server";
import { editPath, previewPath } from "./post-editor.server";

const PATH = BLOG_ADMIN_PATH;
const EMPTY_MESSAGE = "No posts found. Create your first blog post to get started!";
const STATUS_OPTIONS = POST_STATUSES.map((status) => ({ value: status, label: POST_STATUS_LABELS[status] }));

export const links: Route.LinksFunction = () => stylesheets(submissionsStyles, catalogStyles, postsStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, PATH, "Blog Posts", "Write, schedule and publish blog posts.");

function parseStatus(raw: string | null): PostStatusValue | null {
  return (POST_STATUSES as readonly string[]).includes(raw ?? "") ? (raw as PostStatusValue) : null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = normalizeSearch(url.searchParams.get("q"));
  const status = parseStatus(url.searchParams.get("status"));
  const page = listPage(url, PATH);
  const filter = { search: q, status };
  const total = await countPostsForAdmin(filter);
  const pageCount = pageCountFor(total, ADMIN_LIST_PAGE_SIZE);
  // Past the end (e.g. after deleting the last post of the last page): the last page.
  redirectPastLastPage(url, PATH, page, pageCount);
  const rows = await listPostsForAdmin(filter, {
    limit: ADMIN_LIST_PAGE_SIZE,
    offset: (page - 1) * ADMIN_LIST_PAGE_SIZE,
  });

  // Without JavaScript, the delete button leads here: the confirmation as a page.
  const confirmId = url.searchParams.get("confirm-delete");
  let confirmDelete: { id: string; title: string } | null = null;
  if (confirmId !== null) {
    const post = isRowId(confirmId) ? await getPostForAdmin(confirmId) : null;
    if (!post) {
      throw await redirectWithError(listHref(PATH, url.search), {
        message: POST_MESSAGES.error,
        description: POST_MESSAGES.deleteFailed,
      });
    }
    confirmDelete = { id: post.id, title: post.title };
  }

  const now = new Date();
  return {
    q,
    status,
    total,
    page,
    pageCount,
    confirmDelete,
    posts: rows.map((post): PostListItem => ({
      id: post.id,
      title: post.title,
      slug: post.slug,
      status: post.status,
      author: post.author,
      readMinutes: post.read_minutes,
      publishedAt: post.published_at?.toISOString() ?? null,
      isPublic: post.status === "published" && post.published_at !== null && post.published_at <= now,
      editHref: editPath(post.id),
      previewHref: previewPath(post.id),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = signedInAdmin(context);
  const listUrl = listHref(PATH, new URL(request.url).search);
  const failed = () =>
    redirectWithError(listUrl, { message: POST_MESSAGES.error, description: POST_MESSAGES.deleteFailed });
  const body = await readFormBody(request, {
    maxFileSize: 16 * 1024,
    maxTotalSize: 16 * 1024,
    maxFiles: 0,
    maxParts: 10,
  });
  if (!body.ok) return failed();
  const intent = body.formData.get("intent");
  const id = body.formData.get("id")?.toString();
  if (intent !== "delete") return failed();
  try {
    const deleted = isRowId(id) ? await deletePost(id, actor) : null;
    if (!deleted) return failed();
    await deleteImage(BLOG_IMAGES, deleted.hero_image_key);
  } catch (error) {
    logger.error({ err: error, postId: id }, "Could not delete a post");
    return failed();
  }
  return redirectWithSuccess(listUrl, POST_MESSAGES.deleted);
}

export default function AdminBlogPosts({ loaderData }: Route.ComponentProps) {
  const { q, status, total, page, pageCount, posts, confirmDelete } = loaderData;
  const location = useLocation();
  // Skeletons while the next list loads in the browser (not when a dialog opens over it); never from the server.
  const loading = useListLoading(PATH, ["q", "status", "page"]);
  const filtered = Boolean(q || status);

  return (
    <div className="admin-posts">
      <AdminPageHeader
        title="Blog Posts"
        breadcrumbs={[{ label: "Blog Posts" }]}
        actions={
          <>
            <Button asChild variant="soft" size="3">
              <Link to="/admin/blog/terms">Categories &amp; Tags</Link>
            </Button>
            <Button asChild size="3">
              <Link to="/admin/blog/new">
                <PlusIcon /> New Post
              </Link>
            </Button>
          </>
        }
      />

      <SubmissionSearch action={PATH} q={q} placeholder="Search posts..." label="Search posts by title">
        <SearchFilter
          id="post-status-filter"
          label="Status"
          name="status"
          value={status}
          allLabel="All Status"
          options={STATUS_OPTIONS}
        />
      </SubmissionSearch>
      <p className="submission-status" aria-live="polite">
        {loading ? "Loading posts…" : filtered ? `${total} matching ${total === 1 ? "post" : "posts"}` : null}
      </p>

      <div aria-busy={loading || undefined}>
        {loading ? (
          <PostListSkeleton />
        ) : posts.length === 0 ? (
          <Card size="3" className="admin-empty">
            <Text as="p" align="center" color="gray">
              {EMPTY_MESSAGE}
            </Text>
          </Card>
        ) : (
          <ul className="admin-post-list" aria-label="Blog posts">
            {posts.map((post) => (
              <PostCard key={post.id} post={post} search={location.search} />
            ))}
          </ul>
        )}
      </div>
      {loading ? null : <AdminListPager path={PATH} page={page} pageCount={pageCount} label="Blog post pages" />}

      {confirmDelete ? (
        <AdminDialog
          title={CONFIRM_DELETE_TITLE}
          description={CONFIRM_DELETE_TEXT}
          closeTo={listHref(PATH, location.search)}
        >
          <Text as="p" size="2" className="admin-post-confirm__title">
            {confirmDelete.title}
          </Text>
          <Flex gap="3" justify="end" className="admin-dialog__actions">
            <Button asChild variant="soft" color="gray" size="3">
              <Link to={listHref(PATH, location.search)} preventScrollReset data-autofocus>
                Cancel
              </Link>
            </Button>
            <Form method="post" action={listHref(PATH, location.search)} preventScrollReset>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={confirmDelete.id} />
              <Button type="submit" color="red" size="3">
                Delete
              </Button>
            </Form>
          </Flex>
        </AdminDialog>
      ) : null}
    </div>
  );
}
