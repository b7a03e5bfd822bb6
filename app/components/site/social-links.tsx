import { socialIcons } from "~/components/ui/icons";
import { useSite } from "~/components/ui/use-root-data";

/** The dispensary's social profiles as icon links (header, drawer and footer). */
export function SocialLinks({ className }: { className?: string }) {
  const site = useSite();
  if (site.socials.length === 0) return null;
  return (
    <ul className={className} aria-label="Social media">
      {site.socials.map((social) => {
        const Icon = socialIcons[social.name];
        return (
          <li key={social.name}>
            <a
              href={social.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${social.name} (opens in a new tab)`}
            >
              {Icon ? <Icon size={18} /> : social.name}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
