/** The menu's wording on prices (medical only): said wherever a price is. */
export const MEDICAL_PRICES_TEXT =
  "Prices are medical prices, for patients with a valid Oklahoma medical marijuana card. Cash only; bring your card and a photo ID.";

export function MedicalPricesNote({ pricesAsOf }: { pricesAsOf?: string | null }) {
  return (
    <p className="medical-prices-note">
      {MEDICAL_PRICES_TEXT}
      {pricesAsOf ? ` Prices as of ${pricesAsOf}.` : null}
    </p>
  );
}
