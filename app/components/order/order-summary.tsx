import { formatPrice } from "~/lib/money";

export interface OrderSummaryLine {
  key: string | number;
  /** "2 × Blue Dream (3.5g)" */
  text: string;
  totalCents: number;
}

/** An order's lines and subtotal as the patient reads them (checkout, the order's page). */
export function OrderSummary({ lines, subtotalCents }: { lines: OrderSummaryLine[]; subtotalCents: number }) {
  return (
    <>
      <ul className="checkout__lines" aria-label="Items">
        {lines.map((line) => (
          <li key={line.key}>
            <span>{line.text}</span>
            <span>{formatPrice(line.totalCents)}</span>
          </li>
        ))}
      </ul>
      <p className="bag-summary__subtotal">
        Subtotal <strong>{formatPrice(subtotalCents)}</strong>
      </p>
      <p className="bag-summary__note">Medical prices. Taxes are added at the counter.</p>
    </>
  );
}
