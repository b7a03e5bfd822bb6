import type { CSSProperties } from "react";
import { useRootData } from "~/components/ui/use-root-data";

// Styled here, not in a page's stylesheet: the deals page and the blog post both show it.
const noteStyle: CSSProperties = {
  margin: "12px 0",
  padding: "6px 10px",
  border: "1px dashed #9a6510",
  borderRadius: 8,
  background: "#fff8e6",
  color: "#5c3d06",
  fontSize: "0.875rem",
  lineHeight: 1.4,
};

/**
 * Tells signed-in staff that a deal or post is seeded demo content (is_demo in the data), with a link to
 * where they replace it. Visitors never see it.
 */
export function DemoContentNote({ isDemo, adminHref }: { isDemo: boolean; adminHref: string }) {
  const signedIn = useRootData()?.isSignedIn ?? false;
  if (!isDemo || !signedIn) return null;
  return (
    <p className="demo-content-note" style={noteStyle}>
      Demo content — edit or replace it in{" "}
      {/* A full page load: the admin area renders without the site's header and footer. */}
      <a href={adminHref} style={{ color: "inherit", fontWeight: 700 }}>
        Admin
      </a>
      .
    </p>
  );
}
