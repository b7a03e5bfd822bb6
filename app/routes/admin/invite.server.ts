import { linkTokenCookie } from "~/server/link-token-cookie.server";

export const INVITE_TOKEN_COOKIE_NAME = "admin_invite_token";

// "/admin", not "/admin/invite": with JavaScript the form posts to /admin/invite.data, which a cookie
// scoped to "/admin/invite" does not reach (a cookie path matches only whole path segments).
const inviteToken = linkTokenCookie(INVITE_TOKEN_COOKIE_NAME, "/admin");

/** The Set-Cookie header that hands an invitation link's token to the form until the invitation expires. */
export const storeInviteToken = inviteToken.store;
/** The token this browser was handed by an invitation link, or null. */
export const readInviteToken = inviteToken.read;
/** The Set-Cookie header that forgets the token (once it is spent). */
export const clearInviteToken = inviteToken.clear;
