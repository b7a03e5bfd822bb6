import { useEffect, useRef, useState } from "react";
import { menuSection } from "~/content/home";

/** Milliseconds before the link to the provider's full menu appears, unless the embed has rendered. */
export const MENU_FALLBACK_DELAY_MS = 6000;

/**
 * The external provider's live menu. Its script is added on the client only (the server never
 * requests it); if nothing has rendered after six seconds, links to our own menu and to the provider's full
 * menu appear.
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
        <MenuNotice text={menuSection.noscriptText} link={menuSection.noscriptLink} menuUrl={menuUrl} />
      </noscript>
      <div role="status" className="menu-embed__status">
        {showFallback ? (
          <MenuNotice text={menuSection.fallbackText} link={menuSection.fallbackLink} menuUrl={menuUrl} />
        ) : null}
      </div>
      <div ref={frame} className="menu-embed__frame" />
    </>
  );
}

/**
 * Where the embed cannot show the menu: a sentence, the menu this site serves itself (issue 26: up when the
 * provider's script is blocked or down) and the provider's own page.
 */
function MenuNotice({ text, link, menuUrl }: { text: string; link: string; menuUrl: string }) {
  return (
    <p className="menu-embed__notice">
      {text}
      <span className="button-row">
        <a className="button-link" href="/menu">
          Browse our menu
        </a>
        <a className="button-link button-link--outline" href={menuUrl} target="_blank" rel="noopener noreferrer">
          {link}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </span>
    </p>
  );
}
