import { Button, Flex, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { redirectWithError } from "remix-toast";
import { ConfirmDeleteDialog, ListBody, ListSkeleton, useAdminList } from "~/components/admin/admin-list-parts";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { FilterNav, ListSearch } from "~/components/admin/list-filters";
import { AdminListPager } from "~/components/admin/list-pager";
import { ProductDialog } from "~/components/admin/menu/product-dialog";
import { ProductTable } from "~/components/admin/menu/product-table";
import { isRowId } from "~/lib/admin-list";
import { MENU_FILTERS, MENU_MESSAGES, MENU_PATH, menuListHref, parseMenuFilter, RESET_PARAM } from "~/lib/schemas/menu";
import { getCatalogProduct, listCatalogProductsPageForAdmin, unweighedProductIds } from "~/models/catalog-admin.server";
import { signedInAdmin } from "~/services/auth.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import menuStyles from "~/styles/admin-menu.css?url";
import { getDisabledAdRules } from "~/models/ad-rule-settings.server";
import { checkUncheckedContent } from "~/models/ad-findings.server";
import type { Route } from "./+types/menu";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { loadListPage } from "./list-action.server";
import { menuAction, toMenuProductView } from "./menu.server";

// Admin → Menu: the store's own catalog (every source's products), searched and filtered, each product's hand
// edits (description, photo, hidden) and their reset; the import of a POS export is /admin/menu/import.

const MAX_QUERY_LENGTH = 100;

export const links: Route.LinksFunction = () => stylesheets(catalogStyles, menuStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, MENU_PATH, "Menu", "The products of the website's own menu, and their hand edits.");

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const filter = parseMenuFilter(url.searchParams.get("filter"));
  // The advertising findings of descriptions changed since the last look (an import, a sync, an edit).
  const [disabledAdRules, unweighedIds] = await Promise.all([
    getDisabledAdRules(),
    unweighedProductIds(),
    checkUncheckedContent(),
  ]);
  const { rows, total, page, pageCount, dialog } = await loadListPage(url, MENU_PATH, {
    load: (page, pageSize) =>
      listCatalogProductsPageForAdmin({
        search: q,
        filter,
        disabledAdRules,
        unweighedIds,
        page,
        pageSize,
      }).then(({ products, total }) => ({ rows: products, total })),
    find: getCatalogProduct,
    view: (product) => toMenuProductView(product, disabledAdRules),
    messages: MENU_MESSAGES,
  });
  // The no-JavaScript (and JavaScript) confirmation of a reset, like a delete's: ?reset=<id>.
  const resetId = url.searchParams.get(RESET_PARAM);
  const resetting = resetId === null ? undefined : isRowId(resetId) ? await getCatalogProduct(resetId) : undefined;
  if (resetId !== null && !resetting) {
    throw await redirectWithError(menuListHref(url.search), {
      message: MENU_MESSAGES.resetFailed,
      description: MENU_MESSAGES.gone,
    });
  }
  return {
    q,
    filter,
    products: rows,
    total,
    page,
    pageCount,
    unweighedCount: unweighedIds.length,
    editing: dialog?.mode === "edit" ? dialog.row : null,
    resetting: resetting ? { id: resetting.id, name: resetting.name } : null,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return menuAction(request, signedInAdmin(context));
}

const countText = (total: number, q: string, filter: string) => {
  const products = `${total.toLocaleString("en-US")} ${total === 1 ? "product" : "products"}`;
  if (q) return `${products} matching “${q}”`;
  return filter === "all" ? products : `${products} (${MENU_FILTERS.find((f) => f.value === filter)?.label})`;
};

export default function AdminMenu({ loaderData }: Route.ComponentProps) {
  const { q, filter, products, total, page, pageCount, editing, resetting, unweighedCount } = loaderData;
  // A new search, filter or page (not a dialog opening over the list) shows the skeletons.
  const list = useAdminList(MENU_PATH, ["q", "filter", "page"], menuListHref);

  return (
    <div className="admin-catalog admin-menu">
      <AdminPageHeader
        title="Menu"
        description="The products on the website's own menu pages. Edit a description or photo, or hide a product: your change stays through every import and sync until you reset it."
        breadcrumbs={[{ label: "Menu" }]}
        actions={
          <Button asChild size="3">
            <Link to="/admin/menu/import">Import a POS export</Link>
          </Button>
        }
      />

      <Flex direction="column" gap="4">
        <Flex gap="3" wrap="wrap" align="center" justify="between">
          <ListSearch
            path={MENU_PATH}
            q={q}
            id="menu-search"
            label="Search products by name or brand"
            placeholder="Search by name or brand..."
            maxLength={MAX_QUERY_LENGTH}
            keep={{ filter: filter === "all" ? null : filter }}
          />
          <FilterNav
            label="Product filters"
            links={MENU_FILTERS.map((option) => ({
              key: option.value,
              to: list.href({ filter: option.value === "all" ? null : option.value, page: null }),
              current: filter === option.value,
              // How many sizes of the menu the bag cannot weigh, for the owner to fill in (an import's net weight).
              children: option.value === "unweighed" ? `${option.label} (${unweighedCount})` : option.label,
            }))}
          />
        </Flex>
        <Text as="p" size="2" color="gray" className="admin-menu__count" role="status">
          {countText(total, q, filter)}
        </Text>

        <ListBody
          loading={list.loading}
          skeleton={<ListSkeleton variant="rows" testId="menu-skeleton" />}
          isEmpty={products.length === 0}
          emptyMessage={
            q || filter !== "all" ? "No products match." : "No products yet: import a POS export to fill the menu."
          }
        >
          <ProductTable
            products={products}
            editHref={(id) => list.href({ edit: id })}
            resetHref={(id) => list.href({ [RESET_PARAM]: id })}
          />
        </ListBody>
        <AdminListPager path={MENU_PATH} page={page} pageCount={pageCount} label="Product pages" />
      </Flex>

      {editing ? (
        <ProductDialog key={editing.id} product={editing} closeTo={list.closeTo} lastResult={list.lastResult} />
      ) : resetting ? (
        <ConfirmDeleteDialog
          title="Reset to the source"
          message={MENU_MESSAGES.confirmReset}
          id={resetting.id}
          name={resetting.name}
          intent="reset"
          submitLabel="Reset"
          closeTo={list.closeTo}
        />
      ) : null}
    </div>
  );
}
