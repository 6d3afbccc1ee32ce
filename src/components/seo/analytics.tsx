import { env } from "@/server/env";
import { ANALYTICS_EXCLUDED_PATHS, AnalyticsTags } from "./analytics-tags";

/** Measurement ids gtag accepts (GA4 G-…, Universal UA-…, Ads AW-…, GT-…). */
const ANALYTICS_ID_PATTERN = /^(G|UA|AW|GT|DC)-[A-Z0-9-]{4,30}$/i;

/**
 * The analytics tag (gtag.js), only when ANALYTICS_ID is set (and well-formed).
 * Server component: reads the id at run time; renders nothing (and ships no client code) without it. Place it once in the public
 * site layout; never in the admin layout. Login-type pages
 * (ANALYTICS_EXCLUDED_PATHS) render nothing. `nonce`: the request's CSP nonce
 * (server/http/security-headers.ts nonceOf), without which the inline
 * configuration would be blocked.
 */
export function Analytics({ excluded = ANALYTICS_EXCLUDED_PATHS, nonce }: { excluded?: readonly string[]; nonce?: string } = {}) {
  const id = env().ANALYTICS_ID?.trim();
  if (!id || !ANALYTICS_ID_PATTERN.test(id)) return null;
  return <AnalyticsTags id={id} excluded={excluded} nonce={nonce} />;
}

export { ANALYTICS_EXCLUDED_PATHS, analyticsAllowed } from "./analytics-tags";
