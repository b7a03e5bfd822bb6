import { Badge, Button, IconButton } from "@radix-ui/themes";
import { Link } from "react-router";
import { ExternalLinkIcon } from "~/components/admin/admin-icons";
import { EditLink } from "~/components/admin/row-actions";
import { responsiveImage } from "~/lib/image-srcset";
import { formatPrice } from "~/lib/money";

// Admin → Menu's table of catalog products: a table on wide screens, a card per row below 900px
// (admin-catalog-rows.css), each row's actions in view.

/** A catalog product as the admin's list and its dialog show it. */
export interface MenuProductView {
  id: string;
  name: string;
  brand: string | null;
  category: string;
  /** The lowest price a patient pays now, in cents. */
  priceFromCents: number;
  onSpecial: boolean;
  stock: { store: string; inStock: boolean }[];
  /** What the menu shows: the owner's, else the source's. */
  imageUrl: string | null;
  sourceImageUrl: string | null;
  editedImageUrl: string | null;
  sourceDescription: string | null;
  editedDescription: string | null;
  /** Where it comes from, in the owner's words ("POS export", "Menu provider", "Demo catalog"). */
  sourceLabel: string;
  isHidden: boolean;
  isEdited: boolean;
  isDemo: boolean;
  /** No longer listed by its source (kept out of stock until its page goes). */
  isGone: boolean;
  /** The shown description's advertising findings (of the rules switched on), as phrases. */
  adFindings: string[];
  publicHref: string;
}

function ProductBadges({ product }: { product: MenuProductView }) {
  const outOfStock = product.stock.every((store) => !store.inStock);
  return (
    <span className="menu-table__badges">
      {product.isHidden ? (
        <Badge color="gray" variant="solid">
          Hidden
        </Badge>
      ) : null}
      {product.isEdited ? (
        <Badge color="blue" variant="soft">
          Edited
        </Badge>
      ) : null}
      {product.isGone ? (
        <Badge color="orange" variant="soft">
          No longer listed
        </Badge>
      ) : outOfStock ? (
        <Badge color="orange" variant="soft">
          Out of stock
        </Badge>
      ) : null}
      {product.adFindings.length > 0 ? (
        <Badge color="red" variant="soft" title={`“${product.adFindings.join("”, “")}”`}>
          Advertising finding
        </Badge>
      ) : null}
      {product.isDemo ? (
        <Badge color="amber" variant="soft" highContrast>
          Demo
        </Badge>
      ) : null}
    </span>
  );
}

export function ProductTable({
  products,
  editHref,
  resetHref,
}: {
  products: MenuProductView[];
  editHref: (id: string) => string;
  resetHref: (id: string) => string;
}) {
  return (
    <table className="admin-table menu-table">
      <caption className="visually-hidden">Menu products</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Brand</th>
          <th scope="col">Category</th>
          <th scope="col">Price from</th>
          <th scope="col">Stock</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {products.map((product) => (
          <tr key={product.id}>
            <th scope="row">
              <div className="menu-table__product">
                {product.imageUrl ? (
                  <img
                    {...responsiveImage(product.imageUrl, "48px", { width: 48, height: 48 })}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="menu-table__thumb"
                  />
                ) : (
                  <span className="menu-table__thumb menu-table__thumb--none" aria-hidden="true" />
                )}
                <span className="menu-table__name">
                  <span>{product.name}</span>
                  <ProductBadges product={product} />
                </span>
              </div>
            </th>
            <td data-label="Brand">{product.brand ?? <span className="menu-table__none">No brand</span>}</td>
            <td data-label="Category">{product.category}</td>
            <td data-label="Price from" className="menu-table__nowrap">
              {formatPrice(product.priceFromCents)}
              {product.onSpecial ? <span className="menu-table__special"> special</span> : null}
            </td>
            <td data-label="Stock">
              <ul className="menu-table__stock">
                {product.stock.map((store) => (
                  <li key={store.store} data-in-stock={store.inStock ? "" : undefined}>
                    {store.store}: {store.inStock ? "in stock" : "out"}
                  </li>
                ))}
              </ul>
            </td>
            <td className="menu-table__actions">
              <div className="admin-row-actions">
                <EditLink to={editHref(product.id)} name={product.name} />
                {product.isEdited ? (
                  <Button asChild variant="soft" color="gray" size="2">
                    <Link to={resetHref(product.id)} preventScrollReset aria-label={`Reset ${product.name}`}>
                      Reset
                    </Link>
                  </Button>
                ) : null}
                <IconButton asChild variant="soft" color="gray" size="2">
                  <a href={product.publicHref} aria-label={`${product.name} on the menu`}>
                    <ExternalLinkIcon />
                  </a>
                </IconButton>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
