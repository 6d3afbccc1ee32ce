/**
 * The folder the admin pages live in. Next treats `_folders` as private, so src/proxy.ts rewrites
 * ADMIN_BASE_PATH (e.g. /_kanri-7f3c) onto it; the browser only ever shows the base path.
 */
export const INTERNAL_ADMIN_PATH = "/admin-area";

/**
 * The path as the browser shows it. During the server render usePathname() returns the rewritten,
 * internal path (/admin-area/investments/1), in the browser the address bar's (/_kanri-7f3c/investments/1):
 * anything derived from it without this mapping renders differently on the two (React error #418).
 */
export function publicAdminPathname(pathname: string, base: string): string {
  if (pathname === INTERNAL_ADMIN_PATH || pathname === INTERNAL_ADMIN_PATH + "/") return base;
  return pathname.startsWith(INTERNAL_ADMIN_PATH + "/") ? base + pathname.slice(INTERNAL_ADMIN_PATH.length) : pathname;
}
