import { MAX_LINE_QUANTITY } from "~/lib/bag";
import { formatPrice } from "~/lib/money";

interface AddToBagProps {
  slug: string;
  name: string;
  options: { label: string; priceMedicalCents: number; priceSpecialCents: number | null }[];
}

/**
 * Add to bag: a plain form to /bag (it works without JavaScript, and the page stays cacheable: nothing in
 * it is the visitor's). A product with one size needs no choice; with several, the first is chosen.
 */
export function AddToBag({ slug, name, options }: AddToBagProps) {
  const quantityId = `add-quantity-${slug}`;
  return (
    <form method="post" action="/bag" className="add-to-bag">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="slug" value={slug} />
      {options.length === 1 ? (
        <input type="hidden" name="option" value={options[0].label} />
      ) : (
        <fieldset className="add-to-bag__sizes">
          <legend>Size</legend>
          {options.map((option, index) => (
            <label key={option.label} className="add-to-bag__size">
              <input type="radio" name="option" value={option.label} defaultChecked={index === 0} required />
              <span>
                {option.label} · {formatPrice(option.priceSpecialCents ?? option.priceMedicalCents)}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="add-to-bag__row">
        <label htmlFor={quantityId}>Quantity</label>
        <select id={quantityId} name="quantity" defaultValue="1">
          {Array.from({ length: MAX_LINE_QUANTITY }, (_, index) => (
            <option key={index + 1} value={index + 1}>
              {index + 1}
            </option>
          ))}
        </select>
        {/* The visible words first in its name (what a voice user says), then which product. */}
        <button type="submit" className="button-link" aria-label={`Add to bag: ${name}`}>
          Add to bag
        </button>
      </div>
    </form>
  );
}
