import { useEffect, useRef, useState } from "react";
import { FacebookIcon, IconSvg, XIcon } from "~/components/ui/icons";
import { showToast } from "~/components/ui/toaster";
import { useDismissibleDetails } from "~/components/ui/use-dismissible-details";
import { SHARE_POPUP_FEATURES, shareTargets, type ShareTarget } from "~/lib/share";

type IconProps = { size?: number };

const Svg = ({ size = 18, children }: IconProps & { children: React.ReactNode }) => (
  <IconSvg size={size}>{children}</IconSvg>
);

const ShareIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
  </Svg>
);
const RedditIcon = (p: IconProps) => (
  <Svg {...p}>
    <ellipse cx="12" cy="14" rx="8" ry="5.5" />
    <circle cx="18.5" cy="5" r="1.5" />
    <path d="M12 8.5l1.5-5 5 1.5" />
    <path d="M9 16c1.8 1.2 4.2 1.2 6 0" />
  </Svg>
);
const LinkIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />
    <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />
  </Svg>
);

const icons: Record<ShareTarget["id"], (p: IconProps) => React.ReactElement> = {
  facebook: FacebookIcon,
  x: XIcon,
  reddit: RedditIcon,
};

/**
 * Facebook, X/Twitter and Reddit as real links (a new tab without JavaScript; a 600x400 popup with no
 * opener with it), and 'Copy link', offered only where the browser can copy (it needs JavaScript).
 */
export function ShareLinks({
  url,
  title,
  onChoice,
  className,
}: {
  url: string;
  title: string;
  onChoice?: () => void;
  className?: string;
}) {
  const [canCopy, setCanCopy] = useState(false);
  useEffect(() => setCanCopy(typeof navigator !== "undefined" && !!navigator.clipboard?.writeText), []);

  async function copyLink() {
    onChoice?.();
    try {
      await navigator.clipboard.writeText(url);
      showToast({ type: "success", message: "Link copied!", description: "Blog post link copied to clipboard" });
    } catch {
      showToast({ type: "error", message: "Couldn't copy the link", description: url });
    }
  }

  return (
    <ul className={className}>
      {shareTargets(url, title).map((target) => {
        const Icon = icons[target.id];
        return (
          <li key={target.id}>
            <a
              href={target.href}
              target="_blank"
              rel="noopener noreferrer"
              data-share={target.id}
              onClick={(event) => {
                if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) {
                  return;
                }
                event.preventDefault();
                window.open(target.href, "_blank", SHARE_POPUP_FEATURES);
                onChoice?.();
              }}
            >
              <Icon size={18} />
              <span>
                <span className="visually-hidden">Share on </span>
                {target.label}
                <span className="visually-hidden"> (opens in a new window)</span>
              </span>
            </a>
          </li>
        );
      })}
      {canCopy ? (
        <li>
          <button type="button" onClick={copyLink} data-share="copy">
            <LinkIcon size={18} />
            <span>Copy link</span>
          </button>
        </li>
      ) : null}
    </ul>
  );
}

/** The share menu: a native <details> toggle, so it opens and closes without JavaScript; it closes after a choice. */
export function ShareMenu({ url, title }: { url: string; title: string }) {
  const details = useRef<HTMLDetailsElement>(null);

  // With JavaScript it also closes on Escape and on a click elsewhere.
  useDismissibleDetails(details);

  return (
    <details className="share-menu" ref={details}>
      <summary className="share-menu__toggle">
        <ShareIcon size={18} />
        Share
      </summary>
      <ShareLinks
        url={url}
        title={title}
        className="share-menu__panel"
        onChoice={() => {
          if (details.current) details.current.open = false;
        }}
      />
    </details>
  );
}
