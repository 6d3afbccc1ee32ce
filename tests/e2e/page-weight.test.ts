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
 * Fonts, render-blocking requests and CSS are the budgets; JS and total are held at
 * today's figures (see HELD).
 */
const KiB = 1024;
const BUDGET = {
  fonts: 120 * KiB,
  /** The one render-blocking request: the site stylesheet. */
  blockingCss: 25 * KiB,
};
/**
 * JavaScript and total bytes: issue 21 asks for JS ≤ 130 KiB on list and detail pages, ≤ 100 KiB on
 * content pages and ≤ 400 KiB in all. Not reached yet: React DOM and Next's App Router runtime alone
 * are ~120 KiB gzip on every page (Chromium gets gzip over http://), and the site chrome's client
 * components with tRPC/React Query add ~100 KiB. These ceilings hold what the lazy-loaded overlays
 * and the zod-free link builders brought it down to (list 351 → 224 KiB), so it cannot creep back;
 * lower them as the remaining work lands.
 */
const HELD = {
  jsPage: 240 * KiB,
  /** Pages with a validated form (react-hook-form + zod): login, consultation. */
  jsForm: 345 * KiB,
  total: 420 * KiB,
  totalForm: 480 * KiB,
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
  { name: "home", path: "/", form: false },
  { name: "list", path: "/investments", form: false },
  { name: "filtered list", path: "/investments/page/1?ty=1", form: false },
  { name: "detail", path: `/investments/${listing.id}`, form: false },
  { name: "area search", path: "/investments/search/area", form: false },
  { name: "train search", path: "/investments/search/train", form: false },
  { name: "feature search", path: "/investments/search/feature", form: false },
  { name: "blog list", path: "/blogs", form: false },
  { name: "blog post", path: `/blogs/${encodeURIComponent(post.slug)}`, form: false },
  { name: "consultation form", path: "/contacts/consult", form: true },
  { name: "login", path: "/login", form: true },
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

      expect(w.bytes.js, detail).toBeLessThanOrEqual(page.form ? HELD.jsForm : HELD.jsPage);
      expect(w.bytes.font, detail).toBeLessThanOrEqual(BUDGET.fonts);
      // The subset font: at most one file per weight, each asked for before the first render.
      const fonts = w.requests.filter((r) => r.kind === "font");
      expect(fonts.length, detail).toBeLessThanOrEqual(2);
      for (const f of fonts) expect(w.preloadedFonts, detail).toContain(f.url);

      // Exactly one render-blocking request, the stylesheet, within its budget.
      expect(w.renderBlocking.map((r) => r.kind), detail).toEqual(["css"]);
      expect(w.renderBlocking[0]!.bytes, detail).toBeGreaterThan(0);
      expect(w.renderBlocking[0]!.bytes, detail).toBeLessThanOrEqual(BUDGET.blockingCss);

      expect(w.bytes.total, detail).toBeLessThanOrEqual(page.form ? HELD.totalForm : HELD.total);
    });
  }
});
