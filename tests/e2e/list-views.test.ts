import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { artifactsDir, launchBrowser } from "./browser";

/**
 * Dense lists: the compact table beside the cards, 20 / 50 / 100 per page,
 * the choice kept in the URL and remembered by the browser; cards show
 * structure, area, units and the estimated net yield.
 */
const base = inject("baseURL");
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const rows = (page: Page) => page.locator('[data-slot="investment-table"] tbody tr').count();

describe("list views", () => {
  it("switches to the table and 50 per page, keeps the choice on pagination and in the next list", async () => {
    const ctx = await browser.newContext({ viewport: desktop, locale: "ja-JP" });
    const page = await ctx.newPage();
    await page.goto(base + "/investments?ty=6");
    // cards: structure / area / units line and the estimate, labelled as such
    const card = page.locator('[data-slot="investment-card"]').first();
    await expect.poll(() => card.locator('[data-slot="card-facts"]').textContent()).toMatch(/造.*専有[\d.,]+㎡/);
    expect(await page.locator('[data-slot="net-yield"]').count()).toBeGreaterThan(0);
    expect(await card.textContent()).toContain("実質利回り（概算）");
    await page.screenshot({ path: path.join(artifactsDir, "list-cards-desktop.png") });

    await page.getByRole("navigation", { name: "表示形式" }).getByRole("link", { name: "一覧表" }).click();
    await page.waitForURL(/vw=table/);
    expect(await rows(page)).toBe(20);
    expect(new URL(page.url()).searchParams.getAll("ty")).toEqual(["6"]);
    expect(await page.locator('[data-slot="investment-table"] tbody tr').first().textContent()).toMatch(/区分マンション.*%.*造.*専有/);

    // every listing (several pages of 50)
    await page.goto(base + "/investments/page/1/?vw=table&pp=20");
    const headers = await page.locator('[data-slot="investment-table"] thead th').allTextContents();
    expect(headers).toEqual(["物件名・所在地", "種別", "価格", "表面利回り※", "実質利回り（概算）※", "構造", "築年", "面積", "戸数", "駅徒歩", "取引態様"]);

    await page.getByRole("link", { name: "50件ずつ表示" }).click();
    await page.waitForURL(/pp=50/);
    await expect.poll(() => rows(page)).toBe(50);
    await page.screenshot({ path: path.join(artifactsDir, "list-table-desktop.png") });

    // page 2 keeps view and size
    await page.getByRole("link", { name: "次のページ" }).first().click();
    await page.waitForURL(/\/investments\/page\/2\b/);
    expect(new URL(page.url()).searchParams.get("vw")).toBe("table");
    expect(await rows(page)).toBeGreaterThan(0);

    // a list opened without a choice gets the remembered one
    await page.goto(base + "/investments?ty=1");
    await page.waitForURL(/vw=table/);
    await expect.poll(() => rows(page)).toBe(50);
    expect(new URL(page.url()).searchParams.get("pp")).toBe("50");
    await ctx.close();

    // the server renders from the URL alone: the same URL without a choice is the card view for anyone
    const html = await (await fetch(base + "/investments?ty=1")).text();
    expect(html).not.toContain('data-slot="investment-table"');
    expect(html).toContain('data-slot="investment-card"');
  });

  it("at 390 px the table scrolls inside its box, not the page", async () => {
    const ctx = await browser.newContext({ viewport: phone, locale: "ja-JP", isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await page.goto(base + "/investments/page/1/?ty=6&vw=table&pp=20");
    await expect.poll(() => rows(page)).toBe(20);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const box = page.locator('[data-slot="investment-table"]');
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.screenshot({ path: path.join(artifactsDir, "list-table-phone.png") });
    await page.goto(base + "/investments/page/1/?ty=6&vw=card&pp=20");
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(artifactsDir, "list-cards-phone.png") });
    await ctx.close();
  });
});
