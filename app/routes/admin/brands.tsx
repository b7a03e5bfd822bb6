import { getFormProps, getInputProps } from "@conform-to/react";
import { Badge, Card, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { Form, useActionData, useLocation } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminField } from "~/components/admin/admin-field";
import {
  AddLink,
  DeleteButton,
  DialogActions,
  EditLink,
  ListBody,
  ListSkeleton,
  useActionFailureToast,
  useAdminForm,
  useDialogResult,
} from "~/components/admin/admin-list-parts";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { FormAlert } from "~/components/admin/form-alert";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { AdminListPager } from "~/components/admin/list-pager";
import { MoveButtons } from "~/components/admin/move-buttons";
import { useListLoading } from "~/components/ui/use-list-loading";
import { ADMIN_LIST_PAGE_SIZE, listHref, listPage, redirectPastLastPage, withListEdges } from "~/lib/admin-list";
import { responsiveImage } from "~/lib/image-srcset";
import { pageCountFor } from "~/lib/pagination";
import { BRAND_MESSAGES, brandLimits, brandSchema } from "~/lib/schemas/brand";
import { pageMeta } from "~/lib/seo";
import { createBrand, deleteBrand, getBrand, listBrandsPage, moveBrand, updateBrand } from "~/models/brands.server";
import { signedInAdmin } from "~/server/auth.server";
import { dialogFromUrl, failureMessage, type ListActionData, listAction } from "~/server/admin-list-action.server";
import { deleteReplacedImage, IMAGE_FORM_LIMITS, uploadForSave, withNewImage } from "~/server/admin-uploads.server";
import { deleteImage } from "~/server/images.server";
import type { Brand } from "~/server/schema.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import type { Route } from "./+types/brands";

const PATH = "/admin/brands";
const BUCKET = "brands";
const BRAND_SKELETON_COUNT = 3;
const NO_BRANDS_MESSAGE = "No brands yet. Add your first brand to get started!";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Brands",
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
  const url = new URL(request.url);
  const page = listPage(url, PATH);
  const { brands, total } = await listBrandsPage(page, ADMIN_LIST_PAGE_SIZE);
  const pageCount = pageCountFor(total, ADMIN_LIST_PAGE_SIZE);
  // Past the end (e.g. after deleting the last brand of the last page): the last page.
  redirectPastLastPage(url, PATH, page, pageCount);
  const dialog = await dialogFromUrl(url, PATH, { find: getBrand, view: toView, messages: BRAND_MESSAGES });
  return {
    brands: withListEdges(brands.map(toView), page, total),
    total,
    page,
    pageCount,
    dialog,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return listAction(request, signedInAdmin(context), {
    path: PATH,
    noun: "Brand",
    messages: BRAND_MESSAGES,
    schema: brandSchema,
    limits: IMAGE_FORM_LIMITS,
    fileField: "logo_file",
    find: getBrand,
    remove: deleteBrand,
    afterRemove: async (brand) => {
      if (brand.logo_key) await deleteImage(BUCKET, brand.logo_key);
    },
    move: moveBrand,
    save: async ({ intent, existing, value, listUrl, refuse, refuseField, actor }) => {
      const upload = await uploadForSave(BUCKET, value.logo_file, {
        rejected: (message) => refuseField("logo_file", message),
        failed: () =>
          refuse(500, "error", failureMessage(BRAND_MESSAGES, intent), { description: BRAND_MESSAGES.saveFailed }),
      });
      if (!upload.ok) return upload.reply;
      const uploaded = upload.image;
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
      if (intent === "create") {
        await withNewImage(BUCKET, uploaded, () => createBrand(input, actor));
        return redirectWithSuccess(listUrl, BRAND_MESSAGES.created);
      }
      const saved = await withNewImage(BUCKET, uploaded, () => updateBrand(existing!.id, input, actor));
      if (!saved) {
        return redirectWithError(listUrl, { message: BRAND_MESSAGES.updateFailed, description: BRAND_MESSAGES.gone });
      }
      await deleteReplacedImage(BUCKET, saved.before.logo_key, saved.after.logo_key);
      return redirectWithSuccess(listUrl, BRAND_MESSAGES.updated);
    },
  });
}

export default function AdminBrands({ loaderData }: Route.ComponentProps) {
  const { brands, page, pageCount, dialog } = loaderData;
  const location = useLocation();
  useActionFailureToast(useActionData<typeof action>());
  const lastResult = useDialogResult<ListActionData>();
  // Paging through the list (not opening a dialog over it) shows the skeletons.
  const changingPage = useListLoading(PATH, ["page"]);
  const closeTo = listHref(PATH, location.search);

  return (
    <div className="admin-catalog">
      <AdminPageHeader
        title="Brands"
        description="The logos on the home page carousel (featured brands) and on the All Brands page."
        breadcrumbs={[{ label: "Brands" }]}
        actions={<AddLink to={listHref(PATH, location.search, { dialog: "new" })}>Add Brand</AddLink>}
      />
      <ListBody
        loading={changingPage}
        skeleton={<ListSkeleton count={BRAND_SKELETON_COUNT} variant="cards" testId="brand-skeleton" />}
        isEmpty={brands.length === 0}
        emptyMessage={NO_BRANDS_MESSAGE}
      >
        <ul className="admin-brand-list" aria-label="Brands">
          {brands.map((brand) => (
            <BrandItem key={brand.id} brand={brand} search={location.search} />
          ))}
        </ul>
      </ListBody>
      <AdminListPager path={PATH} page={page} pageCount={pageCount} label="Brand pages" />
      {dialog && dialog.mode !== "confirm-delete" ? (
        <BrandDialog
          key={dialog.mode === "edit" ? dialog.row.id : "new"}
          brand={dialog.mode === "edit" ? dialog.row : null}
          closeTo={closeTo}
          lastResult={lastResult}
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
            {...responsiveImage(brand.logoUrl, "160px", { width: 160, height: 80 })}
            alt={`${brand.name} logo`}
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
          <EditLink to={listHref(PATH, search, { edit: brand.id })} name={brand.name} />
          {/* Immediate, as the spec says: no confirmation. */}
          <DeleteButton id={brand.id} name={brand.name} />
        </Flex>
      </Card>
    </li>
  );
}

function BrandDialog({
  brand,
  closeTo,
  lastResult,
}: {
  brand: BrandView | null;
  closeTo: string;
  lastResult: ListActionData | undefined;
}) {
  const [form, fields] = useAdminForm(brandSchema, {
    id: brand ? `brand-${brand.id}` : "brand-new",
    lastResult,
    defaultValue: brand
      ? {
          name: brand.name,
          logo_url: brand.logoUrl,
          site_url: brand.siteUrl ?? "",
          is_featured: brand.isFeatured,
          sort_order: String(brand.sortOrder),
        }
      : { is_featured: true, sort_order: "0" },
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
          <DialogActions
            closeTo={closeTo}
            label={brand ? "Update" : "Create"}
            busyLabel={brand ? "Updating..." : "Submitting..."}
          />
        </Flex>
      </Form>
    </AdminDialog>
  );
}
