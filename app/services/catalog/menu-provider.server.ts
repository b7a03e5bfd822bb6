import type { StoreId } from "~/content/stores";
import type { SourceProduct } from "~/lib/catalog";

// What a menu provider's adapter (Dutchie Plus today; Jane or another is one more file) gives the catalog
// sync: one store's whole menu as the catalog's products, or a ProviderError saying why not — the sync
// then keeps the last good catalog and the dashboard shows the reason.

export interface MenuProvider {
  /** The provider's name, as the dashboard says it ("Dutchie Plus"). */
  readonly name: string;
  /** Every product of `store`'s menu, all pages read; throws ProviderError when the provider fails. */
  fetchMenu(store: StoreId): Promise<SourceProduct[]>;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    /** The HTTP status the provider answered, when it answered. */
    readonly status: number | null = null,
    /** How long the provider asked us to wait (429 Retry-After), in seconds. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}
