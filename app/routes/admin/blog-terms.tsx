import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Card, Flex, Heading, IconButton, Text, TextField } from "@radix-ui/themes";
import { useEffect } from "react";
import { data, Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminField } from "~/components/admin/admin-field";
import { PencilIcon, TrashIcon } from "~/components/admin/admin-icons";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { FormAlert } from "~/components/admin/form-alert";
import { AdminListPager } from "~/components/admin/list-pager";
import { showToast } from "~/components/ui/toaster";
import { ADMIN_LIST_PAGE_SIZE, isRowId, listHref, listPage, redirectPastLastPage } from "~/lib/admin-list";
import { FIX_FIELDS_MESSAGE } from "~/lib/form-result";
import { pageCountFor } from "~/lib/pagination";
import { POST_LIMITS, POST_MESSAGES, termSchema } from "~/lib/schemas/post";
import { pageMeta } from "~/lib/seo";
import {
  type AdminTerm,
  countTerms,
  deleteEmptyTerm,
  findTermById,
  listTermsForAdmin,
  renameTerm,
  type TermKind,
} from "~/models/post-terms.server";
import { SlugTakenError } from "~/models/posts.server";
import { signedInAdmin } from "~/server/auth.server";
import { readFormBody } from "~/server/form-body.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import postsStyles from "~/styles/admin-posts.css?url";
import type { Route } from "./+types/blog-terms";

const PATH = "/admin/blog/terms";
const KINDS = {
  categories: { title: "Categories", one: "Category", pageParam: "cpage", publicPath: "/blog/category/" },
  tags: { title: "Tags", one: "Tag", pageParam: "tpage", publicPath: "/blog/tag/" },
} as const satisfies Record<TermKind, unknown>;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: catalogStyles },
  { rel: "stylesheet", href: postsStyles },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Categories & Tags",
    description: "Rename and tidy the blog's categories and tags.",
    path: PATH,
    noindex: true,
  });

/** One kind's page; a malformed page redirects to its first page, one past the end (after a delete) to its last. */
async function loadKind(kind: TermKind, url: URL) {
  const name = KINDS[kind].pageParam;
  const page = listPage(url, PATH, name);
  const total = await countTerms(kind);
  const pageCount = pageCountFor(total, ADMIN_LIST_PAGE_SIZE);
  redirectPastLastPage(url, PATH, page, pageCount, name);
  const terms = await listTermsForAdmin(kind, {
    limit: ADMIN_LIST_PAGE_SIZE,
    offset: (page - 1) * ADMIN_LIST_PAGE_SIZE,
  });
  return { kind, total, page, pageCount, terms };
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const categories = await loadKind("categories", url);
  const tags = await loadKind("tags", url);
  const editId = url.searchParams.get("edit");
  let editing: (AdminTerm & { kind: TermKind }) | null = null;
  if (editId !== null) {
    const found = isRowId(editId) ? await findTerm(editId) : null;
    if (!found) {
      throw await redirectWithError(listHref(PATH, url.search), {
        message: POST_MESSAGES.error,
        description: "This category or tag no longer exists.",
      });
    }
    editing = found;
  }
  return { categories, tags, editing };
}

/** A category or tag by id (ids are random UUIDs: one table has it at most). */
async function findTerm(id: string): Promise<(AdminTerm & { kind: TermKind }) | null> {
  for (const kind of ["categories", "tags"] as const) {
    const term = await findTermById(kind, id);
    if (term) return { ...term, kind };
  }
  return null;
}

interface TermActionData {
  result: SubmissionResult<string[]>;
  message: string;
  description: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = signedInAdmin(context);
  const listUrl = listHref(PATH, new URL(request.url).search);
  const body = await readFormBody(request, {
    maxFileSize: 16 * 1024,
    maxTotalSize: 32 * 1024,
    maxFiles: 0,
    maxParts: 10,
  });
  if (!body.ok) {
    return redirectWithError(listUrl, { message: POST_MESSAGES.error, description: body.message });
  }
  const formData = body.formData;
  const intent = formData.get("intent");
  const kindValue = formData.get("kind");
  const kind: TermKind | null = kindValue === "categories" || kindValue === "tags" ? kindValue : null;
  const id = formData.get("id")?.toString();
  if (!kind || !isRowId(id)) {
    return redirectWithError(listUrl, { message: POST_MESSAGES.error, description: "Unknown category or tag." });
  }
  const { one } = KINDS[kind];

