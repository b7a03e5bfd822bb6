import { AlertDialog, Badge, Button, Card, Flex, Heading, IconButton, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { ExternalLinkIcon, PencilIcon, PlusIcon, TrashIcon } from "~/components/admin/admin-icons";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminListPager } from "~/components/admin/list-pager";
import { SubmissionSearch, useHydrated } from "~/components/admin/submission-list";
import { ADMIN_LIST_PAGE_SIZE, isRowId, listHref, listPage, redirectPastLastPage } from "~/lib/admin-list";
import { normalizeSearch } from "~/lib/blog";
import { formatLongDate } from "~/lib/dates";
import { pageCountFor } from "~/lib/pagination";
import { POST_MESSAGES, POST_STATUS_LABELS, POST_STATUSES, type PostStatusValue } from "~/lib/schemas/post";
import { pageMeta } from "~/lib/seo";
import { countPostsForAdmin, deletePost, getPostForAdmin, listPostsForAdmin } from "~/models/post-admin.server";
import { signedInAdmin } from "~/server/auth.server";
import { readFormBody } from "~/server/form-body.server";
import { deleteImage } from "~/server/images.server";
import { BLOG_IMAGES, editPath, previewPath } from "~/server/post-editor.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import postsStyles from "~/styles/admin-posts.css?url";
import submissionsStyles from "~/styles/admin-submissions.css?url";
import type { Route } from "./+types/blog";
import { useListLoading } from "~/components/ui/use-list-loading";
import { logger } from "~/server/logger.server";

const PATH = "/admin/blog";
const POST_SKELETON_COUNT = 5;
const EMPTY_MESSAGE = "No posts found. Create your first blog post to get started!";
const CONFIRM_TITLE = "Are you sure?";
const CONFIRM_TEXT = "This action cannot be undone. This will permanently delete the blog post.";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: submissionsStyles },
  { rel: "stylesheet", href: catalogStyles },
  { rel: "stylesheet", href: postsStyles },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Blog Posts",
    description: "Write, schedule and publish blog posts.",
    path: PATH,
    noindex: true,
  });

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
    posts: rows.map((post) => ({
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

type PostItem = Route.ComponentProps["loaderData"]["posts"][number];

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
        <div className="submission-search__filter">
          <label htmlFor="post-status-filter" className="submission-search__filter-label">
            Status
          </label>
          <select
            id="post-status-filter"
            name="status"
            defaultValue={status ?? ""}
            key={status ?? ""}
            className="submission-input submission-select"
          >
            <option value="">All Status</option>
            {POST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {POST_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
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
        <AdminDialog title={CONFIRM_TITLE} description={CONFIRM_TEXT} closeTo={listHref(PATH, location.search)}>
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

const STATUS_COLORS = { draft: "gray", scheduled: "amber", published: "green" } as const;

function PostCard({ post, search }: { post: PostItem; search: string }) {
  return (
    <li>
      <Card size="2" className="admin-post">
        <Flex direction="column" gap="1" className="admin-post__text">
          <Flex align="center" gap="2" wrap="wrap">
            <Heading as="h2" size="4" className="admin-post__title">
              {post.title}
            </Heading>
            <Badge color={STATUS_COLORS[post.status]} variant="soft" className="admin-post__status">
              {POST_STATUS_LABELS[post.status]}
            </Badge>
          </Flex>
          <Text as="p" size="2" color="gray" className="admin-post__slug">
            /{post.slug}
          </Text>
          <Text as="p" size="2" color="gray" className="admin-post__meta">
            <span>By {post.author}</span>
            <span aria-hidden="true"> · </span>
            {post.publishedAt ? (
              <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time>
            ) : (
              <span>Not published</span>
            )}
            <span aria-hidden="true"> · </span>
            <span>{post.readMinutes} min read</span>
          </Text>
        </Flex>
        <Flex gap="2" className="admin-post__actions">
          {/* The public page once it is visible; until then (it would be a 404) the admin's preview. */}
          <IconButton asChild variant="soft" size="2">
            <a
              href={post.isPublic ? `/blog/${post.slug}` : post.previewHref}
              target="_blank"
              rel="noopener"
              aria-label={`${post.isPublic ? "View" : "Preview"} ${post.title} (opens in a new tab)`}
            >
              <ExternalLinkIcon />
            </a>
          </IconButton>
          <IconButton asChild variant="soft" size="2">
            <Link to={post.editHref} aria-label={`Edit ${post.title}`}>
              <PencilIcon />
            </Link>
          </IconButton>
          <DeletePostButton post={post} search={search} />
        </Flex>
      </Card>
    </li>
  );
}

/**
 * Without JavaScript: a link to the confirmation page. With it: the spec's confirmation dialog, whose
 * 'Delete' posts the same form.
 */
function DeletePostButton({ post, search }: { post: PostItem; search: string }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const deleting = navigation.state === "submitting" && navigation.formData?.get("id") === post.id;
  const label = `Delete ${post.title}`;

  if (!hydrated) {
    return (
      <IconButton asChild variant="soft" color="red" size="2">
        <Link to={listHref(PATH, search, { "confirm-delete": post.id })} preventScrollReset aria-label={label}>
          <TrashIcon />
        </Link>
      </IconButton>
    );
  }
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger>
        <IconButton variant="soft" color="red" size="2" aria-label={label}>
          <TrashIcon />
        </IconButton>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="460px" className="admin-posts-alert">
        <AlertDialog.Title>{CONFIRM_TITLE}</AlertDialog.Title>
        <AlertDialog.Description size="2">{CONFIRM_TEXT}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={deleting}>
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <Form method="post" action={listHref(PATH, search)} preventScrollReset>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={post.id} />
            <Button type="submit" color="red" disabled={deleting}>
              {deleting ? "Deleting..." : "Delete"}
            </Button>
          </Form>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

function PostListSkeleton() {
  return (
    <ul className="admin-post-list" aria-hidden="true">
      {Array.from({ length: POST_SKELETON_COUNT }, (_, i) => (
        <li key={i}>
          <Card size="2" className="admin-post admin-skeleton" data-testid="post-skeleton">
            <div className="admin-skeleton__lines">
              <span className="admin-skeleton__line" />
              <span className="admin-skeleton__line admin-skeleton__line--short" />
              <span className="admin-skeleton__line admin-skeleton__line--short" />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
