import { Heading } from "@radix-ui/themes";
import { useEffect, useId, useLayoutEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";

// useLayoutEffect warns on the server; the dialog opens in the browser only anyway.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

interface AdminDialogProps {
  title: string;
  /** Where closing goes: the list's address without the dialog's query parameter. */
  closeTo: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  /** Wider dialogs for longer forms. */
  size?: "narrow" | "wide";
}

/**
 * A dialog whose open state is in the address (?dialog=new, ?edit=<id>…), so it works without JavaScript:
 * the server renders a native <dialog open> over the page, and 'Cancel' is a link back to the list. With
 * JavaScript it becomes modal (focus stays inside, the page behind is inert, Escape closes it) and focus
 * goes back to the control that opened it.
 */
export function AdminDialog({ title, closeTo, description, children, size = "narrow" }: AdminDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();
  const descriptionId = useId();

  useBrowserLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.matches(":modal")) {
      if (element.open) element.close();
      element.showModal();
    }
    // Start at the form's first field rather than the close button.
    element
      .querySelector<HTMLElement>("[data-autofocus], form input:not([type='hidden']), form textarea, form button")
      ?.focus();
    return () => {
      // Close first: while a modal dialog is open the rest of the page is inert and cannot take focus.
      if (element.open) element.close();
      if (opener?.isConnected && !element.contains(opener)) opener.focus({ preventScroll: true });
    };
  }, []);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onCancel = (event: Event) => {
      // Escape: close by going back to the list, so the address and the page agree.
      event.preventDefault();
      void navigate(closeTo, { preventScrollReset: true });
    };
    element.addEventListener("cancel", onCancel);
    return () => element.removeEventListener("cancel", onCancel);
  }, [closeTo, navigate]);

  return (
    <dialog
      ref={dialog}
      open
      className={`admin-dialog admin-dialog--${size}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
    >
      <div className="admin-dialog__header">
        <Heading as="h2" size="5" id={titleId}>
          {title}
        </Heading>
        <Link to={closeTo} preventScrollReset className="admin-dialog__close" aria-label="Close">
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </Link>
      </div>
      {description ? (
        <p className="admin-dialog__description" id={descriptionId}>
          {description}
        </p>
      ) : null}
      {children}
    </dialog>
  );
}
