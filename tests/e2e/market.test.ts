import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { artifactsDir, launchBrowser, logIn } from "./browser";

/**
 * The 相場 page on the economics model (issue 35): 表面・実質利回り and ㎡単価 medians with
 * their n, and the designated cities with their wards. Screenshots at 390 and 1280 px.
 */
const base = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("/investments/market", () => {
  for (const who of ["visitor", "member"] as const) {
    for (const width of [390, 1280]) {
      it(`${who} at ${width} px: 実質利回り medians with n and the four designated cities`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "ja-JP" });
        const page = await context.newPage();
        if (who === "member") await logIn(page, base, "member");
        const res = await page.goto(`${base}/investments/market`, { waitUntil: "load" });
        expect(res?.status()).toBe(200);
        expect(await page.locator('[data-slot="market-view"] header').innerText()).toContain(who === "member" ? "会員限定物件を含みます" : "一般公開物件のみ");
        expect(await page.locator('[data-slot="market-chart"][data-metric="net"]').count()).toBeGreaterThan(1);
        const cities = page.locator('[data-slot="market-city-table"]');
        expect(await cities.count()).toBe(4);
        expect(await cities.first().locator("caption").innerText()).toContain("大阪市");
        const net = await page.locator('[data-slot="market-table"] td[data-metric="net"]').allInnerTexts();
        expect(net.length).toBeGreaterThan(3);
        for (const t of net) expect(t).toMatch(/^(\d+\.\d{2}%|—) \(n=\d+\)$/);
        // the page is no wider than the phone (tables scroll inside their box)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(artifactsDir, `market-${who}-${width}.png`), fullPage: true });
        await context.close();
      });
    }
  }
});
