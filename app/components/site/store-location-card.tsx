import { useEffect, useState } from "react";
import { ClockIcon, MapPinIcon, PhoneIcon } from "~/components/ui/store-icons";
import { StoreStatusLine } from "~/components/site/store-status";
import { addressLine } from "~/content/site";
import type { PublicStore } from "~/lib/site-settings";

/** One store on /locations: address, hours, call link, embedded map and directions. */
export function StoreLocationCard({ store }: { store: PublicStore }) {
  const headingId = `store-${store.id.toLowerCase()}`;
  return (
    <article className="location-card" aria-labelledby={headingId} id={store.id.toLowerCase()}>
      <div className="location-card__body">
        <h2 id={headingId} className="location-card__name">
          {store.shortName}
        </h2>
        <dl className="location-card__facts">
          <div>
            <dt>
              <MapPinIcon size={18} />
              <span>Address</span>
            </dt>
            <dd>
              <address>
                {store.street}
                <br />
                {store.city}, {store.region} {store.postalCode}
              </address>
            </dd>
          </div>
          <div>
            <dt>
              <ClockIcon size={18} />
              <span>Hours</span>
            </dt>
            <dd>
              <StoreStatusLine status={store.status} className="location-card__status" />
              <ul className="location-card__hours">
                {store.hoursLines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
        <div className="button-row">
          <a href={store.phoneHref} className="button-link">
            <PhoneIcon size={18} />
            <span>
              Call {store.phone}
              <span className="visually-hidden"> ({store.shortName})</span>
            </span>
          </a>
          <a
            href={store.directionsUrl}
            className="button-link button-link--outline"
            target="_blank"
            rel="noopener noreferrer"
          >
            Get Directions
            <span className="visually-hidden"> to {store.shortName} (opens in a new tab)</span>
          </a>
        </div>
      </div>
      <div className="location-card__map">
        <StoreMap store={store} />
      </div>
    </article>
  );
}

type MapState = "placeholder" | "loading" | "shown";

/**
 * Where the map goes: a drawn card with the address and directions, and the map frame over it once the
 * frame has loaded. A frame fires `load` even when its request failed (on the browser's error page,
 * which a parent cannot inspect), so the frame is only added once a tiny request to the maps origin has
 * succeeded, and dropped if the page's Content-Security-Policy blocks it. Without JavaScript the card
 * stays: there is no way to know the frame would work, and browsers load every frame eagerly then.
 */
function StoreMap({ store }: { store: PublicStore }) {
  const [state, setState] = useState<MapState>("placeholder");

  useEffect(() => {
    let current = true;
    void mapsOriginReachable(originOf(store.mapEmbedUrl)).then((reachable) => {
      if (current && reachable) setState("loading");
    });
    return () => {
      current = false;
    };
  }, [store.mapEmbedUrl]);

  useEffect(() => {
    if (state === "placeholder") return;
    const blocked = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective === "frame-src" && originOf(event.blockedURI) === originOf(store.mapEmbedUrl)) {
        setState("placeholder");
      }
    };
    document.addEventListener("securitypolicyviolation", blocked);
    return () => document.removeEventListener("securitypolicyviolation", blocked);
  }, [state, store.mapEmbedUrl]);

  return (
    <div className="store-map" data-state={state}>
      {/* Hidden from assistive technology and the tab order: it repeats the card's address and directions link. */}
      <div className="store-map__placeholder" aria-hidden="true">
        <span className="store-map__pin">
          <MapPinIcon size={30} />
        </span>
        <p className="store-map__address">
          <strong>{store.shortName}</strong>
          <span>{store.street}</span>
          <span>
            {store.city}, {store.region} {store.postalCode}
          </span>
        </p>
        <a href={store.directionsUrl} className="button-link" target="_blank" rel="noopener noreferrer" tabIndex={-1}>
          Get Directions
        </a>
      </div>
      {state === "placeholder" ? null : (
        <iframe
          className="store-map__frame"
          src={store.mapEmbedUrl}
          title={`Map of ${store.shortName} at ${addressLine(store)}`}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          width="600"
          height="360"
          allowFullScreen
          onLoad={() => setState((now) => (now === "loading" ? "shown" : now))}
        />
      )}
    </div>
  );
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const reachableOrigins = new Map<string, Promise<boolean>>();

/** Whether the maps origin answers: one small image request (its favicon) per page, retried after a failure. */
function mapsOriginReachable(origin: string | null): Promise<boolean> {
  if (!origin) return Promise.resolve(false);
  let probe = reachableOrigins.get(origin);
  if (!probe) {
    probe = new Promise<boolean>((resolve) => {
      const image = new Image();
      image.referrerPolicy = "no-referrer";
      image.onload = () => resolve(true);
      image.onerror = () => resolve(false);
      // The query keeps it an ordinary request: Chromium's DevTools network layer (and so the browser
      // tests) never sees a bare /favicon.ico.
      image.src = `${origin}/favicon.ico?map`;
    });
    reachableOrigins.set(origin, probe);
    void probe.then((reachable) => {
      if (!reachable) reachableOrigins.delete(origin);
    });
  }
  return probe;
}
