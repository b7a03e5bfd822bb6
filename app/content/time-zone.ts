/**
 * The stores' time zone: every date shown and every "today" is in it, on the server and in the browser alike.
 * A file of its own, importing nothing, so the date helpers below the site's facts can read it.
 */
export const TIME_ZONE = "America/Chicago";
