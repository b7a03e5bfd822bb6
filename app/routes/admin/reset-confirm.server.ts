import { linkTokenCookie } from "~/server/link-token-cookie.server";

export const RESET_CONFIRM_PATH = "/admin/reset/confirm";
export const RESET_TOKEN_COOKIE_NAME = "admin_reset_token";

// "/admin/reset", not ".../confirm": with JavaScript the form posts to /admin/reset/confirm.data.
const resetToken = linkTokenCookie(RESET_TOKEN_COOKIE_NAME, "/admin/reset");

/** The Set-Cookie header that hands a reset link's token to the form until the token itself expires. */
export const storeResetToken = resetToken.store;
/** The token this browser was handed by a reset link, or null. */
export const readResetToken = resetToken.read;
/** The Set-Cookie header that forgets the token (once it is spent). */
export const clearResetToken = resetToken.clear;
