import { useEffect, useRef, useState } from "react";
import { menuSection } from "~/content/home";

/** Milliseconds before the link to the provider's full menu appears, unless the embed has rendered. */
export const MENU_FALLBACK_DELAY_MS = 6000;

/**
 * The external provider's live menu. Its script is added on the client only (the server never
 * requests it); if nothing has rendered after six seconds a link to the full menu appears.
 */
export function MenuEmbed({ embedUrl, menuUrl }: { embedUrl: string; menuUrl: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const [showFallback, setShowFallback] = useState(false);

  useEffect(() => {
    const container = frame.current;
    if (!container) return;
    const script = document.createElement("script");
    script.src = embedUrl;
    script.async = true;
    container.appendChild(script);
    const timer = window.setTimeout(() => {
      const rendered = Array.from(container.children).some((child) => child.tagName !== "SCRIPT");
      if (!rendered) setShowFallback(true);
    }, MENU_FALLBACK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      script.remove();
    };
  }, [embedUrl]);

  return (
    <>
      <noscript>
        <p className="menu-embed__notice">
          {menuSection.noscriptText}{" "}
          <a href={menuUrl} target="_blank" rel="noopener noreferrer">
            {menuSection.noscriptLink}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      </noscript>
      <div role="status" className="menu-embed__status">
        {showFallback ? (
          <p className="menu-embed__notice">
            {menuSection.fallbackText}{" "}
            <a href={menuUrl} target="_blank" rel="noopener noreferrer">
              {menuSection.fallbackLink}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        ) : null}
      </div>
      <div ref={frame} className="menu-embed__frame" />
    </>
  );
}
