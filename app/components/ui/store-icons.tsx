import { type IconProps, IconSvg } from "./icons";

// The icons of a store's facts (phone, address, hours), apart from icons.tsx: the header and footer load
// that file on every page, and these are drawn only on /locations and /contact.

export const PhoneIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M22 16.92v3a2 2 0 0 1-2.18 2 19.79 19.79 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6 19.79 19.79 0 0 1-3.07-8.67A2 2 0 0 1 4.11 2h3a2 2 0 0 1 2 1.72c.13.96.36 1.9.7 2.81a2 2 0 0 1-.45 2.11L8.09 9.91a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45c.91.34 1.85.57 2.81.7A2 2 0 0 1 22 16.92z" />
  </IconSvg>
);
export const MapPinIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M21 10c0 7-9 13-9 13s-9-6-9-13a9 9 0 0 1 18 0z" />
    <circle cx="12" cy="10" r="3" />
  </IconSvg>
);
export const ClockIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <circle cx="12" cy="12" r="10" />
    <polyline points="12 6 12 12 16 14" />
  </IconSvg>
);