  if (intent === "delete") {
    const outcome = await deleteEmptyTerm(kind, id, actor);
    if (outcome === "deleted") return redirectWithSuccess(listUrl, `${one} deleted`);
    return redirectWithError(listUrl, {
      message: POST_MESSAGES.error,
      description:
        outcome === "in-use"
          ? `Only a ${one.toLowerCase()} without posts can be deleted: remove it from its posts first.`
          : `This ${one.toLowerCase()} no longer exists.`,
    });
  }
  if (intent !== "rename") {
    return redirectWithError(listUrl, { message: POST_MESSAGES.error, description: "Unknown action." });
  }

  const submission = parseWithZod(formData, { schema: termSchema });
  if (submission.status !== "success") {
    return data<TermActionData>(
      {
        result: submission.reply({ formErrors: [FIX_FIELDS_MESSAGE] }),
        message: POST_MESSAGES.error,
        description: FIX_FIELDS_MESSAGE,
      },
      { status: 400 },
    );
  }
  try {
    const renamed = await renameTerm(kind, id, { name: submission.value.name, slug: submission.value.slug }, actor);
    if (!renamed) {
      return redirectWithError(listUrl, {
        message: POST_MESSAGES.error,
        description: `This ${one.toLowerCase()} no longer exists.`,
      });
    }
  } catch (error) {
    if (error instanceof SlugTakenError) {
      return data<TermActionData>(
        {
          result: submission.reply({ fieldErrors: { slug: [POST_MESSAGES.slugTaken] } }),
          message: POST_MESSAGES.error,
          description: POST_MESSAGES.slugTaken,
        },
        { status: 400 },
      );
    }
    throw error;
  }
  return redirectWithSuccess(listUrl, `${one} updated`);
}

export default function AdminBlogTerms({ loaderData }: Route.ComponentProps) {
  const { categories, tags, editing } = loaderData;
  const location = useLocation();
  const actionData = useActionData<typeof action>();

  useEffect(() => {
    if (actionData) showToast({ type: "error", message: actionData.message, description: actionData.description });
  }, [actionData]);

  return (
    <div className="admin-posts">
      <AdminPageHeader
        title="Categories & Tags"
        description="Rename a category or tag, or delete one no post uses. New ones are created in the post editor."
        breadcrumbs={[{ label: "Blog Posts", to: "/admin/blog" }, { label: "Categories & Tags" }]}
      />
      <div className="admin-terms">
        <TermTable list={categories} search={location.search} />
        <TermTable list={tags} search={location.search} />
      </div>
      {editing ? (
        <RenameDialog
          key={editing.id}
          term={editing}
          closeTo={listHref(PATH, location.search)}
          action={location.pathname + location.search}
          lastResult={actionData?.result}
        />
      ) : null}
    </div>
  );
}

type TermList = Route.ComponentProps["loaderData"]["categories"];

