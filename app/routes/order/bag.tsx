import { Link } from "react-router";
import { PageHero } from "~/components/site/page-hero";
import { useSite } from "~/components/ui/use-root-data";
import { storeShortName } from "~/content/stores";
import type { BagLineView } from "~/lib/bag";
import { MAX_LINE_QUANTITY } from "~/lib/bag";
import { productPath } from "~/lib/menu-params";
import { formatPrice } from "~/lib/money";
import { describeStanding, SALE_LIMITS } from "~/lib/oklahoma-limits";
import { pageMeta } from "~/lib/seo";
import { PRIVATE_CACHE_CONTROL } from "~/server/http-cache.server";
import bagStyles from "~/styles/bag.css?url";
import { storeCheckout } from "~/models/ordering-settings.server";
import { changeBag, loadBag } from "./bag.server";
import type { Route } from "./+types/bag";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: bagStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Your bag", description: "The products you chose for pickup.", path: "/bag" }),
  { name: "robots", content: "noindex" },
];

// One visitor's bag: never shared, never kept by a cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_CACHE_CONTROL });

export async function loader({ request }: Route.LoaderArgs) {
  const bag = await loadBag(request);
  // How the bag's store takes orders (Settings → Ordering); never its provider key.
  const checkout = bag?.storeId ? (await storeCheckout(bag.storeId)).mode : "off";
  return { bag, checkout };
}

export function action({ request }: Route.ActionArgs) {
  return changeBag(request);
}

/** The hidden fields that name a line in its forms. */
function LineFields({ line, intent }: { line: BagLineView; intent: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="product" value={line.productId} />
      <input type="hidden" name="option" value={line.optionLabel} />
    </>
  );
}

function BagLine({ line }: { line: BagLineView }) {
  const quantityId = `quantity-${line.productId}-${line.optionLabel}`.replace(/[^A-Za-z0-9-]/g, "-");
  return (
    <li className="bag-line">
      <div className="bag-line__what">
        <p className="bag-line__name">
          <Link to={productPath(line.category, line.slug)}>{line.name}</Link>
        </p>
        <p className="bag-line__facts">
          {line.brandName ? `${line.brandName} · ` : ""}
          {line.optionLabel}
          {line.gramsEach === null && line.problem === null ? " · weight not listed" : ""}
        </p>
        {line.unitPriceCents !== null ? (
          <p className="bag-line__price">
            {formatPrice(line.unitPriceCents)} each
            {line.option?.priceSpecialCents != null ? <span className="special-badge">Special</span> : null}
          </p>
        ) : null}
        {line.priceChanged && line.unitPriceCents !== null ? (
          <p className="bag-line__notice">
            The price changed since you added it: {formatPrice(line.seenPriceCents)} then,{" "}
            {formatPrice(line.unitPriceCents)} now.
          </p>
        ) : null}
        {line.problem ? <p className="bag-line__problem">{line.problem}</p> : null}
        {line.otherStore ? (
          <form method="post" action="/bag" className="bag-line__switch">
            <input type="hidden" name="intent" value="store" />
            <input type="hidden" name="store" value={line.otherStore} />
            <button type="submit" className="bag-text-button">
              In stock at {storeShortName(line.otherStore)}: pick up there instead
            </button>
          </form>
        ) : null}
      </div>
      <div className="bag-line__change">
        <form method="post" action="/bag" className="bag-line__quantity">
          <LineFields line={line} intent="quantity" />
          <label htmlFor={quantityId}>Quantity</label>
          <select id={quantityId} name="quantity" defaultValue={String(line.quantity)}>
            {Array.from({ length: MAX_LINE_QUANTITY }, (_, index) => (
              <option key={index + 1} value={index + 1}>
                {index + 1}
              </option>
            ))}
          </select>
          <button type="submit" className="button-link button-link--outline">
            {/* Two sizes of one product are two lines: the size tells their buttons apart. */}
            Update<span className="visually-hidden"> {`${line.name}, ${line.optionLabel}`}</span>
          </button>
        </form>
        <form method="post" action="/bag">
          <LineFields line={line} intent="remove" />
          <button type="submit" className="bag-text-button">
            Remove<span className="visually-hidden"> {`${line.name}, ${line.optionLabel}`}</span>
          </button>
        </form>
        <p className="bag-line__total">{formatPrice(line.lineTotalCents)}</p>
      </div>
    </li>
  );
}

