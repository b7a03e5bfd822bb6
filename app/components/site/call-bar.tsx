import { PhoneIcon } from "~/components/ui/store-icons";
import { useSite } from "~/components/ui/use-root-data";

/** Bottom bar with one call button per store; CSS shows it on small screens only. */
export function CallBar() {
  const { stores } = useSite();
  return (
    <nav className="call-bar" aria-label="Call a store">
      {stores.map((store) => (
        <a key={store.id} href={store.phoneHref} className="call-bar__button">
          <PhoneIcon size={18} />
          <span>Call {store.shortName}</span>
        </a>
      ))}
    </nav>
  );
}
