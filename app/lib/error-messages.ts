/** What a visitor reads while the database cannot be reached (the page answers 503). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "We're having a temporary problem on our end. Please try again in a minute.";

export interface ErrorPageCopy {
  title: string;
  heading: string;
  text: string;
}

/** The error page's words for a status (and the message a route gave with a 4xx refusal). */
export function errorPageCopy(status: number, message?: unknown): ErrorPageCopy {
  if (status === 404) {
    return {
      title: "Page not found",
      heading: "Oops! Page not found",
      text: "The page you are looking for does not exist.",
    };
  }
  if (status === 503) {
    return { title: "Temporarily unavailable", heading: "We'll be right back", text: DATABASE_UNAVAILABLE_MESSAGE };
  }
  if (status >= 400 && status < 500 && typeof message === "string" && message) {
    return { title: "Request not accepted", heading: "We couldn't accept that request", text: message };
  }
  return {
    title: "Something went wrong",
    heading: "Something went wrong",
    text: "Sorry, we couldn't load this page. Please try again in a moment.",
  };
}
