import { ClockIcon, MapPinIcon, PhoneIcon } from "~/components/ui/icons";
import { storeAddressLine, type Store } from "~/content/site";

/** One store on /locations: address, hours, call link, embedded map and directions. */
export function StoreLocationCard({ store }: { store: Store }) {
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
              <ul className="location-card__hours">
                {store.hoursText.map((line) => (
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
        <iframe
          src={store.mapEmbedUrl}
          title={`Map of ${store.shortName} at ${storeAddressLine(store)}`}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          width="600"
          height="360"
          allowFullScreen
        />
      </div>
    </article>
  );
}
