import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { LeafIcon } from "~/components/ui/icons";
import { site as facts } from "~/content/site";
import { useSite } from "~/components/ui/use-root-data";

/**
 * The age gate, rendered by the server only when the visitor has no valid confirmation.
 * Without JavaScript (and on a page that ships none) it is an open <dialog> covering the page, modal by the
 * HTML and CSS around it: the page behind is inert (root.tsx) and does not scroll (notices.css), and
 * "Yes, Enter" posts a form. With JavaScript it is shown as a modal too and closes in place; `onConfirm`
 * tells the page behind to stop being inert.
 */
export function AgeGate({ returnTo, onConfirm }: { returnTo: string; onConfirm: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher();
  const [confirmed, setConfirmed] = useState(false);
  const site = { ...facts, name: useSite().name };

  useEffect(() => {
    const element = dialog.current;
    if (!element || confirmed) return;
    // Re-open as a modal: the server rendered it open but not modal.
    if (element.open && !element.matches(":modal")) {
      element.close();
      element.showModal();
    }
    document.documentElement.classList.add("scroll-locked");
    const refuseEscape = (event: Event) => event.preventDefault();
    element.addEventListener("cancel", refuseEscape);
    return () => {
      element.removeEventListener("cancel", refuseEscape);
      document.documentElement.classList.remove("scroll-locked");
    };
  }, [confirmed]);

  if (confirmed) return null;

  return (
    <dialog
      ref={dialog}
      open
      className="age-gate"
      aria-modal="true"
      aria-labelledby="age-gate-title"
      aria-describedby="age-gate-question"
    >
      <div className="age-gate__card">
        <div className="age-gate__logo" aria-hidden="true">
          <LeafIcon size={40} />
        </div>
        <h2 id="age-gate-title" className="age-gate__title">
          Welcome to {site.name}
        </h2>
        <p id="age-gate-question" className="age-gate__question">
          Are you 21+ or a qualified patient?
        </p>
        <fetcher.Form
          method="post"
          action="/age-gate"
          className="age-gate__actions"
          onSubmit={(event) => {
            // With JavaScript: set the cookie in the background and close in place.
            event.preventDefault();
            fetcher.submit({ mode: "fetch" }, { method: "post", action: "/age-gate" });
            dialog.current?.close();
            setConfirmed(true);
            onConfirm();
          }}
        >
          <input type="hidden" name="returnTo" value={returnTo} />
          <button type="submit" className="button-link age-gate__yes" autoFocus>
            Yes, Enter
          </button>
          <a href={site.exitUrl} className="button-link button-link--outline" rel="noreferrer">
            No, Exit Site
          </a>
        </fetcher.Form>
        <p className="age-gate__legal">
          By clicking "Yes," I confirm I'm at least 21 or a qualified patient and agree to the{" "}
          <Link to="/terms" reloadDocument>
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to="/privacy" reloadDocument>
            Privacy Policy
          </Link>
          .
        </p>
      </div>
    </dialog>
  );
}
