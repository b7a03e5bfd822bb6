import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Badge, Button, Card, Flex, Heading, IconButton, Text, TextField } from "@radix-ui/themes";
import { useEffect } from "react";
import { data, Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { redirectWithError, redirectWithInfo, redirectWithSuccess } from "remix-toast";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminField } from "~/components/admin/admin-field";
import { PencilIcon, PlusIcon, TrashIcon } from "~/components/admin/admin-icons";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { FormAlert } from "~/components/admin/form-alert";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { ListPager } from "~/components/admin/list-pager";
import { MoveButtons } from "~/components/admin/move-buttons";
import { showToast } from "~/components/ui/toaster";
import {
  ADMIN_LIST_PAGE_SIZE,
  isRowId,
  listHref,
  listPage,
  MOVE_MESSAGES,
  moveDirection,
  redirectPastLastPage,
} from "~/lib/admin-list";
import { FIX_FIELDS_MESSAGE, type FormActionData } from "~/lib/form-result";
import { IMAGE_TOO_LARGE } from "~/lib/image-rules";
import { imageSrcSet } from "~/lib/image-srcset";
import { pageCountFor } from "~/lib/pagination";
import { BRAND_MESSAGES, brandLimits, brandSchema } from "~/lib/schemas/brand";
import { pageMeta, titleWithSite } from "~/lib/seo";
import { createBrand, deleteBrand, getBrand, listBrandsPage, moveBrand, updateBrand } from "~/models/brands.server";
import { IMAGE_FORM_LIMITS, storeUpload } from "~/server/admin-uploads.server";
import { requireAdmin } from "~/server/auth.server";
import { readFormBody } from "~/server/form-body.server";
import { deleteImage } from "~/server/images.server";
import type { Brand } from "~/server/schema.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import type { Route } from "./+types/brands";
import { useListLoading } from "~/components/ui/use-list-loading";

const PATH = "/admin/brands";
const BUCKET = "brands";
const BRAND_SKELETON_COUNT = 3;
const NO_BRANDS_MESSAGE = "No brands yet. Add your first brand to get started!";
const SAVE_FAILED_DESCRIPTION = "The brand could not be saved. Please try again.";
const GONE_DESCRIPTION = "This brand no longer exists.";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: titleWithSite("Brands"),
    description: "Manage the brand logos shown on the website.",
    path: PATH,
    noindex: true,
  });

interface BrandView {
  id: string;
  name: string;
  logoUrl: string;
  siteUrl: string | null;
  isFeatured: boolean;
  sortOrder: number;
  /** First or last of the whole list (not just this page): it cannot move further that way. */
  isFirst?: boolean;
  isLast?: boolean;
}

