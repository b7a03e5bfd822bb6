import type { ReactNode } from "react";

/** The page's title band: its h1, a lead paragraph, and what the page adds around them. */
export function PageHero({
  title,
  lead,
  titleId,
  className,
  before,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  /** Names the band for assistive technology when set. */
  titleId?: string;
  className?: string;
  /** Above the title (a "Back to Blog" link). */
  before?: ReactNode;
  /** Under the lead (badges). */
  children?: ReactNode;
}) {
  return (
    <section className={className ? `page-hero ${className}` : "page-hero"} aria-labelledby={titleId}>
      <div className="container">
        {before}
        <h1 id={titleId}>{title}</h1>
        {lead ? <p>{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}
