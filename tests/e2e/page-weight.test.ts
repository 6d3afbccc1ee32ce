import { and, asc, eq, isNull } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb } from "@/server/db";
import { cms_posts, investments } from "@/server/db/schema";
import { kib, measurePageWeight, type PageWeight } from "../../scripts/lib/page-weight";
import { launchBrowser } from "./browser";

/**
 * Byte budgets of issue 21: what a first visit downloads at phone width, compressed, from the
 * production server (which compresses), counted in Chromium the same way as the front-end bench
 * (scripts/lib/page-weight.ts). Deterministic: bytes, not timings or Lighthouse scores.
 * Fonts, render-blocking requests, CSS and the total (≤ 400 KiB with photos) are the issue's
 * budgets; JavaScript is held at what the pages reach today (see HELD).
 */
const KiB = 1024;
const BUDGET = {
  fonts: 120 * KiB,
  /** The one render-blocking request: the site stylesheet. */
  blockingCss: 25 * KiB,
  total: 400 * KiB,
};
/**
 * JavaScript: issue 21 asks for ≤ 130 KiB on list and detail pages and ≤ 100 KiB on content pages,
 * below what React DOM and Next's App Router runtime weigh on their own here (~132 KiB gzip on
 * every page: Chromium gets gzip over http://). What a page adds on top is what these ceilings
 * hold, ~5 % over today's figures so that it cannot creep back:
 * - every public page: the header and its overlays' triggers (~35 KiB; the overlays, zod and the
 *   tRPC client load on demand): 175–181 KiB measured;
 * - pages whose client parts call procedures (`api`: the listing detail's bookmark, simulator and
 *   recently viewed; the login and inquiry forms) add the tRPC client and React Query (~25 KiB)
 *   and their own parts: 214–218 KiB measured.
 */
const HELD = {
  jsPage: 190 * KiB,
  jsApi: 230 * KiB,
};

const base = inject("baseURL");

// The pages of issue 21, with ids from the demo seed.
const db = await openDb(inject("databaseURL"));
const listing = await db
  .select({ id: investments.id })
  .from(investments)
  .where(and(eq(investments.public, true), eq(investments.members, false), isNull(investments.not_updated_at)))
  .orderBy(asc(investments.id))
  .get();
const post = await db.select({ slug: cms_posts.slug }).from(cms_posts).where(eq(cms_posts.status, "published")).get();
db.$client.close();
if (!listing || !post) throw new Error("the demo seed has no public listing or no published post");
const pages = [
  { name: "home", path: "/", api: false },
  { name: "list", path: "/investments", api: false },
  { name: "filtered list", path: "/investments/page/1?ty=1", api: false },
  { name: "detail", path: `/investments/${listing.id}`, api: true },
  { name: "area search", path: "/investments/search/area", api: false },
  { name: "train search", path: "/investments/search/train", api: false },
  { name: "feature search", path: "/investments/search/feature", api: false },
  { name: "blog list", path: "/blogs", api: false },
  { name: "blog post", path: `/blogs/${encodeURIComponent(post.slug)}`, api: false },
  { name: "consultation form", path: "/contacts/consult", api: true },
  { name: "login", path: "/login", api: true },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function describeWeight(w: PageWeight): string {
  const list = (kind: string) =>
    w.requests
      .filter((r) => r.kind === kind)
      .map((r) => `${new URL(r.url).pathname} ${kib(r.bytes)} KiB`)
      .join(", ");
  return `JS ${kib(w.bytes.js)} KiB [${list("js")}]; fonts ${kib(w.bytes.font)} KiB [${list("font")}]; CSS ${kib(w.bytes.css)} KiB; total ${kib(w.bytes.total)} KiB`;
}

describe("first-visit bytes per page at phone width (issue 21)", () => {
  // One test per page, so a failure names the page and the budget it broke.
  for (const page of pages) {
    it(`${page.name} (${page.path}) stays within its budgets`, async () => {
      const w = await measurePageWeight(browser, base + page.path);
      const detail = `${page.name} ${page.path}: ${describeWeight(w)}`;
      expect(w.status, detail).toBe(200);
      // Everything came compressed from the production server, as a phone gets it.
      expect(w.bytes.html, detail).toBeGreaterThan(0);

      expect(w.bytes.js, detail).toBeLessThanOrEqual(page.api ? HELD.jsApi : HELD.jsPage);
      expect(w.bytes.font, detail).toBeLessThanOrEqual(BUDGET.fonts);
      // The subset font: at most one file per weight, each asked for before the first render.
      const fonts = w.requests.filter((r) => r.kind === "font");
      expect(fonts.length, detail).toBeLessThanOrEqual(2);
      for (const f of fonts) expect(w.preloadedFonts, detail).toContain(f.url);

      // Exactly one render-blocking request, the stylesheet, within its budget.
      expect(w.renderBlocking.map((r) => r.kind), detail).toEqual(["css"]);
      expect(w.renderBlocking[0]!.bytes, detail).toBeGreaterThan(0);
      expect(w.renderBlocking[0]!.bytes, detail).toBeLessThanOrEqual(BUDGET.blockingCss);

      expect(w.bytes.total, detail).toBeLessThanOrEqual(BUDGET.total);
    });
  }
});
