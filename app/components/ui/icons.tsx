// Small inline SVG icons (no icon font, no extra requests). Decorative unless given a title.
export type IconProps = { size?: number; title?: string; className?: string };

/** The finer stroke of the feature and banner icons, drawn larger than the header's. */
export const FINE_STROKE = 1.8;

/** The frame every line icon shares: 24×24, stroked with the current colour, decorative unless titled. */
export function IconSvg({
  size = 20,
  title,
  className,
  strokeWidth = 2,
  children,
}: IconProps & { strokeWidth?: number; children: React.ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  );
}

export const FacebookIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
  </IconSvg>
);
export const InstagramIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <rect x="2" y="2" width="20" height="20" rx="5" />
    <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
    <line x1="17.5" y1="6.5" x2="17.51" y2="6.5" />
  </IconSvg>
);
export const XIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M4 4l16 16M20 4L4 20" />
  </IconSvg>
);
export const MenuIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <line x1="3" y1="6" x2="21" y2="6" />
    <line x1="3" y1="12" x2="21" y2="12" />
    <line x1="3" y1="18" x2="21" y2="18" />
  </IconSvg>
);
export const CloseIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <line x1="18" y1="6" x2="6" y2="18" />
    <line x1="6" y1="6" x2="18" y2="18" />
  </IconSvg>
);
export const BagIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M5 8h14l-1.2 12H6.2z" />
    <path d="M9 8V6a3 3 0 0 1 6 0v2" />
  </IconSvg>
);
export const RssIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M4 11a9 9 0 0 1 9 9" />
    <path d="M4 4a16 16 0 0 1 16 16" />
    <circle cx="5" cy="19" r="1" />
  </IconSvg>
);
export const StarIcon = ({ filled = true, ...p }: IconProps & { filled?: boolean }) => (
  <svg
    width={p.size ?? 16}
    height={p.size ?? 16}
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
    className={p.className}
    fill={filled ? "currentColor" : "none"}
    stroke="currentColor"
    strokeWidth={1.5}
  >
    <polygon points="12 2 15.09 8.26 22 9.27 17 14.14 18.18 21.02 12 17.77 5.82 21.02 7 14.14 2 9.27 8.91 8.26 12 2" />
  </svg>
);
export const ChevronLeftIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <polyline points="15 18 9 12 15 6" />
  </IconSvg>
);
export const ChevronRightIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <polyline points="9 18 15 12 9 6" />
  </IconSvg>
);
export const LeafIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M11 20A7 7 0 0 1 9.8 6.1C15.5 5 17 4.48 19 2c1 2 2 4.18 2 8 0 5.5-4.78 10-10 10Z" />
    <path d="M2 21c0-3 1.85-5.36 5.08-6C9.5 14.52 12 13 13 12" />
  </IconSvg>
);

/** The promo banner's mark: FeatureIcon's "percent", here so every page need not load all the feature icons. */
export const PercentIcon = ({ size = 20 }: { size?: number }) => (
  <IconSvg size={size} strokeWidth={FINE_STROKE}>
    <line x1="19" y1="5" x2="5" y2="19" />
    <circle cx="6.5" cy="6.5" r="2.5" />
    <circle cx="17.5" cy="17.5" r="2.5" />
  </IconSvg>
);

export const socialIcons: Record<string, (p: IconProps) => React.ReactElement> = {
  Facebook: FacebookIcon,
  Instagram: InstagramIcon,
  X: XIcon,
};
