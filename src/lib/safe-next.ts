/**
 * Where to go after a login (or any page that follows a `next` parameter):
 * the target is resolved against our own origin the way the browser will
 * resolve it, and only a same-origin result is followed. String checks on the
 * raw value are not enough: browsers read `/\host`, `/%5Chost` (once decoded)
 * and `/<tab>/host` as `//host`, another site (issue 16).
 */
export function safeNextPath(next: string | null | undefined, fallback: string, origin: string): string {
  if (!next || !next.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  const path = url.pathname + url.search + url.hash;
  // A normalised path such as "/.//host" becomes "//host", which a router would take as another host.
  return path.startsWith("/") && !path.startsWith("//") ? path : fallback;
}
