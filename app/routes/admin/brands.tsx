import { AddLink, ListBody, ListSkeleton, useAdminList } from "~/components/admin/admin-list-parts";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { BrandDialog } from "~/components/admin/brands/brand-dialog";
import { BrandItem, type BrandView } from "~/components/admin/brands/brand-item";
import { ListDialogs } from "~/components/admin/list-dialogs";
import { AdminListPager } from "~/components/admin/list-pager";
import { withListEdges } from "~/lib/admin-list";
import { BRAND_MESSAGES, brandSchema } from "~/lib/schemas/brand";
import { createBrand, deleteBrand, getBrand, listBrandsPage, moveBrand, updateBrand } from "~/models/brands.server";
import { signedInAdmin } from "~/services/auth.server";
import type { Brand } from "~/server/schema.server";
import type { z } from "zod";
import catalogStyles from "~/styles/admin-catalog.css?url";
import type { Route } from "./+types/brands";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { imageListAction, type ImageSave } from "./image-list-action.server";
import { loadListPage } from "./list-action.server";

// Admin → Brands: the logos of the home page carousel and the All Brands page, in their order.

const PATH = "/admin/brands";
const NO_BRANDS_MESSAGE = "No brands yet. Add your first brand to get started!";

export const links: Route.LinksFunction = () => stylesheets(catalogStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, PATH, "Brands", "Manage the brand logos shown on the website.");

const toView = (brand: Brand): BrandView => ({
  id: brand.id,
  name: brand.name,
  logoUrl: brand.logo_url,
  siteUrl: brand.site_url,
  isFeatured: brand.is_featured,
  sortOrder: brand.sort_order,
});

export async function loader({ request }: Route.LoaderArgs) {
  const { rows, total, page, pageCount, dialog } = await loadListPage(new URL(request.url), PATH, {
    load: (page, pageSize) => listBrandsPage(page, pageSize).then(({ brands, total }) => ({ rows: brands, total })),
    find: getBrand,
    view: toView,
    messages: BRAND_MESSAGES,
  });
  return { brands: withListEdges(rows, page, total), total, page, pageCount, dialog };
}

/** The brand as saved: the uploaded logo, else the typed address (its stored file kept only while it is the same). */
function brandInput({ value, uploaded, existing }: ImageSave<Brand, z.output<typeof brandSchema>>) {
  const logoUrl = uploaded?.url ?? value.logo_url!;
  const logoKey = uploaded
    ? uploaded.key
    : existing?.logo_key && existing.logo_url === logoUrl
      ? existing.logo_key
      : null;
  return {
    name: value.name,
    logoUrl,
    logoKey,
    siteUrl: value.site_url ?? null,
    isFeatured: value.is_featured,
    sortOrder: value.sort_order,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return imageListAction(request, signedInAdmin(context), {
    path: PATH,
    noun: "Brand",
    messages: BRAND_MESSAGES,
    schema: brandSchema,
    bucket: "brands",
    fileField: "logo_file",
    imageKey: (brand) => brand.logo_key,
    find: getBrand,
    remove: deleteBrand,
    move: moveBrand,
    // Every brand shows on the Brands page: its name is advertising.
    advertising: (value, existing) => ({
      fields: { name: value.name },
      publishing: true,
      stored: existing && { fields: { name: existing.name }, published: true },
    }),
    create: (save) => createBrand(brandInput(save), save.actor, save.override),
    update: (id, save) => updateBrand(id, brandInput(save), save.actor, save.override),
  });
}

export default function AdminBrands({ loaderData }: Route.ComponentProps) {
  const { brands, page, pageCount, dialog } = loaderData;
  // Paging through the list (not opening a dialog over it) shows the skeletons.
  const list = useAdminList(PATH, ["page"]);

  return (
    <div className="admin-catalog">
      <AdminPageHeader
        title="Brands"
        description="The logos on the home page carousel (featured brands) and on the All Brands page."
        breadcrumbs={[{ label: "Brands" }]}
        actions={<AddLink to={list.href({ dialog: "new" })}>Add Brand</AddLink>}
      />
      <ListBody
        loading={list.loading}
        skeleton={<ListSkeleton variant="cards" testId="brand-skeleton" />}
        isEmpty={brands.length === 0}
        emptyMessage={NO_BRANDS_MESSAGE}
      >
        <ul className="admin-brand-list" aria-label="Brands">
          {brands.map((brand) => (
            <BrandItem key={brand.id} brand={brand} editTo={list.href({ edit: brand.id })} />
          ))}
        </ul>
      </ListBody>
      <AdminListPager path={PATH} page={page} pageCount={pageCount} label="Brand pages" />
      {/* Brands delete at once: no confirmation dialog. */}
      <ListDialogs
        dialog={dialog}
        closeTo={list.closeTo}
        form={(brand) => <BrandDialog brand={brand} closeTo={list.closeTo} lastResult={list.lastResult} />}
      />
    </div>
  );
}
