/** The admin session's cookie (services/session.server.ts), named here so the end-to-end tests read it too. */
export const SESSION_COOKIE_NAME = "admin_session";
