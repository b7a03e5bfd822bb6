// Decorative line icons for the home, about and deals cards. Each is a component of its own that content
// modules import by name: the build leaves out any icon no page draws, and a misspelt one fails to compile.
import { FINE_STROKE, IconSvg } from "~/components/ui/icons";

export type FeatureIconProps = { size?: number; className?: string };
export type FeatureIcon = (props: FeatureIconProps) => React.ReactElement;

function FeatureSvg({ size = 28, className, children }: FeatureIconProps & { children: React.ReactNode }) {
  return (
    <IconSvg size={size} strokeWidth={FINE_STROKE} className={className}>
      {children}
    </IconSvg>
  );
}

export const BoxesFeatureIcon: FeatureIcon = (props) => (
  <FeatureSvg {...props}>
    <path d="M21 8 12 3 3 8v8l9 5 9-5z" />
    <path d="m3 8 9 5 9-5M12 13v8" />
  </FeatureSvg>
);

export const TagFeatureIcon: FeatureIcon = (props) => (
  <FeatureSvg {...props}>
    <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z" />
    <circle cx="7.5" cy="7.5" r="1.5" />
  </FeatureSvg>
);

export const StarFeatureIcon: FeatureIcon = (props) => (
  <FeatureSvg {...props}>
    <polygon points="12 2 15.09 8.26 22 9.27 17 14.14 18.18 21.02 12 17.77 5.82 21.02 7 14.14 2 9.27 8.91 8.26 12 2" />
  </FeatureSvg>
);

export const CashFeatureIcon: FeatureIcon = (props) => (
  <FeatureSvg {...props}>
    <rect x="2" y="6" width="20" height="12" rx="2" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M6 10v4M18 10v4" />
  </FeatureSvg>
);

export const ClockFeatureIcon: FeatureIcon = (props) => (
  <FeatureSvg {...props}>
    <circle cx="12" cy="12" r="10" />
    <polyline points="12 6 12 12 16 14" />
  </FeatureSvg>
);

export const CarFeatureIcon: FeatureIcon = (props) => (
  <FeatureSvg {...props}>
    <path d="M5 17H3v-5l2-5h14l2 5v5h-2" />
    <path d="M3 12h18" />
    <circle cx="7.5" cy="17" r="2" />
    <circle cx="16.5" cy="17" r="2" />
    <path d="M9.5 17h5" />
  </FeatureSvg>
);

export const LeafFeatureIcon: FeatureIcon = (props) => (
  <FeatureSvg {...props}>
    <path d="M11 20A7 7 0 0 1 9.8 6.1C15.5 5 17 4.48 19 2c1 2 2 4.18 2 8 0 5.5-4.78 10-10 10Z" />
    <path d="M2 21c0-3 1.85-5.36 5.08-6C9.5 14.52 12 13 13 12" />
  </FeatureSvg>
);

export const PeopleFeatureIcon: FeatureIcon = (props) => (
  <FeatureSvg {...props}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6.5 6.5 0 0 1 3.5 6" />
  </FeatureSvg>
);

export const GiftFeatureIcon: FeatureIcon = (props) => (
  <FeatureSvg {...props}>
    <rect x="3" y="8" width="18" height="13" rx="1" />
    <path d="M3 12h18M12 8v13" />
    <path d="M12 8S10.5 3 8 3a2.5 2.5 0 0 0 0 5M12 8s1.5-5 4-5a2.5 2.5 0 0 1 0 5" />
  </FeatureSvg>
);

export const PercentFeatureIcon: FeatureIcon = (props) => (
  <FeatureSvg {...props}>
    <line x1="19" y1="5" x2="5" y2="19" />
    <circle cx="6.5" cy="6.5" r="2.5" />
    <circle cx="17.5" cy="17.5" r="2.5" />
  </FeatureSvg>
);

export const StoreFeatureIcon: FeatureIcon = (props) => (
  <FeatureSvg {...props}>
    <path d="M3 9 4.5 4h15L21 9" />
    <path d="M3 9h18v2a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0z" />
    <path d="M5 13v8h14v-8M10 21v-5h4v5" />
  </FeatureSvg>
);

export const ShieldFeatureIcon: FeatureIcon = (props) => (
  <FeatureSvg {...props}>
    <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
    <path d="m9 12 2 2 4-4" />
  </FeatureSvg>
);

export const SparkleFeatureIcon: FeatureIcon = (props) => (
  <FeatureSvg {...props}>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4" />
    <path d="m6 6 2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />
  </FeatureSvg>
);

export const AwardFeatureIcon: FeatureIcon = (props) => (
  <FeatureSvg {...props}>
    <circle cx="12" cy="9" r="6" />
    <path d="M8.5 14 7 22l5-3 5 3-1.5-8" />
  </FeatureSvg>
);

export const CardFeatureIcon: FeatureIcon = (props) => (
  <FeatureSvg {...props}>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <circle cx="8" cy="11" r="2" />
    <path d="M5 16a3 3 0 0 1 6 0M14 10h5M14 14h3" />
  </FeatureSvg>
);

export interface FeatureCard {
  icon: FeatureIcon;
  title: string;
  text: string;
}

/** A list of icon + title + text cards (home highlights and cards, About features and differences). */
export function FeatureCardList({
  cards,
  className,
  itemClassName = "card",
  label,
}: {
  cards: readonly FeatureCard[];
  className: string;
  itemClassName?: string;
  label?: string;
}) {
  return (
    <ul className={className} aria-label={label}>
      {cards.map((card) => (
        <li key={card.title} className={itemClassName || undefined}>
          <span className="icon-badge">
            <card.icon />
          </span>
          <h3>{card.title}</h3>
          <p>{card.text}</p>
        </li>
      ))}
    </ul>
  );
}
