import { env } from "@/server/env";

/**
 * Same-origin check for state-changing requests (tRPC mutations are POSTs).
 * Browsers send Origin on every cross-site POST and Sec-Fetch-Site on all
 * modern ones; a request carrying neither is not from a browser page and
 * cannot ride a visitor's cookies, so it is allowed (server-to-server, tests).
 */
export function isSameOriginRequest(headers: Headers, requestUrl?: string): boolean {
  const site = headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = headers.get("origin");
  if (!origin) return true;
  const allowed = new Set<string>([new URL(env().APP_URL).origin]);
  if (requestUrl) allowed.add(new URL(requestUrl).origin);
  return allowed.has(origin);
}
