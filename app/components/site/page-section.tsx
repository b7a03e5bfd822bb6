import type { ReactNode } from "react";

// The titled sections a public page is made of, each named by its heading (aria-labelledby), so a screen
// reader's landmarks read as the page's outline. Every page loads this file (vite.config.ts puts it in the
// shell chunk): keep it small. The page's hero is page-hero.tsx (the home page has its own).

/**
 * A section of a page with its h2. `tone` is its band's colour (the dark one is a call to action);
 * `action` (a "View All" link) sits beside the title; `hiddenTitle` keeps the heading for assistive
 * technology only.
 */
export function PageSection({
  titleId,
  title,
  className,
  tone,
  containerClassName,
  action,
  hiddenTitle,
  id,
  children,
}: {
  titleId: string;
  title: ReactNode;
  className?: string;
  tone?: "alt" | "dark";
  /** Added to the container: `container--narrow`, a call to action's `…__inner`. */
  containerClassName?: string;
  action?: ReactNode;
  hiddenTitle?: boolean;
  /** The section's own id, for a link to it (/#menu). */
  id?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={titleId} className={hiddenTitle ? "visually-hidden" : "section__title"}>
      {title}
    </h2>
  );
  return (
    <section
      id={id}
      className={`section${tone ? ` section--${tone}` : ""}${className ? ` ${className}` : ""}`}
      aria-labelledby={titleId}
    >
      <div className={containerClassName ? `container ${containerClassName}` : "container"}>
        {action ? (
          <div className="section-head">
            {heading}
            {action}
          </div>
        ) : (
          heading
        )}
        {children}
      </div>
    </section>
  );
}
