import type { Browser, BrowserContext } from "playwright-core";

/**
 * What a first visit to a page downloads, measured in a real Chromium: the
 * compressed bytes on the wire (response bodies as received, before
 * decoding) per kind of resource, and the requests that block the first
 * render. Shared by the byte budgets (tests/e2e/page-weight.test.ts) and the
 * front-end bench (scripts/bench-frontend.ts), so both count the same way.
 */

export type ResourceKind = "html" | "js" | "css" | "font" | "image" | "other";

export interface MeasuredRequest {
  url: string;
  kind: ResourceKind;
  /** Response body bytes as received (compressed when the server compressed). */
  bytes: number;
  status: number;
}

export interface PageWeight {
  url: string;
  status: number;
  bytes: Record<ResourceKind, number> & { total: number };
  requests: MeasuredRequest[];
  /** Stylesheets and classic head scripts that hold the first paint back. */
  renderBlocking: MeasuredRequest[];
  /** Fonts the page preloads (Link response header or <link rel=preload as=font>). */
  preloadedFonts: string[];
}

/** A phone's first screen, as in tests/e2e/browser.ts. */
export const PHONE = { width: 390, height: 844 } as const;

function kindOf(resourceType: string, url: string, contentType: string): ResourceKind {
  if (resourceType === "document") return "html";
  if (resourceType === "script" || contentType.includes("javascript")) return "js";
  if (resourceType === "stylesheet" || contentType.includes("text/css")) return "css";
  if (resourceType === "font" || /\.woff2?($|\?)/.test(url)) return "font";
  if (resourceType === "image" || contentType.startsWith("image/")) return "image";
  return "other";
}

/**
 * Loads `url` in a fresh context (empty cache: a first visit) at phone width,
 * waits until the network is idle, and sums what came over the wire. Pass
 * `setup` to sign in first (its requests are not counted).
 */
export async function measurePageWeight(
  browser: Browser,
  url: string,
  opts: { viewport?: { width: number; height: number }; setup?: (context: BrowserContext) => Promise<void> } = {},
): Promise<PageWeight> {
  const context = await browser.newContext({ viewport: opts.viewport ?? PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    if (opts.setup) await opts.setup(context);
    const page = await context.newPage();
    const pending: Promise<MeasuredRequest | null>[] = [];
    page.on("requestfinished", (req) => {
      pending.push(
        (async () => {
          const res = await req.response();
          if (!res) return null;
          const sizes = await req.sizes();
          return {
            url: req.url(),
            kind: kindOf(req.resourceType(), req.url(), res.headers()["content-type"] ?? ""),
            bytes: sizes.responseBodySize,
            status: res.status(),
          };
        })(),
      );
    });
    const response = await page.goto(url, { waitUntil: "networkidle" });
    // The web font is asked for only after the load event and the first paint (web-font-swap.tsx): on a
    // busy machine that can come after the network has already been idle for 500 ms. Wait for its
    // files too (pages without it give up after a few seconds), then for the network to settle again.
    await page
      .waitForFunction(() => performance.getEntriesByType("resource").some((e) => /\.woff2(\?|$)/.test(e.name)), undefined, { timeout: 5_000 })
      .catch(() => {});
    await page.waitForLoadState("networkidle");
    const blocking = await page.evaluate(() => {
      // What the browser itself held the first render for (Resource Timing's renderBlockingStatus):
      // the stylesheets and classic scripts the parser met in the document. A stylesheet a script
      // adds later (Leaflet's, with the map's code) is in the DOM but blocked nothing.
      const urls = performance
        .getEntriesByType("resource")
        .filter((e) => (e as PerformanceResourceTiming & { renderBlockingStatus?: string }).renderBlockingStatus === "blocking")
        .map((e) => e.name);
      const fonts = [...document.querySelectorAll<HTMLLinkElement>("link[rel='preload'][as='font']")].map((l) => l.href);
      return { urls, fonts };
    });
    const requests = (await Promise.all(pending)).filter((r): r is MeasuredRequest => r !== null);
    const bytes = { html: 0, js: 0, css: 0, font: 0, image: 0, other: 0, total: 0 };
    for (const r of requests) {
      bytes[r.kind] += r.bytes;
      bytes.total += r.bytes;
    }
    // Fonts preloaded by the server's Link header (next/font sends them there, before any HTML) or by the document.
    const linkHeader = (await response?.headerValue("link")) ?? "";
    const headerFonts = [...linkHeader.matchAll(/<([^>]+)>[^,]*rel=preload[^,]*as="?font/g)].map((m) => new URL(m[1]!, url).href);
    const preloadedFonts = [...new Set([...headerFonts, ...blocking.fonts])];
    // A stylesheet linked twice (React hoists and dedupes by precedence) is one request.
    const renderBlocking = [...new Set(blocking.urls)].map((u) => requests.find((r) => r.url === u) ?? { url: u, kind: "other" as const, bytes: 0, status: 0 });
    return { url, status: response?.status() ?? 0, bytes, requests, renderBlocking, preloadedFonts };
  } finally {
    await context.close();
  }
}

export const kib = (n: number) => Number((n / 1024).toFixed(1));
