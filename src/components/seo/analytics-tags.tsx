"use client";

import { usePathname } from "next/navigation";
import Script from "next/script";

/**
 * Login-type pages (spec §2: they hide the analytics tag). Admin pages never
 * render <Analytics /> at all. Matched as the path itself or below it.
 */
export const ANALYTICS_EXCLUDED_PATHS = ["/login", "/signup", "/forgot-password", "/reset-password", "/email"] as const;

export function analyticsAllowed(pathname: string | null, excluded: readonly string[] = ANALYTICS_EXCLUDED_PATHS): boolean {
  const p = (pathname ?? "/").replace(/\/+$/, "") || "/";
  return !excluded.some((e) => p === e || p.startsWith(`${e}/`));
}

/**
 * The gtag.js tag: the external script and the inline configuration.
 * Decided per path on the client as well, so arriving on a login-type page
 * renders nothing, and leaving it for a tracked page loads the tag then.
 */
export function AnalyticsTags({ id, excluded = ANALYTICS_EXCLUDED_PATHS, nonce }: { id: string; excluded?: readonly string[]; nonce?: string }) {
  const pathname = usePathname();
  if (!analyticsAllowed(pathname, excluded)) return null;
  // id was validated on the server; JSON.stringify keeps it a plain string literal anyway.
  const config = `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${JSON.stringify(id).replace(/</g, "\\u003c")});`;
  return (
    <>
      <Script id="gtag-src" src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`} strategy="afterInteractive" nonce={nonce} />
      <Script id="gtag-init" strategy="afterInteractive" nonce={nonce}>
        {config}
      </Script>
    </>
  );
}
