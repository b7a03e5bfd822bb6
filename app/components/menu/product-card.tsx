import { Link } from "react-router";
import { useSite } from "~/components/ui/use-root-data";
import { ProductImage } from "./product-image";
import { formatPrice } from "~/lib/money";
import { stockedAt } from "./product-facts";

/** What a menu card shows, made by product-card-data.ts on the server. */
export interface ProductCardData {
  href: string;
  name: string;
  /** Null on a brand's own page. */
  brandName: string | null;
  category: string;
  /** "Flower · Hybrid · THC 24%". */
  facts: string;
  imageUrl: string | null;
  priceFromCents: number;
  onSpecial: boolean;
  /** The size on special (the lowest special price) and its regular price: the card says which size it is. */
  special: { label: string; priceCents: number; regularCents: number } | null;
  optionCount: number;
  slug: string;
  /** Its one size, when it comes in one: the card adds it to the bag. */
  onlySize: string | null;
  inStockStores: string[];
}

/** The card's photo: the widest a grid column gets (two columns on a 768px tablet). */
const CARD_IMAGE_SIZE = 320;

/**
 * The card's prices. "Special" stands beside the price that is on special only: the size on special with its
 * special and struck regular price ("5 × 0.5 g $26 was $32.50 Special"), under "From $13" when a size at its
 * regular price costs less.
 */
function CardPrices({ product }: { product: ProductCardData }) {
  const { special } = product;
  const from = product.optionCount > 1 ? <span className="product-card__from">From </span> : null;
  if (!special) {
    return (
      <p className="product-card__price">
        {from}
        <strong>{formatPrice(product.priceFromCents)}</strong>
      </p>
    );
  }
  return (
    <>
      {product.priceFromCents < special.priceCents ? (
        <p className="product-card__price">
          {from}
          <strong>{formatPrice(product.priceFromCents)}</strong>
        </p>
      ) : null}
      <p className="product-card__price product-card__price--special">
        {product.optionCount > 1 && special.label ? (
          <span className="product-card__option">{special.label} </span>
        ) : null}
        <strong>{formatPrice(special.priceCents)}</strong>{" "}
        <s className="product-card__was">
          <span className="visually-hidden">was </span>
          {formatPrice(special.regularCents)}
        </s>{" "}
        <span className="special-badge">Special</span>
      </p>
    </>
  );
}

/** One product in a list: the whole card is its link (the name's link stretched over it). */
function ProductCard({ product, priority }: { product: ProductCardData; priority: boolean }) {
  const stock = stockedAt(product.inStockStores, useSite().stores);
  return (
    <li className="product-card">
      <ProductImage
        url={product.imageUrl}
        category={product.category}
        alt=""
        size={CARD_IMAGE_SIZE}
        priority={priority}
        className="product-card__image"
      />
      <div className="product-card__body">
        {product.brandName ? <p className="product-card__brand">{product.brandName}</p> : null}
        <h3 className="product-card__name">
          <Link to={product.href} className="product-card__link">
            {product.name}
          </Link>
        </h3>
        {product.facts ? <p className="product-card__facts">{product.facts}</p> : null}
        <CardPrices product={product} />
        {stock ? <p className="product-card__stock">In stock at {stock}</p> : null}
        {product.onlySize !== null && stock ? (
          // One size, nothing to choose: one tap adds it (a plain form, so the list stays without script).
          <form method="post" action="/bag" className="product-card__add">
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="slug" value={product.slug} />
            <input type="hidden" name="option" value={product.onlySize} />
            <input type="hidden" name="quantity" value="1" />
            <button
              type="submit"
              className="button-link button-link--outline product-card__add-button"
              aria-label={`Add to bag: ${product.name}`}
            >
              Add to bag
            </button>
          </form>
        ) : null}
      </div>
    </li>
  );
}

/** A list's products as a grid of cards; the first card's photo loads first (the list's largest early image). */
export function ProductGrid({
  products,
  label = "Products",
  priorityFirst = true,
}: {
  products: ProductCardData[];
  label?: string;
  priorityFirst?: boolean;
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product, index) => (
        <ProductCard key={product.href} product={product} priority={priorityFirst && index === 0} />
      ))}
    </ul>
  );
}
