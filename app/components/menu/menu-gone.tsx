import { Link } from "react-router";

/** The menu's 404: an unknown category, product or brand, with the way back to the menu. */
export function MenuNotFound({ what }: { what: "product" | "category" | "brand" }) {
  const title = { product: "Product not found", category: "Category not found", brand: "Brand not found" }[what];
  return (
    <section className="section">
      <div className="container menu-gone">
        <h1>{title}</h1>
        <p>It may have moved, or we may not carry it. Everything in stock at both stores is on our menu.</p>
        <p className="button-row">
          <Link className="button-link" to="/menu">
            Browse the menu
          </Link>
          {what === "brand" ? (
            <Link className="button-link button-link--outline" to="/brands">
              All brands
            </Link>
          ) : null}
        </p>
      </div>
    </section>
  );
}

/** A product gone from the stores for good (410): what to look at instead. */
export function ProductRetired({ name, category }: { name: string; category: { slug: string; label: string } }) {
  return (
    <section className="section">
      <div className="container menu-gone">
        <h1>{name} is no longer carried</h1>
        <p>We no longer stock this product at either store. Have a look at what we carry now.</p>
        <p className="button-row">
          <Link className="button-link" to={`/menu/${category.slug}`}>
            See all {category.label.toLowerCase()}
          </Link>
          <Link className="button-link button-link--outline" to="/menu">
            Browse the menu
          </Link>
        </p>
      </div>
    </section>
  );
}