export default function BagPage({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { bag, checkout } = loaderData;
  if (!bag) {
    return (
      <>
        <PageHero title="Your bag" />
        <section className="section">
          <div className="container bag-empty">
            <p>Your bag is empty.</p>
            <p>
              <Link to="/menu" className="button-link">
                Browse the menu
              </Link>
            </p>
          </div>
        </section>
      </>
    );
  }
  return (
    <>
      <PageHero title="Your bag" />
      <section className="section">
        <div className="container bag">
          <form method="post" action="/bag" className="bag-store">
            <input type="hidden" name="intent" value="store" />
            <fieldset>
              <legend>Pick up at</legend>
              {site.stores.map((store) => (
                <label key={store.id} className="bag-store__choice">
                  <input type="radio" name="store" value={store.id} defaultChecked={store.id === bag.storeId} />{" "}
                  {store.shortName}
                </label>
              ))}
              <button type="submit" className="button-link button-link--outline">
                Choose store
              </button>
            </fieldset>
          </form>
          <ul className="bag-lines" aria-label="Items">
            {bag.lines.map((line) => (
              <BagLine key={`${line.productId} ${line.optionLabel}`} line={line} />
            ))}
          </ul>
          <div className="bag-summary">
            <h2>Oklahoma's limits for one sale</h2>
            <ul className="bag-limits">
              {bag.standings.map((standing) => (
                <li key={standing.limit.kind} className={standing.over ? "is-over" : undefined}>
                  {describeStanding(standing)}
                  {standing.unweighed > 0
                    ? ` (and ${standing.unweighed} ${standing.unweighed === 1 ? "item" : "items"} with weight not listed)`
                    : ""}
                </li>
              ))}
            </ul>
            <p className="bag-limits__source">Per sale, as set by {SALE_LIMITS.citation}.</p>
            <p className="bag-summary__subtotal">
              Subtotal <strong>{formatPrice(bag.subtotalCents)}</strong>
            </p>
            <p className="bag-summary__note">
              Medical prices. Taxes are added at the counter, where your OMMA card and a photo ID are checked.
            </p>
            {bag.blockers.length > 0 ? (
              <div className="bag-blockers" role="alert">
                <p>Your bag cannot be ordered yet:</p>
                <ul>
                  {bag.blockers.map((blocker) => (
                    <li key={blocker}>{blocker}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <CheckoutStep
              mode={checkout}
              blocked={bag.blockers.length > 0}
              storeName={bag.storeId ? storeShortName(bag.storeId) : null}
              providerMenuUrl={site.menu.url}
            />
          </div>
        </div>
      </section>
    </>
  );
}

/** The way on from the bag, as the store takes orders: its own checkout, the provider's, or the provider's menu. */
function CheckoutStep({
  mode,
  blocked,
  storeName,
  providerMenuUrl,
}: {
  mode: "off" | "store" | "provider";
  blocked: boolean;
  storeName: string | null;
  providerMenuUrl: string;
}) {
  if (mode === "off") {
    return (
      <div className="bag-checkout">
        <p>
          Ordering ahead from this bag is not open{storeName ? ` at ${storeName}` : ""} yet. You can order on our online
          menu, or call the store.
        </p>
        <a className="button-link button-link--outline" href={providerMenuUrl}>
          Order on our online menu
        </a>
      </div>
    );
  }
  if (blocked) return null;
  return (
    <div className="bag-checkout">
      {mode === "store" ? (
        <Link to="/bag/checkout" className="button-link">
          Check out
        </Link>
      ) : (
        <>
          <form method="post" action="/bag/checkout">
            <input type="hidden" name="intent" value="provider" />
            <button type="submit" className="button-link">
              Continue to checkout
            </button>
          </form>
          <p className="bag-summary__note">
            You finish your order on our menu provider&apos;s site. Or{" "}
            <a href={providerMenuUrl}>order on our online menu</a> there directly.
          </p>
        </>
      )}
    </div>
  );
}
