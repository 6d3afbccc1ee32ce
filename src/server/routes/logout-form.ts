import { createContext } from "@/server/api/context";
import { createCaller } from "@/server/api/root";
import { isSameOriginRequest } from "@/server/auth/csrf";
import { getDb } from "@/server/db";
import { env } from "@/server/env";
import { logger } from "@/server/logger";

/**
 * The side menu's ログアウト (src/components/site-chrome/side-menu.tsx) is a plain HTML form, so it
 * works on pages served without React (issue 21). POST /logout ends the member's or the admin's
 * session through the same procedures as /sanctum/logout, then sends the browser where spec §4 says:
 * a member to /login, an admin to the admin login. 303, so the reload after it is a GET.
 *
 * CSRF: the same-origin check of every state-changing browser request (Sec-Fetch-Site / Origin). A
 * forged cross-site logout would only end a session, but it is refused all the same.
 */
export async function logoutForm(request: Request): Promise<Response> {
  if (!isSameOriginRequest(request.headers, request.url)) {
    return new Response("不正なリクエストです", { status: 403, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  }
  const cookies: string[] = [];
  const ctx = await createContext({ db: await getDb(), headers: request.headers, setCookie: (v) => cookies.push(v) });
  const caller = createCaller(ctx);
  // Which session the visitor holds decides the logout and the page after it, not a form field.
  const state = await caller.public.session.state();
  let target = "/login";
  try {
    if (state.isAdminLogin) {
      await caller.public.auth.adminLogout();
      target = `${env().ADMIN_BASE_PATH}/login`;
    } else if (state.isUserLogin) {
      await caller.public.auth.logout();
    }
  } catch (e) {
    // The session is ended as far as it could be; the next page shows the real state.
    logger.error("logout_form.failed", { message: e instanceof Error ? e.message : String(e) });
  }
  const headers = new Headers({ location: target, "cache-control": "no-store" });
  for (const c of cookies) headers.append("set-cookie", c);
  return new Response(null, { status: 303, headers });
}
