/**
 * Login-type pages (spec §2: they hide the analytics tag). Admin pages never
 * render <Analytics /> at all. Matched as the path itself or below it.
 */
export const ANALYTICS_EXCLUDED_PATHS = ["/login", "/signup", "/forgot-password", "/reset-password", "/email"] as const;

export function analyticsAllowed(pathname: string | null, excluded: readonly string[] = ANALYTICS_EXCLUDED_PATHS): boolean {
  const p = (pathname ?? "/").replace(/\/+$/, "") || "/";
  return !excluded.some((e) => p === e || p.startsWith(`${e}/`));
}

/** A value as a JavaScript literal that cannot close the <script> element. */
const literal = (v: unknown) => JSON.stringify(v).replace(/</g, "\\u003c");

/**
 * The gtag.js tag: one inline script, rendered on the server with the CSP nonce (no client
 * component, no next/script: issue 21). The layout does not know the path, and it stays mounted
 * across client navigations, so the script decides in the browser, with the same rule as
 * analyticsAllowed: on a tracked path it sets up dataLayer/gtag and adds gtag.js (with the nonce);
 * on a login-type path it waits, and leaving it for a tracked page (history push/replace, back)
 * loads the tag then.
 */
export function AnalyticsTags({ id, excluded = ANALYTICS_EXCLUDED_PATHS, nonce }: { id: string; excluded?: readonly string[]; nonce?: string }) {
  const code =
    `(function(){var id=${literal(id)},ex=${literal(excluded)},c=document.currentScript,n=c&&c.nonce,done=false;` +
    `function ok(){var p=location.pathname.replace(/\\/+$/,"")||"/";return !ex.some(function(e){return p===e||p.indexOf(e+"/")===0})}` +
    `function go(){if(done||!ok())return;done=true;window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments)};` +
    `gtag("js",new Date());gtag("config",id);var s=document.createElement("script");s.async=true;` +
    `s.src="https://www.googletagmanager.com/gtag/js?id="+encodeURIComponent(id);if(n)s.nonce=n;document.head.appendChild(s)}` +
    `go();if(!done){["pushState","replaceState"].forEach(function(k){var o=history[k];history[k]=function(){var r=o.apply(this,arguments);go();return r}});addEventListener("popstate",go)}})();`;
  return <script id="gtag-init" nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} />;
}
