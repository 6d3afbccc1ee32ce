import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { artifactsDir, launchBrowser } from "./browser";

/**
 * Issue 33's search keys on the list page: the title, breadcrumb and removable chips say
 * 実質利回り・積算比・所有権のみ・現況満室 in Japanese; a chip's link drops its key only; the
 * page fits a phone. Screenshots at 390 and 1280 px.
 */
const base = inject("baseURL");
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };
const QS = "ny=5&sk=70&ow=1&sr=net_yield_desc";
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const chipLabels = (page: Page) => page.locator('[data-slot="search-summary"] [data-chip]').allTextContents();

describe("the deal's numbers on the list page", () => {
  it("title, chips and a chip's removal link, at 1280 and 390 px", async () => {
    const ctx = await browser.newContext({ viewport: desktop, locale: "ja-JP" });
    const page = await ctx.newPage();
    await page.goto(`${base}/investments/page/1?${QS}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("実質利回り5%以上・積算比70%以上・所有権のみの物件一覧");
    expect((await chipLabels(page)).map((s) => s.trim())).toEqual(["実質利回り5%以上", "積算比70%以上", "所有権のみ"]);
    expect(await page.locator('[data-slot="investment-card"]').count()).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(artifactsDir, "deal-keys-list-desktop.png") });

    // 積算比's chip drops sk only (the sort and the other keys stay)
    const href = await page.locator('[data-slot="search-summary"] [data-chip="sk"]').getAttribute("href");
    const after = new URL(href!, base).searchParams;
    expect([after.get("ny"), after.get("sk"), after.get("ow"), after.get("sr")]).toEqual(["5", null, "1", "net_yield_desc"]);

    await page.goto(`${base}/investments/page/1?${QS}&oc=1&vw=table`);
    expect((await chipLabels(page)).map((s) => s.trim())).toContain("現況満室");
    await page.setViewportSize(phone);
    await page.goto(`${base}/investments/page/1?${QS}`);
    await expect.poll(() => page.locator("h1").textContent()).toContain("実質利回り5%以上");
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(artifactsDir, "deal-keys-list-phone.png") });
    await ctx.close();
  });
});
