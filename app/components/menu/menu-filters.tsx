import { Form, Link, useSubmit } from "react-router";
import { useSite } from "~/components/ui/use-root-data";
import { BLOG_SEARCH_MAX_LENGTH } from "~/lib/blog";
import { type CatalogCategory, STRAIN_TYPES } from "~/lib/catalog";
import {
  EMPTY_MENU_QUERY,
  MENU_SORTS,
  type MenuQuery,
  menuHref,
  menuIsFiltered,
  panelFilterCount,
  STRAIN_LABELS,
} from "~/lib/menu-params";

export interface MenuFacets {
  brands: { slug: string; name: string; count: number }[];
  /** Listed products per category (a category without any is still offered, with 0). */
  categories: { slug: CatalogCategory; label: string; count: number }[];
}

function Select({
  id,
  label,
  name,
  value,
  children,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  children: React.ReactNode;
}) {
  return (
    <div className="menu-filters__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        {children}
      </select>
    </div>
  );
}

/**
 * The menu's one GET form: search, filters and sort, all in the address, working without JavaScript. It always
 * goes to /menu (a chosen category then moves to its own page). On a phone the filters fold into a disclosure,
 * open when one is set; from 960px they stand open beside the list (menu.css). The page ships no script; where
 * React Router draws it in the browser (a visitor who came through the app) a choice applies at once.
 */
export function MenuFilters({
  query,
  fixedCategory,
  facets,
}: {
  query: MenuQuery;
  fixedCategory: CatalogCategory | null;
  facets: MenuFacets;
}) {
  const site = useSite();
  const chosen = panelFilterCount(query);
  const clearHref = menuHref({ ...EMPTY_MENU_QUERY, category: fixedCategory });
  const canClear = menuIsFiltered(query, fixedCategory) || query.sort !== "name";
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action="/menu"
      className="menu-filters"
      role="search"
      aria-label="Search and filter the menu"
      onChange={(event) => {
        // A list or a box applies at once; the search waits for its button (or Enter).
        const field = event.target;
        const applies =
          field instanceof HTMLSelectElement || (field instanceof HTMLInputElement && field.type === "checkbox");
        if (applies) submit(event.currentTarget);
      }}
    >
      <div className="menu-filters__field menu-filters__search">
        <label htmlFor="menu-q">Search the menu</label>
        <input
          id="menu-q"
          type="search"
          name="q"
          defaultValue={query.q}
          placeholder="Product or brand"
          maxLength={BLOG_SEARCH_MAX_LENGTH}
          autoComplete="off"
        />
      </div>
      <details className="menu-filters__panel" open={chosen > 0 || query.sort !== "name" || undefined}>
        <summary>
          Filters and sort
          {chosen > 0 ? <span className="menu-filters__badge"> ({chosen} set)</span> : null}
        </summary>
        <div className="menu-filters__fields">
          <Select id="menu-category" label="Category" name="category" value={query.category ?? ""}>
            <option value="">All categories</option>
            {facets.categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.label} ({category.count})
              </option>
            ))}
          </Select>
          <Select id="menu-brand" label="Brand" name="brand" value={query.brand ?? ""}>
            <option value="">All brands</option>
            {facets.brands.map((brand) => (
              <option key={brand.slug} value={brand.slug}>
                {brand.name} ({brand.count})
              </option>
            ))}
          </Select>
          <Select id="menu-strain" label="Strain type" name="strain" value={query.strain ?? ""}>
            <option value="">Any strain type</option>
            {STRAIN_TYPES.map((strain) => (
              <option key={strain} value={strain}>
                {STRAIN_LABELS[strain]}
              </option>
            ))}
          </Select>
          <Select id="menu-store" label="Store" name="store" value={query.store ?? ""}>
            <option value="">Either store</option>
            {site.stores.map((store) => (
              <option key={store.id} value={store.id}>
                {store.shortName}
              </option>
            ))}
            <option value="both">Both stores</option>
          </Select>
          <div className="menu-filters__field menu-filters__check">
            <input id="menu-special" type="checkbox" name="special" value="on" defaultChecked={query.special} />
            <label htmlFor="menu-special">On special only</label>
          </div>
          <Select id="menu-sort" label="Sort by" name="sort" value={query.sort}>
            {MENU_SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </Select>
        </div>
      </details>
      <div className="menu-filters__actions">
        <button type="submit" className="button-link">
          Show products
        </button>
        {canClear ? (
          <Link to={clearHref} className="menu-filters__clear">
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
