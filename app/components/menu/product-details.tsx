import { Link } from "react-router";
import { useSite } from "~/components/ui/use-root-data";
import type { Potency, StrainType } from "~/lib/catalog";
import { brandPath, STRAIN_LABELS } from "~/lib/menu-params";
import { Breadcrumbs } from "./breadcrumbs";
import { MedicalPricesNote } from "./medical-prices-note";
import { formatPrice } from "~/lib/money";
import { formatPotency } from "./product-facts";
import { ProductImage } from "./product-image";
import { AddToBag } from "./add-to-bag";
import { SubscribeForm } from "~/components/site/subscribe-form";

export interface ProductDetailsData {
  slug: string;
  name: string;
  brandName: string | null;
  brandSlug: string | null;
  strainType: string | null;
  thc: Potency | null;
  cbd: Potency | null;
  imageUrl: string | null;
  options: { label: string; priceMedicalCents: number; priceSpecialCents: number | null }[];
  /** Empty when it is on no shelf (or its source stopped listing it). */
  inStockStores: string[];
  paragraphs: string[];
}

/** The photo's box: the widest the page gives it (a column of 1180px less the facts). */
const PHOTO_SIZE = 560;

/** Each option's price: the special as the price, with the regular medical price struck beside it. */
function OptionPrices({ options }: { options: ProductDetailsData["options"] }) {
  return (
    <table className="product-options">
      <caption className="visually-hidden">Prices</caption>
      <thead>
        <tr>
          <th scope="col">Option</th>
          <th scope="col">Medical price</th>
        </tr>
      </thead>
      <tbody>
        {options.map((option) => (
          <tr key={option.label}>
            <th scope="row">{option.label}</th>
            <td>
              {option.priceSpecialCents !== null ? (
                <>
                  <strong className="product-options__now">{formatPrice(option.priceSpecialCents)}</strong>{" "}
                  <s className="product-options__was">
                    <span className="visually-hidden">Regular price </span>
                    {formatPrice(option.priceMedicalCents)}
                  </s>{" "}
                  <span className="special-badge">Special</span>
                </>
              ) : (
                <strong className="product-options__now">{formatPrice(option.priceMedicalCents)}</strong>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Per store: in stock or not, in words (the mark beside them is decoration). */
function Availability({ inStockStores }: { inStockStores: string[] }) {
  const site = useSite();
  return (
    <div className="product-stock">
      {inStockStores.length === 0 ? <p className="product-stock__out">Out of stock at both stores</p> : null}
      <ul aria-label="Availability">
        {site.stores.map((store) => {
          const stocked = inStockStores.includes(store.id);
          return (
            <li key={store.id} className={stocked ? "is-in" : "is-out"}>
              {stocked ? "In stock" : "Out of stock"} at {store.shortName}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function ProductDetails({
  product,
  category,
  pricesAsOf,
}: {
  product: ProductDetailsData;
  category: { slug: string; label: string };
  pricesAsOf: string;
}) {
  const inStock = product.inStockStores.length > 0;
  const potency = [
    product.thc ? { name: "THC", value: formatPotency(product.thc) } : null,
    product.cbd ? { name: "CBD", value: formatPotency(product.cbd) } : null,
  ].filter((entry) => entry !== null);
  return (
    <div className="product-page">
      <div className="container">
        <Breadcrumbs
          items={[
            { name: "Menu", href: "/menu" },
            { name: category.label, href: `/menu/${category.slug}` },
            { name: product.name },
          ]}
        />
        <article className="product" aria-labelledby="product-title">
          <ProductImage
            url={product.imageUrl}
            category={category.slug}
            alt={product.name}
            size={PHOTO_SIZE}
            priority
            className="product__photo"
          />
          <div className="product__info">
            {product.brandName ? (
              <p className="product__brand">
                {product.brandSlug ? (
                  <Link to={brandPath(product.brandSlug)}>{product.brandName}</Link>
                ) : (
                  product.brandName
                )}
              </p>
            ) : null}
            <h1 id="product-title">{product.name}</h1>
            <ul className="product__tags" aria-label="Kind">
              <li>{category.label}</li>
              {product.strainType ? <li>{STRAIN_LABELS[product.strainType as StrainType]}</li> : null}
            </ul>
            {potency.length > 0 ? (
              <dl className="product__potency">
                {potency.map((entry) => (
                  <div key={entry.name}>
                    <dt>{entry.name}</dt>
                    <dd>{entry.value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            <Availability inStockStores={product.inStockStores} />
            <OptionPrices options={product.options} />
            <p className="product__as-of">Prices as of {pricesAsOf}</p>
            {inStock ? (
              <AddToBag slug={product.slug} name={product.name} options={product.options} />
            ) : (
              <>
                <p className="product__order">
                  <Link className="button-link button-link--outline" to={`/menu/${category.slug}`}>
                    See {category.label.toLowerCase()} in stock
                  </Link>
                </p>
                <section className="product__back-in-stock" aria-labelledby="back-in-stock-title">
                  <h2 id="back-in-stock-title">Tell me when it&apos;s back</h2>
                  <p>One e-mail when either store has it again, once you confirm your address.</p>
                  <SubscribeForm
                    id="back-in-stock"
                    page={`/menu/${category.slug}/${product.slug}`}
                    productSlug={product.slug}
                    submitLabel="Tell me when it's back"
                  />
                </section>
              </>
            )}
            <MedicalPricesNote />
          </div>
        </article>
        {product.paragraphs.length > 0 ? (
          <section className="product-about" aria-labelledby="product-about-title">
            <h2 id="product-about-title">About this product</h2>
            {product.paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </section>
        ) : null}
      </div>
    </div>
  );
}
