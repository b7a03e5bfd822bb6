import type { ReactNode } from "react";
import { type ErrorResponse, isRouteErrorResponse, useRouteError } from "react-router";
import { errorPageCopy } from "~/lib/error-messages";

/** What a status handler gets: the status, the route's refusal message (a 4xx's data) and the page's words. */
export interface ErrorDetails {
  status: number;
  copy: ReturnType<typeof errorPageCopy>;
  response?: ErrorResponse;
}

type StatusHandler = (details: ErrorDetails) => ReactNode;

/**
 * One error boundary for every area (the Epic Stack's pattern): the status of a thrown response picks a
 * handler (a 404 of its own, say), anything else the default; an unexpected error counts as a 500. The
 * words come from lib/error-messages.ts, the same for the public site and the admin.
 */
export function GeneralErrorBoundary({
  defaultStatusHandler,
  statusHandlers = {},
}: {
  defaultStatusHandler: StatusHandler;
  statusHandlers?: Record<number, StatusHandler>;
}) {
  const error = useRouteError();
  const response = isRouteErrorResponse(error) ? error : undefined;
  const status = response?.status ?? 500;
  const details = { status, copy: errorPageCopy(status, response?.data), response };
  return <>{(statusHandlers[status] ?? defaultStatusHandler)(details)}</>;
}

/** The error's code, heading, words and one way on, as every error page shows them. */
export function ErrorMessage({
  details,
  href,
  linkLabel,
  className,
  children,
}: {
  details: ErrorDetails;
  href: string;
  linkLabel: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={["error-message", className].filter(Boolean).join(" ")}>
      <p className="error-page__code">{details.status}</p>
      <h1>{details.copy.heading}</h1>
      <p>{details.copy.text}</p>
      {children}
      <a className="button-link" href={href}>
        {linkLabel}
      </a>
    </div>
  );
}
