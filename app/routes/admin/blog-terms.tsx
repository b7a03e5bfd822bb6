import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData, useLocation } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { useActionFailureToast } from "~/components/admin/admin-list-parts";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { RenameTermDialog } from "~/components/admin/blog-terms/rename-term-dialog";
import { TERM_KINDS, TermTable } from "~/components/admin/blog-terms/term-table";
import { ADMIN_LIST_PAGE_SIZE, isRowId, listHref, listPage, redirectPastLastPage } from "~/lib/admin-list";
import { FIX_FIELDS_MESSAGE, type FormActionData } from "~/lib/form-result";
import { pageCountFor } from "~/lib/pagination";
import { POST_MESSAGES, termSchema } from "~/lib/schemas/post";
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
import { signedInAdmin } from "~/services/auth.server";
import { readFormBody } from "~/server/form-body.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import postsStyles from "~/styles/admin-posts.css?url";
import type { Route } from "./+types/blog-terms";
import { adminPageMeta, stylesheets } from "./admin-page-head";

// Admin → Blog → Categories & Tags: rename a category or tag, or delete one no post uses.

const PATH = "/admin/blog/terms";

export const links: Route.LinksFunction = () => stylesheets(catalogStyles, postsStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, PATH, "Categories & Tags", "Rename and tidy the blog's categories and tags.");

/** One kind's page; a malformed page redirects to its first page, one past the end (after a delete) to its last. */
async function loadKind(kind: TermKind, url: URL) {
  const name = TERM_KINDS[kind].pageParam;
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
  const { one } = TERM_KINDS[kind];

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
    return data<FormActionData>(
      {
        result: submission.reply({ formErrors: [FIX_FIELDS_MESSAGE] }),
        outcome: "invalid",
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
      return data<FormActionData>(
        {
          result: submission.reply({ fieldErrors: { slug: [POST_MESSAGES.slugTaken] } }),
          outcome: "invalid",
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
  useActionFailureToast(actionData);

  return (
    <div className="admin-posts">
      <AdminPageHeader
        title="Categories & Tags"
        description="Rename a category or tag, or delete one no post uses. New ones are created in the post editor."
        breadcrumbs={[{ label: "Blog Posts", to: "/admin/blog" }, { label: "Categories & Tags" }]}
      />
      <div className="admin-terms">
        <TermTable list={categories} path={PATH} search={location.search} />
        <TermTable list={tags} path={PATH} search={location.search} />
      </div>
      {editing ? (
        <RenameTermDialog
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