const toView = (brand: Brand): BrandView => ({
  id: brand.id,
  name: brand.name,
  logoUrl: brand.logo_url,
  siteUrl: brand.site_url,
  isFeatured: brand.is_featured,
  sortOrder: brand.sort_order,
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const page = listPage(url, PATH);
  const { brands, total } = await listBrandsPage(page, ADMIN_LIST_PAGE_SIZE);
  const pageCount = pageCountFor(total, ADMIN_LIST_PAGE_SIZE);
  // Past the end (e.g. after deleting the last brand of the last page): the last page.
  redirectPastLastPage(url, PATH, page, pageCount);

  const editId = url.searchParams.get("edit");
  let dialog: { mode: "new" } | { mode: "edit"; brand: BrandView } | null = null;
  if (editId !== null) {
    const brand = isRowId(editId) ? await getBrand(editId) : undefined;
    if (!brand) {
      throw await redirectWithError(listHref(PATH, url.search), {
        message: BRAND_MESSAGES.updateFailed,
        description: GONE_DESCRIPTION,
      });
    }
    dialog = { mode: "edit", brand: toView(brand) };
  } else if (url.searchParams.get("dialog") === "new") {
    dialog = { mode: "new" };
  }
  const offset = (page - 1) * ADMIN_LIST_PAGE_SIZE;
  return {
    brands: brands.map((brand, index) => ({
      ...toView(brand),
      isFirst: offset + index === 0,
      isLast: offset + index === total - 1,
    })),
    total,
    page,
    pageCount,
    dialog,
  };
}

type Intent = "create" | "update" | "delete";
type BrandActionData = FormActionData & { intent: Intent };

function failureMessage(intent: Intent): string {
  if (intent === "delete") return BRAND_MESSAGES.deleteFailed;
  return intent === "update" ? BRAND_MESSAGES.updateFailed : BRAND_MESSAGES.createFailed;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const listUrl = listHref(PATH, url.search);
  const guessedIntent: Intent = url.searchParams.has("edit") ? "update" : "create";

  const body = await readFormBody(request, IMAGE_FORM_LIMITS);
  if (!body.ok) {
    return data<BrandActionData>(
      {
        intent: guessedIntent,
        result: { status: "error", error: { "": [body.message] } },
        outcome: "error",
        message: failureMessage(guessedIntent),
        description: body.message,
      },
      { status: body.status },
    );
  }
  const formData = body.formData;
  const rawIntent = formData.get("intent");
  const id = formData.get("id");

  if (rawIntent === "delete") {
    const deleted = isRowId(id?.toString()) ? await deleteBrand(id!.toString()) : undefined;
    if (!deleted) {
      return redirectWithError(listUrl, { message: BRAND_MESSAGES.deleteFailed, description: GONE_DESCRIPTION });
    }
    if (deleted.logo_key) await deleteImage(BUCKET, deleted.logo_key);
    return redirectWithSuccess(listUrl, BRAND_MESSAGES.deleted);
  }
  const direction = moveDirection(rawIntent);
  if (direction) {
    const brandId = id?.toString();
    const outcome = isRowId(brandId) ? await moveBrand(brandId, direction) : "missing";
    if (outcome === "moved") return redirectWithSuccess(listUrl, MOVE_MESSAGES.moved("Brand", direction));
    if (outcome === "edge") return redirectWithInfo(listUrl, MOVE_MESSAGES.edge("Brand", direction));
    return redirectWithError(listUrl, { message: MOVE_MESSAGES.failed("Brand"), description: GONE_DESCRIPTION });
  }
  if (rawIntent !== "create" && rawIntent !== "update") {
    throw data("Unknown action", { status: 400 });
  }
  const intent: Intent = rawIntent;

  let existing: Brand | undefined;
  if (intent === "update") {
    existing = isRowId(id?.toString()) ? await getBrand(id!.toString()) : undefined;
    if (!existing) {
      return redirectWithError(listUrl, { message: BRAND_MESSAGES.updateFailed, description: GONE_DESCRIPTION });
    }
  }

  const submission = parseWithZod(formData, { schema: brandSchema });
  const invalid = (fieldErrors?: Record<string, string[]>, description = FIX_FIELDS_MESSAGE) =>
    data<BrandActionData>(
      {
        intent,
        result: submission.reply({ formErrors: [FIX_FIELDS_MESSAGE], fieldErrors }),
        outcome: "invalid",
        message: failureMessage(intent),
        description,
      },
      { status: 400 },
    );
  // Reading stopped at the oversized logo (the last field), so every field before it is here to keep.
  if (body.oversizedPart) return invalid({ logo_file: [IMAGE_TOO_LARGE] }, IMAGE_TOO_LARGE);
  if (submission.status !== "success") return invalid();
  const value = submission.value;

  const upload = await storeUpload(BUCKET, value.logo_file);
  if (upload.status === "rejected") return invalid({ logo_file: [upload.message] }, upload.message);
  if (upload.status === "failed") {
    return data<BrandActionData>(
      {
        intent,
        result: submission.reply({ formErrors: [SAVE_FAILED_DESCRIPTION] }),
        outcome: "error",
        message: failureMessage(intent),
        description: SAVE_FAILED_DESCRIPTION,
      },
      { status: 500 },
    );
  }
  const uploaded = upload.status === "stored" ? upload.image : null;
  const logoUrl = uploaded?.url ?? value.logo_url!;
  // Keep the stored file only while the brand still points at it.
  const logoKey = uploaded
    ? uploaded.key
    : existing?.logo_key && existing.logo_url === logoUrl
      ? existing.logo_key
      : null;
  const input = {
    name: value.name,
    logoUrl,
    logoKey,
    siteUrl: value.site_url ?? null,
    isFeatured: value.is_featured,
    sortOrder: value.sort_order,
  };

  try {
    if (intent === "create") {
      await createBrand(input);
      return redirectWithSuccess(listUrl, BRAND_MESSAGES.created);
    }
    const saved = await updateBrand(existing!.id, input);
    if (!saved) {
      if (uploaded) await deleteImage(BUCKET, uploaded.key);
      return redirectWithError(listUrl, { message: BRAND_MESSAGES.updateFailed, description: GONE_DESCRIPTION });
    }
    const { before, after } = saved;
    if (before.logo_key && before.logo_key !== after.logo_key) await deleteImage(BUCKET, before.logo_key);
    return redirectWithSuccess(listUrl, BRAND_MESSAGES.updated);
  } catch (error) {
    console.error(`Could not ${intent} a brand:`, error);
    if (uploaded) await deleteImage(BUCKET, uploaded.key);
    return data<BrandActionData>(
      {
        intent,
        result: submission.reply({ formErrors: [SAVE_FAILED_DESCRIPTION] }),
        outcome: "error",
        message: failureMessage(intent),
        description: SAVE_FAILED_DESCRIPTION,
      },
      { status: 500 },
    );
  }
}

export default function AdminBrands({ loaderData }: Route.ComponentProps) {
  const { brands, page, pageCount, dialog } = loaderData;
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const navigation = useNavigation();

  // Paging through the list (not opening a dialog over it) shows the skeletons.
  const changingPage = useListLoading(PATH, ["page"]);

  useEffect(() => {
    if (actionData && actionData.outcome !== "success") {
      showToast({ type: "error", message: actionData.message, description: actionData.description });
    }
  }, [actionData]);

  const closeTo = listHref(PATH, location.search);

  return (
    <div className="admin-catalog">
      <AdminPageHeader
        title="Brands"
        description="The logos on the home page carousel (featured brands) and on the All Brands page."
        breadcrumbs={[{ label: "Brands" }]}
        actions={
          <Button asChild size="3">
            <Link to={listHref(PATH, location.search, { dialog: "new" })} preventScrollReset>
              <PlusIcon /> Add Brand
            </Link>
          </Button>
        }
      />

      {changingPage ? (
        <BrandListSkeleton />
      ) : brands.length === 0 ? (
        <Card size="3" className="admin-empty">
          <Text as="p" align="center" color="gray">
            {NO_BRANDS_MESSAGE}
          </Text>
        </Card>
      ) : (
        <ul className="admin-brand-list" aria-label="Brands">
          {brands.map((brand) => (
            <BrandItem key={brand.id} brand={brand} search={location.search} />
          ))}
        </ul>
      )}
      <ListPager
        page={page}
        pageCount={pageCount}
        label="Brand pages"
        hrefFor={(p) => listHref(PATH, location.search, { page: p > 1 ? String(p) : null })}
      />

      {dialog ? (
        <BrandDialog
          key={dialog.mode === "edit" ? dialog.brand.id : "new"}
          brand={dialog.mode === "edit" ? dialog.brand : null}
          closeTo={closeTo}
          lastResult={
            navigation.state === "idle" && actionData && actionData.intent !== "delete" ? actionData : undefined
          }
        />
      ) : null}
    </div>
  );
}

function BrandItem({ brand, search }: { brand: BrandView; search: string }) {
  return (
    <li>
      <Card size="2" className="admin-brand">
        <div className="admin-brand__logo">
          <img
            src={brand.logoUrl}
            srcSet={imageSrcSet(brand.logoUrl)}
            sizes="160px"
            alt={`${brand.name} logo`}
            width={160}
            height={80}
            loading="lazy"
            decoding="async"
          />
        </div>
        <Flex direction="column" gap="1" className="admin-brand__text">
          <Heading as="h2" size="4" className="admin-brand__name">
            {brand.name}
          </Heading>
          <Text as="p" size="2" color="gray">
            Order: {brand.sortOrder} |{" "}
            {brand.isFeatured ? (
              <Badge color="green" variant="soft">
                Featured
              </Badge>
            ) : (
              <Badge color="gray" variant="soft">
                Not Featured
              </Badge>
            )}
          </Text>
          {brand.siteUrl ? (
            <Text as="p" size="2">
              <a href={brand.siteUrl} target="_blank" rel="noopener noreferrer">
                Visit Website<span className="visually-hidden"> of {brand.name} (opens in a new tab)</span>
              </a>
            </Text>
          ) : null}
        </Flex>
        <Flex gap="2" wrap="wrap" className="admin-brand__actions">
          <MoveButtons
            id={brand.id}
            name={brand.name}
            isFirst={brand.isFirst ?? false}
            isLast={brand.isLast ?? false}
          />
          <IconButton asChild variant="soft" size="2">
            <Link to={listHref(PATH, search, { edit: brand.id })} preventScrollReset aria-label={`Edit ${brand.name}`}>
              <PencilIcon />
            </Link>
          </IconButton>
          {/* Immediate, as the spec says: no confirmation. */}
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={brand.id} />
            <IconButton type="submit" variant="soft" color="red" size="2" aria-label={`Delete ${brand.name}`}>
              <TrashIcon />
            </IconButton>
          </Form>
        </Flex>
      </Card>
    </li>
  );
}

function BrandListSkeleton() {
  return (
    <ul className="admin-brand-list" aria-hidden="true">
      {Array.from({ length: BRAND_SKELETON_COUNT }, (_, i) => (
        <li key={i}>
          <Card size="2" className="admin-brand admin-skeleton" data-testid="brand-skeleton">
            <div className="admin-brand__logo admin-skeleton__block" />
            <div className="admin-skeleton__lines">
              <span className="admin-skeleton__line" />
              <span className="admin-skeleton__line admin-skeleton__line--short" />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function BrandDialog({
  brand,
  closeTo,
  lastResult,
}: {
  brand: BrandView | null;
  closeTo: string;
  lastResult: BrandActionData | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  const [form, fields] = useForm({
    id: brand ? `brand-${brand.id}` : "brand-new",
    lastResult: lastResult?.result,
    defaultValue: brand
      ? {
          name: brand.name,
          logo_url: brand.logoUrl,
          site_url: brand.siteUrl ?? "",
          is_featured: brand.isFeatured,
          sort_order: String(brand.sortOrder),
        }
      : { is_featured: true, sort_order: "0" },
    constraint: getZodConstraint(brandSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: brandSchema }),
  });

  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: "text" });
  const { key: logoUrlKey, ...logoUrlProps } = getInputProps(fields.logo_url, {
    type: "text",
    ariaDescribedBy: `${fields.logo_url.id}-hint`,
  });
  const { key: siteKey, ...siteProps } = getInputProps(fields.site_url, { type: "url" });
  const { key: orderKey, ...orderProps } = getInputProps(fields.sort_order, { type: "number" });
  const { key: featuredKey, ...featuredProps } = getInputProps(fields.is_featured, { type: "checkbox" });

  return (
    <AdminDialog title={brand ? "Edit Brand" : "Add New Brand"} closeTo={closeTo}>
      <Form method="post" encType="multipart/form-data" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value={brand ? "update" : "create"} />
        {brand ? <input type="hidden" name="id" value={brand.id} /> : null}
        <Flex direction="column" gap="4">
          <FormAlert id={form.errorId} messages={form.errors} />
          <AdminField
            id={fields.name.id}
            label="Name"
            required
            errorId={fields.name.errorId}
            errors={fields.name.errors}
          >
            <TextField.Root key={nameKey} {...nameProps} maxLength={brandLimits.name} autoComplete="off" />
          </AdminField>
          <AdminField
            id={fields.logo_url.id}
            label="Logo URL"
            hint="An address starting with https:// or a path on this site such as /logos/brand.png. Or upload an image below (an upload replaces the URL)."
            hintId={`${fields.logo_url.id}-hint`}
            errorId={fields.logo_url.errorId}
            errors={fields.logo_url.errors}
          >
            <TextField.Root
              key={logoUrlKey}
              {...logoUrlProps}
              maxLength={brandLimits.url}
              inputMode="url"
              spellCheck={false}
              autoComplete="off"
            />
          </AdminField>
          <AdminField
            id={fields.site_url.id}
            label="Website URL"
            errorId={fields.site_url.errorId}
            errors={fields.site_url.errors}
          >
            <TextField.Root
              key={siteKey}
              {...siteProps}
              maxLength={brandLimits.url}
              placeholder="https://"
              spellCheck={false}
              autoComplete="off"
            />
          </AdminField>
          <Flex gap="4" wrap="wrap" align="end">
            <AdminField
              id={fields.sort_order.id}
              label="Sort order"
              errorId={fields.sort_order.errorId}
              errors={fields.sort_order.errors}
            >
              <TextField.Root key={orderKey} {...orderProps} step={1} className="admin-number-input" />
            </AdminField>
            <label className="admin-checkbox" htmlFor={fields.is_featured.id}>
              <input key={featuredKey} {...featuredProps} />
              Featured (shown in the home page carousel)
            </label>
          </Flex>
          <ImageUploadField
            field={fields.logo_file}
            label="Upload logo"
            currentUrl={brand?.logoUrl}
            currentAlt={brand ? `${brand.name} logo` : undefined}
          />
          <Flex gap="3" justify="end" className="admin-dialog__actions">
            <Button asChild variant="soft" color="gray" size="3">
              <Link to={closeTo} preventScrollReset>
                Cancel
              </Link>
            </Button>
            <Button type="submit" size="3" disabled={submitting}>
              {submitting ? (brand ? "Updating..." : "Submitting...") : brand ? "Update" : "Create"}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </AdminDialog>
  );
}