function TermTable({ list, search }: { list: TermList; search: string }) {
  const { title, one, pageParam, publicPath } = KINDS[list.kind];
  const headingId = `${list.kind}-heading`;
  return (
    <Card size={{ initial: "2", sm: "3" }}>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5" id={headingId}>
          {title} <Text color="gray">({list.total})</Text>
        </Heading>
        {list.terms.length === 0 ? (
          <Text as="p" color="gray">
            No {title.toLowerCase()} yet. Add them to a post in the editor.
          </Text>
        ) : (
          <table className="admin-terms__table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="admin-terms__slug-cell">
                  Slug
                </th>
                <th scope="col">Posts</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.terms.map((term) => (
                <tr key={term.id}>
                  <th scope="row">{term.name}</th>
                  <td className="admin-terms__slug-cell">
                    <a href={`${publicPath}${term.slug}`} target="_blank" rel="noopener" className="admin-terms__slug">
                      {term.slug}
                      <span className="visually-hidden"> (opens the public page in a new tab)</span>
                    </a>
                  </td>
                  <td data-label="Posts" className="admin-terms__count-cell">
                    {term.post_count}
                  </td>
                  <td className="admin-terms__actions-cell">
                    <Flex gap="2" justify="end" align="center">
                      <IconButton asChild variant="soft" size="2">
                        <Link
                          to={listHref(PATH, search, { edit: term.id })}
                          preventScrollReset
                          aria-label={`Rename ${one.toLowerCase()} ${term.name}`}
                        >
                          <PencilIcon />
                        </Link>
                      </IconButton>
                      {term.post_count === 0 ? (
                        <Form method="post" action={listHref(PATH, search)} preventScrollReset>
                          <input type="hidden" name="intent" value="delete" />
                          <input type="hidden" name="kind" value={list.kind} />
                          <input type="hidden" name="id" value={term.id} />
                          <IconButton
                            type="submit"
                            variant="soft"
                            color="red"
                            size="2"
                            aria-label={`Delete ${one.toLowerCase()} ${term.name}`}
                          >
                            <TrashIcon />
                          </IconButton>
                        </Form>
                      ) : (
                        <Text size="1" color="gray" className="admin-terms__in-use">
                          In use<span className="visually-hidden">: remove it from its posts to delete it</span>
                        </Text>
                      )}
                    </Flex>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <AdminListPager
          path={PATH}
          param={pageParam}
          page={list.page}
          pageCount={list.pageCount}
          label={`${title} pages`}
        />
      </Flex>
    </Card>
  );
}

function RenameDialog({
  term,
  closeTo,
  action,
  lastResult,
}: {
  term: AdminTerm & { kind: TermKind };
  closeTo: string;
  /** This address (the dialog open), so a submission with errors shows them in the dialog. */
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const { one } = KINDS[term.kind];
  const [form, fields] = useForm({
    id: `term-${term.id}`,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: { kind: term.kind, id: term.id, name: term.name, slug: term.slug },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: termSchema }),
  });
  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: "text" });
  const { key: slugKey, ...slugProps } = getInputProps(fields.slug, {
    type: "text",
    ariaDescribedBy: `${fields.slug.id}-hint`,
  });
  return (
    <AdminDialog
      title={`Rename ${one}`}
      closeTo={closeTo}
      description={term.post_count === 1 ? "Used by 1 post." : `Used by ${term.post_count} posts.`}
    >
      <Form method="post" action={action} preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="kind" value={term.kind} />
        <input type="hidden" name="id" value={term.id} />
        <Flex direction="column" gap="4">
          <FormAlert id={form.errorId} messages={form.errors} />
          <AdminField
            id={fields.name.id}
            label="Name"
            required
            errorId={fields.name.errorId}
            errors={fields.name.errors}
          >
            <TextField.Root key={nameKey} {...nameProps} size="3" maxLength={POST_LIMITS.termName} autoComplete="off" />
          </AdminField>
          <AdminField
            id={fields.slug.id}
            label="Slug"
            hint="Its page's address. Changing it changes the link; made from the name when left empty."
            hintId={`${fields.slug.id}-hint`}
            errorId={fields.slug.errorId}
            errors={fields.slug.errors}
          >
            <TextField.Root
              key={slugKey}
              {...slugProps}
              size="3"
              maxLength={POST_LIMITS.slug}
              autoComplete="off"
              spellCheck={false}
            />
          </AdminField>
          <Flex gap="3" justify="end" className="admin-dialog__actions">
            <Button asChild variant="soft" color="gray" size="3">
              <Link to={closeTo} preventScrollReset>
                Cancel
              </Link>
            </Button>
            <Button type="submit" size="3" disabled={saving}>
              {saving ? "Updating..." : "Update"}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </AdminDialog>
  );
}
