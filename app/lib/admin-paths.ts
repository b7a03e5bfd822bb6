/** Where signed-out visitors of the admin area are sent. */
export const ADMIN_LOGIN_PATH = "/admin/login";
export const ADMIN_HOME_PATH = "/admin";

/** /admin, /admin/… and their data requests (/admin.data, /admin/brands.data). */
export function isAdminPath(pathname: string): boolean {
  return /^\/admin(?:$|\/|\.data$)/.test(pathname);
}
