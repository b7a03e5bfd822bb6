import { PercentIcon } from "~/components/ui/icons";
import { useSite } from "~/components/ui/use-root-data";

/** The owner's promo banner (Admin → Settings) on every public page, while it is on and within its dates. */
export function SiteBanner() {
  const { banner } = useSite();
  if (!banner) return null;
  const external = banner.href !== null && /^https?:/i.test(banner.href);
  return (
    <aside className="promo-banner" aria-label="Promotion">
      <p>
        <PercentIcon size={20} />
        {banner.href ? (
          <a href={banner.href} {...(external ? { rel: "noopener noreferrer" } : {})}>
            {banner.text}
          </a>
        ) : (
          banner.text
        )}
      </p>
    </aside>
  );
}
