import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/server/env";

/**
 * The admin area is served only under ADMIN_BASE_PATH (and the preview under
 * PREVIEW_BASE_PATH), both read at run time so they can change without a
 * rebuild. Next treats `_folders` as private, so the routes live in ordinary
 * folders (/admin-area, /preview-area) that this proxy rewrites to, and the
 * internal paths themselves answer 404. Authorization is not decided here:
 * every admin page and procedure checks the admin session itself.
 */
const INTERNAL = { admin: "/admin-area", preview: "/preview-area" } as const;
const NOT_FOUND = "/__not-found__";

function under(pathname: string, base: string): string | null {
  if (pathname === base) return "";
  return pathname.startsWith(base + "/") ? pathname.slice(base.length) : null;
}

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const url = request.nextUrl.clone();
  if (under(pathname, INTERNAL.admin) !== null || under(pathname, INTERNAL.preview) !== null) {
    url.pathname = NOT_FOUND;
    return NextResponse.rewrite(url);
  }
  const admin = under(pathname, env().ADMIN_BASE_PATH);
  if (admin !== null) {
    url.pathname = INTERNAL.admin + (admin || "/");
    return NextResponse.rewrite(url);
  }
  const preview = under(pathname, env().PREVIEW_BASE_PATH);
  if (preview !== null) {
    url.pathname = INTERNAL.preview + (preview || "/");
    return NextResponse.rewrite(url);
  }
  return NextResponse.next();
}

export const config = {
  // Everything but static assets and the API (which has its own checks).
  matcher: ["/((?!_next/static|_next/image|api/|favicon.ico|icon.svg|apple-icon.png|ogp.png|logo.svg).*)"],
};
