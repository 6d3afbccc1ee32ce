import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { artifactsDir, launchBrowser, logIn, viewports } from "./browser";
import { measureWidth, phoneRoutes, type Who } from "./phone-width";

/**
 * Issue 15 item 1: every route of the site, My Page and the admin area at
 * 390 px: the document is no wider than the phone and no visible link,
 * button or field sits off-screen (except inside a deliberate horizontal
 * scroller). One browser, one context per role, pages in sequence.
 */
const base = inject("baseURL");
let browser: Browser;
let db: Db;
const contexts = new Map<Who, BrowserContext>();

beforeAll(async () => {
  browser = await launchBrowser();
  db = await openDb(inject("databaseURL"));
});
afterAll(async () => {
  await browser?.close();
  db?.$client.close();
});

async function contextFor(who: Who): Promise<BrowserContext> {
  const existing = contexts.get(who);
  if (existing) return existing;
  const ctx = await browser.newContext({ viewport: viewports.phone, locale: "ja-JP" });
  const page = await ctx.newPage();
  if (who !== "visitor") await logIn(page, base, who);
  await page.close();
  contexts.set(who, ctx);
  return ctx;
}

describe("every page fits a 390 px phone", () => {
  it("no horizontal overflow and nothing interactive off-screen, on every route", async () => {
    const routes = await phoneRoutes(db);
    expect(routes.length).toBeGreaterThan(70);
    // Log everyone in first, so staff pages also show the sessions (long user agents) these logins create.
    for (const who of ["visitor", "member", "admin"] as const) await contextFor(who);
    const problems: string[] = [];
    for (const r of routes) {
      const page = await (await contextFor(r.who)).newPage();
      const res = await page.goto(base + r.url, { waitUntil: "load" });
      // client components (the editor's selects, My Page lists) render after load
      await page.waitForLoadState("networkidle").catch(() => undefined);
      const m = await measureWidth(page);
      if (res?.status() !== 200) problems.push(`${r.url} (${r.route}): HTTP ${res?.status()}`);
      if (m.scrollWidth > viewports.phone.width) problems.push(`${r.url}: ${m.scrollWidth} px wide`);
      for (const o of m.offscreen) problems.push(`${r.url}: off-screen ${o}`);
      await page.close();
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it("screenshots of My Page, bookmarks and the area search, phone and desktop", async () => {
    const shots: [string, string, Who][] = [
      ["/mypage", "mypage", "member"],
      ["/mypage/bookmark", "mypage-bookmark", "member"],
      ["/investments/search/area", "area-search", "visitor"],
    ];
    for (const [url, name, who] of shots) {
      const page: Page = await (await contextFor(who)).newPage();
      for (const [vp, size] of Object.entries(viewports)) {
        await page.setViewportSize(size);
        await page.goto(base + url, { waitUntil: "networkidle" });
        await page.screenshot({ path: path.join(artifactsDir, `${name}-${vp}.png`) });
      }
      await page.close();
    }
  });
});
