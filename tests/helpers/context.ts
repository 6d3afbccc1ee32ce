import { createContext, type Context } from "@/server/api/context";
import { createCaller } from "@/server/api/root";
import { createSession, SESSION_COOKIE } from "@/server/auth/session";
import type { Db } from "@/server/db";

/** Builds a caller as a given visitor would reach the procedures, through real session cookies. */
export async function callerFor(db: Db, who: { userId?: number; adminId?: number } = {}) {
  const cookies: string[] = [];
  if (who.userId !== undefined) cookies.push(`${SESSION_COOKIE.user}=${(await createSession(db, "user", who.userId)).token}`);
  if (who.adminId !== undefined) cookies.push(`${SESSION_COOKIE.admin}=${(await createSession(db, "admin", who.adminId)).token}`);
  const headers = new Headers(cookies.length ? { cookie: cookies.join("; ") } : {});
  const ctx: Context = await createContext({ db, headers });
  return { caller: createCaller(ctx), ctx, cookieHeader: headers.get("cookie") ?? "" };
}
