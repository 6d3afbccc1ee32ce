import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "@/server/env";

/**
 * Security headers of every response of the production server (issue 16),
 * and the per-request script nonce of the Content-Security-Policy.
 *
 * The nonce: a fresh random value per request goes into the policy, which is
 * set on the response and also on the *request* Next receives: Next reads the
 * nonce from the request's `Content-Security-Policy` header and puts it on
 * every script it writes (framework, page chunks, inline flight data). A
 * client-sent copy of that request header is replaced, so nobody can choose
 * the nonce of their own page.
 *
 * The visitors' page cache (page-cache.ts) stores a page together with the
 * response headers it was sent with, policy included, and serves both
 * unchanged: a cached page keeps the nonce it was rendered with, and the
 * header it is served with always matches its scripts. A nonce protects by
 * being unknown when the markup is produced: whatever markup an attacker
 * could get into a page is fixed before that page's nonce is drawn, and a
 * stored page is never rendered again, so learning its nonce afterwards lets
 * nobody add a script to it. Pages rendered for a member or an admin are
 * never stored, so their nonces are never reused.
 *
 * Third-party origins appear only when the feature is configured: reCAPTCHA
 * (RECAPTCHA_SITE_KEY), the maps embed (GOOGLE_MAPS_API_KEY), the analytics
 * tag (ANALYTICS_ID); the map tiles' origin (MAP_TILE_URL) is always allowed.
 */
export function contentSecurityPolicy(nonce: string): string {
  const e = env();
  const recaptcha = Boolean(e.RECAPTCHA_SITE_KEY);
  const maps = Boolean(e.GOOGLE_MAPS_API_KEY);
  const analytics = Boolean(e.ANALYTICS_ID);
  // the map search's base-map tiles (MAP_TILE_URL, 地理院タイル by default)
  const tiles = new URL(e.MAP_TILE_URL.replace(/\{[a-z]\}/g, "0")).origin;
  // the hazard overlays (HAZARD_TILE_BASE_URL, the hazard map portal by default)
  const hazardTiles = new URL(e.HAZARD_TILE_BASE_URL).origin;
  const list = (...sources: (string | false)[]) => sources.filter(Boolean).join(" ");
  const directives = [
    "default-src 'self'",
    `script-src ${list("'self'", `'nonce-${nonce}'`, recaptcha && "https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/", analytics && "https://www.googletagmanager.com")}`,
    // React writes style attributes; a nonce here would switch 'unsafe-inline' off for them.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", "data:", "blob:", tiles, hazardTiles !== tiles && hazardTiles, maps && "https://maps.googleapis.com https://maps.gstatic.com", analytics && "https://www.googletagmanager.com https://*.google-analytics.com")}`,
    "font-src 'self'",
    `connect-src ${list("'self'", recaptcha && "https://www.google.com/recaptcha/", analytics && "https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com")}`,
    `frame-src ${list(recaptcha && "https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/", maps && "https://www.google.com/maps/embed/") || "'none'"}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
  ];
  if (e.APP_URL.startsWith("https://")) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Features the site never uses, switched off for it and anything it embeds. */
const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), browsing-topics=()";

/** The headers every response carries (the policy with this request's nonce). */
export function securityHeaders(nonce: string): Record<string, string> {
  const headers: Record<string, string> = {
    "content-security-policy": contentSecurityPolicy(nonce),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": PERMISSIONS_POLICY,
    // For browsers that predate frame-ancestors.
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
  };
  if (env().APP_URL.startsWith("https://")) headers["strict-transport-security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

/** The nonce of the policy Next was handed for this request (for scripts the app writes itself, e.g. next/script). */
export function nonceOf(requestPolicy: string | null | undefined): string | undefined {
  return requestPolicy?.match(/'nonce-([A-Za-z0-9+/_=-]+)'/)?.[1];
}

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

export function withSecurityHeaders(handler: Handler): Handler {
  return (req, res) => {
    const nonce = randomBytes(16).toString("base64");
    const policy = contentSecurityPolicy(nonce);
    const { "content-security-policy": _policy, ...others } = securityHeaders(nonce);
    delete req.headers["content-security-policy-report-only"];
    req.headers["content-security-policy"] = policy;
    for (const [name, value] of Object.entries(others)) res.setHeader(name, value);
    // The policy is added when the head is written: Next does not apply a route's own header over one
    // already set, and a route's stricter policy (images, uploads: default-src 'none') must stay.
    // Both are then sent, and the browser enforces both.
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = ((...args: unknown[]) => {
      const own = res.getHeader("content-security-policy");
      if (own === undefined) res.setHeader("content-security-policy", policy);
      // A nonce policy already there is the site's own, from the pass that rendered the page: when Next
      // performs a rewrite as an HTTP request to itself (src/proxy.ts), the page passes through here
      // twice, and its scripts carry the inner pass's nonce. Adding this pass's would block them.
      else if (!String(own).includes("'nonce-")) res.setHeader("content-security-policy", [String(own), policy]);
      return writeHead(...args);
    }) as ServerResponse["writeHead"];
    return handler(req, res);
  };
}
