// Admin → Blog Posts: the list's cards (title, status, dates, and the View / Edit / Delete buttons, Delete
// confirmed in a dialog), and the skeleton cards shown while the next list loads.
import { AlertDialog, Badge, Button, Card, Flex, Heading, IconButton, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ExternalLinkIcon, PencilIcon, TrashIcon } from "~/components/admin/admin-icons";
import { useHydrated } from "~/components/admin/submission-list";
import { listHref } from "~/lib/admin-list";
import { formatLongDate } from "~/lib/dates";
import { POST_STATUS_LABELS, type PostStatusValue } from "~/lib/schemas/post";

export const BLOG_ADMIN_PATH = "/admin/blog";
const POST_SKELETON_COUNT = 5;
/** The delete confirmation's words, the same in the dialog with JavaScript and in the page's one without. */
export const CONFIRM_DELETE_TITLE = "Are you sure?";
export const CONFIRM_DELETE_TEXT = "This action cannot be undone. This will permanently delete the blog post.";

/** A post as the list shows it. */
export interface PostListItem {
  id: string;
  title: string;
  slug: string;
  status: PostStatusValue;
  author: string;
  readMinutes: number;
  /** ISO instant, or null for a post never published. */
  publishedAt: string | null;
  /** Published and past its date: the public page exists. */
  isPublic: boolean;
  editHref: string;
  previewHref: string;
}

const STATUS_COLORS = { draft: "gray", scheduled: "amber", published: "green" } as const;

/** One post of the list: its title, status, address and dates, and its View / Edit / Delete buttons. */
export function PostCard({ post, search }: { post: PostListItem; search: string }) {
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
function DeletePostButton({ post, search }: { post: PostListItem; search: string }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const deleting = navigation.state === "submitting" && navigation.formData?.get("id") === post.id;
  const label = `Delete ${post.title}`;

  if (!hydrated) {
    return (
      <IconButton asChild variant="soft" color="red" size="2">
        <Link
          to={listHref(BLOG_ADMIN_PATH, search, { "confirm-delete": post.id })}
          preventScrollReset
          aria-label={label}
        >
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
        <AlertDialog.Title>{CONFIRM_DELETE_TITLE}</AlertDialog.Title>
        <AlertDialog.Description size="2">{CONFIRM_DELETE_TEXT}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={deleting}>
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <Form method="post" action={listHref(BLOG_ADMIN_PATH, search)} preventScrollReset>
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

/** The list while the next page or search loads in the browser. */
export function PostListSkeleton() {
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
