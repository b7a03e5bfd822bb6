import { useEffect, useState } from "react";
import type { ToastMessage } from "remix-toast";

export type ToastInput = { message: string; description?: string; type: "success" | "error" | "info" | "warning" };

type ShownToast = ToastInput & { id: number };

const listeners = new Set<(toast: ToastInput) => void>();

/** Shows a toast from client code (e.g. "Link copied!"). */
export function showToast(toast: ToastInput) {
  for (const listener of listeners) listener(toast);
}

let nextId = 1;

/**
 * Flash toasts from the server (remix-toast) and toasts raised in the browser. Server toasts are in
 * the HTML, so they show without JavaScript too; with JavaScript they dismiss themselves.
 */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const [toasts, setToasts] = useState<ShownToast[]>(() =>
    toast ? [{ id: nextId++, message: toast.message, description: toast.description, type: toast.type }] : [],
  );

  useEffect(() => {
    if (!toast) return;
    // A new outcome from the server replaces what was showing (no "Invalid password" beside "Logged in").
    setToasts((current) =>
      current.length === 1 && current[0].message === toast.message && current[0].description === toast.description
        ? current
        : [{ id: nextId++, message: toast.message, description: toast.description, type: toast.type }],
    );
  }, [toast]);

  useEffect(() => {
    const listener = (t: ToastInput) => setToasts((current) => [...current, { ...t, id: nextId++ }]);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);

  useEffect(() => {
    if (toasts.length === 0) return;
    const timer = setTimeout(() => setToasts((current) => current.slice(1)), 5000);
    return () => clearTimeout(timer);
  }, [toasts]);

  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.type}`} data-testid="toast">
          <div>
            <p className="toast__title">{t.message}</p>
            {t.description ? <p className="toast__description">{t.description}</p> : null}
          </div>
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss notification"
            onClick={() => setToasts((current) => current.filter((x) => x.id !== t.id))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
