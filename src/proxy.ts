import { createHmac } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { INTERNAL_ADMIN_PATH } from "@/lib/admin-path";
import { env } from "@/server/env";

/**
 * The admin area is served only under ADMIN_BASE_PATH (and the preview under
 * PREVIEW_BASE_PATH), both read at run time so they can change without a
 * rebuild. Next treats `_folders` as private, so the routes live in ordinary
 * folders (/admin-area, /preview-area) that this proxy rewrites to, and the
 * internal paths themselves answer 404. Authorization is not decided here:
 * every admin page and procedure checks the admin session itself.
 *
 * When `next start -H <host>` differs from the host Next puts in nextUrl, Next
 * performs the rewrite as an HTTP request to itself and this proxy sees the
 * internal path a second time. The rewrite therefore carries a header keyed
 * with APP_SECRET; only a request bearing it may enter the internal folders.
 */
const INTERNAL = { admin: INTERNAL_ADMIN_PATH, preview: "/preview-area" } as const;
const NOT_FOUND = "/__not-found__";
const MARK = "x-kir-internal-rewrite";

let markValue: string | undefined;
const mark = () => (markValue ??= createHmac("sha256", env().APP_SECRET).update("internal-rewrite").digest("base64url"));

function under(pathname: string, base: string): string | null {
  if (pathname === base) return "";
  return pathname.startsWith(base + "/") ? pathname.slice(base.length) : null;
}

function rewrite(request: NextRequest, pathname: string): NextResponse {
  const url = request.nextUrl.clone();
  url.pathname = pathname;
  const headers = new Headers(request.headers);
  headers.set(MARK, mark());
  return NextResponse.rewrite(url, { request: { headers } });
}

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (under(pathname, INTERNAL.admin) !== null || under(pathname, INTERNAL.preview) !== null) {
    if (request.headers.get(MARK) === mark()) return NextResponse.next();
    return rewrite(request, NOT_FOUND);
  }
  const admin = under(pathname, env().ADMIN_BASE_PATH);
  if (admin !== null) return rewrite(request, INTERNAL.admin + (admin || "/"));
  const preview = under(pathname, env().PREVIEW_BASE_PATH);
  if (preview !== null) return rewrite(request, INTERNAL.preview + (preview || "/"));
  return NextResponse.next();
}

export const config = {
  // Only where it can act: the base paths (env.ts requires them to start with "/_") and the
  // internal folders. Every other page skips the proxy's per-request cost.
  matcher: ["/((?!_next/)_.*)", "/admin-area/:path*", "/preview-area/:path*"],
};
