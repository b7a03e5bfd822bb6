import { Link } from "react-router";
import { stores, type Store } from "~/content/stores";

/**
 * The Lindsey / BlueWater switch on /reviews. Each "tab" is a plain link (?store=…), so it works
 * without JavaScript and stays in the normal Tab order; the chosen one carries aria-current.
 */
export function ReviewStoreTabs({ current }: { current: Store["id"] }) {
  return (
    <nav className="review-tabs" aria-label="Choose a store">
      <ul className="review-tabs__list">
        {stores.map((store) => {
          const selected = store.id === current;
          return (
            <li key={store.id}>
              <Link
                to={{ search: `?store=${store.id}`, hash: "" }}
                className="review-tabs__tab"
                aria-current={selected ? "true" : undefined}
                preventScrollReset
              >
                {store.id}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
