import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { artifactsDir, launchBrowser } from "./browser";

/**
 * Issue 30 (search): areas as investors think of them (whole 大阪市・京都市・神戸市・堺市, 大阪市中心部),
 * the map opening on what was searched, every way into a search page keeping the list's conditions,
 * and refining at the top of a phone's list; at 390 and 1280 px.
 */
const base = inject("baseURL");
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const LIST = "/investments/page/1/?ty=2&hp=8000";
/** Many conditions: a heading of two lines or more on a desktop. */
const LONG = "/investments/page/1/?ct=271004&ct=261009&ct=281000&ty=1&ty=2&ty=3&lp=3000&hp=8000&ly=6&sw=10&bt=20&fs=1&fs=2";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const params = (page: Page) => new URL(page.url()).searchParams;
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifactsDir, name) });

/** The sum of the page's layout shifts (Cumulative Layout Shift, without input-driven ones) and what moved. */
const SHIFTS = `window.__shifts = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__shifts.push({ value: e.value, nodes: (e.sources || []).map((s) => s.node && s.node.nodeType === 1 ? (s.node.getAttribute("data-slot") || s.node.tagName) : "?") }); }).observe({ type: "layout-shift", buffered: true });`;

describe("issue 30: search", () => {
  it("phone: refining sits at the top in a sheet (ranges, exclusion words, areas and whole cities), nothing shifts", async () => {
    const ctx = await browser.newContext({ viewport: phone, locale: "ja-JP", isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await page.addInitScript(SHIFTS);
    await page.goto(`${base}${LIST}`, { waitUntil: "networkidle" });

    const bar = page.locator('[data-slot="refine-bar"]');
    const firstCard = page.locator('[data-slot="investment-results"] [data-slot="investment-card"]').first();
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual((await firstCard.boundingBox())!.y);
    expect(barBox.y).toBeLessThan(phone.height);
    expect(await bar.innerText()).toMatch(/該当\s*[\d,]+\s*件/);
    // the panel takes no room until opened
    expect(await page.locator('[data-slot="refine-panel"]').isVisible()).toBe(false);
    const shifts = (await page.evaluate("window.__shifts")) as { value: number; nodes: string[] }[];
    expect(shifts.filter((s) => s.nodes.some((n) => /refine|range-form|ASIDE/.test(n)))).toEqual([]);
    expect(shifts.reduce((s, e) => s + e.value, 0)).toBeLessThan(0.1);
    await shot(page, "issue30-list-phone-bar.png");

    // the bar stays at the top while scrolling the cards
    await page.evaluate(() => window.scrollTo(0, 3000));
    expect(Math.abs((await bar.boundingBox())!.y)).toBeLessThanOrEqual(1);

    await page.locator('[data-slot="refine-open"]').click();
    const panel = page.locator('[data-slot="refine-panel"]');
    await panel.waitFor();
    const form = panel.locator('[data-slot="range-form"]');
    expect(await form.getByLabel("価格の上限（万円）").inputValue()).toBe("8000");
    await expect.poll(() => form.getByLabel("除外ワード").isVisible()).toBe(true);
    expect(await panel.getByRole("link", { name: /大阪市全域（24区）/ }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, "issue30-list-phone-sheet.png");

    // an exclusion word from the sheet: the other conditions stay
    await form.getByLabel("除外ワード").fill("借地権");
    await form.getByRole("button", { name: "この条件で絞り込む" }).click();
    await page.waitForURL((u) => u.searchParams.get("xw") === "借地権");
    expect(params(page).getAll("ty")).toEqual(["2"]);
    expect(params(page).get("hp")).toBe("8000");
    await ctx.close();
  });

  for (const [name, viewport] of [
    ["phone", phone],
    ["desktop", desktop],
  ] as const) {
    it(`${name}: with a long heading 「地図で見る」 stays on one line`, async () => {
      const page = await browser.newPage({ viewport, locale: "ja-JP" });
      await page.goto(`${base}${LONG}`);
      const link = page.locator('[data-slot="investment-list"] header [data-slot="map-link"]');
      const box = (await link.boundingBox())!;
      const lineHeight = await link.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect(box.height).toBeLessThan(lineHeight * 1.5);
      expect(box.width).toBeGreaterThan(60);
      const h1 = page.locator('[data-slot="investment-list"] h1');
      const headingLine = await h1.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect((await h1.boundingBox())!.height).toBeGreaterThan(headingLine * 1.5); // the heading does wrap
      await shot(page, `issue30-long-heading-${name}.png`);
      await page.close();
    });
  }

  it("desktop: the header's search links, the list's 路線・駅 tab and the search dialog carry the conditions; they can be cleared", async () => {
    const page = await browser.newPage({ viewport: desktop, locale: "ja-JP" });
    await page.goto(`${base}${LIST}`);
    await page.getByRole("navigation", { name: "メインメニュー" }).getByRole("link", { name: "エリアから探す" }).click();
    await page.waitForURL(/\/investments\/search\/area\?/);
    expect(params(page).getAll("ty")).toEqual(["2"]);
    expect(params(page).get("hp")).toBe("8000");
    const carried = page.locator('[data-slot="carried-conditions"]');
    expect(await carried.innerText()).toContain("一棟アパート");
    await shot(page, "issue30-area-carried-desktop.png");

    // the tabs between the search pages keep them too
    await page
      .getByRole("navigation", { name: "検索方法" })
      .getByRole("link", { name: /路線・駅から探す/ })
      .click();
    await page.waitForURL(/\/investments\/search\/train\?/);
    expect(params(page).getAll("ty")).toEqual(["2"]);
    expect(await page.locator('[data-slot="train-search"] input[type="hidden"][name="hp"]').getAttribute("value")).toBe("8000");
    // cleared on purpose
    await page.locator('[data-slot="clear-conditions"]').click();
    await page.waitForURL((u) => u.pathname === "/investments/search/train" && u.search === "");
    expect(await page.locator('[data-slot="carried-conditions"]').count()).toBe(0);

    // the list's side panel: 路線・駅から探す keeps them
    await page.goto(`${base}${LIST}`);
    await page.getByRole("navigation", { name: "条件の絞り込み" }).getByRole("link", { name: "路線・駅から探す" }).click();
    await page.waitForURL(/\/investments\/search\/train\?/);
    expect(params(page).get("hp")).toBe("8000");

    // the prominent button's dialog: its search entries and place choices keep them
    await page.goto(`${base}${LIST}`);
    await page.getByRole("button", { name: "条件を変更・物件を探す" }).click();
    const dialog = page.locator('[data-slot="search-dialog"]');
    await dialog.waitFor();
    expect(await dialog.getByRole("link", { name: /こだわり条件から探す/ }).getAttribute("href")).toBe("/investments/search/feature?ty=2&hp=8000");
    await shot(page, "issue30-dialog-desktop.png");
    await dialog.getByRole("link", { name: "京都市全域（11区）" }).click();
    await page.waitForURL((u) => u.searchParams.get("ct") === "261009");
    expect(params(page).getAll("ty")).toEqual(["2"]);
    expect(params(page).get("hp")).toBe("8000");
    expect(await page.locator('[data-slot="search-summary"]').innerText()).toContain("京都市");
    await page.close();
  });

  it("the area page offers whole cities: 大阪市 (24区) is one choice and one condition", async () => {
    const page = await browser.newPage({ viewport: desktop, locale: "ja-JP" });
    await page.goto(`${base}/investments/search/area`);
    const city = page.locator('[data-slot="city-choices"]').getByRole("checkbox", { name: /大阪市全域（24区）/ });
    await city.check();
    // its wards in both areas (大阪市中心部 and 大阪ベイエリア) are chosen
    await expect.poll(() => page.getByRole("checkbox", { name: /此花区/ }).isChecked()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByRole("checkbox", { name: /^大阪市北区|^北区/ })
          .first()
          .isChecked(),
      )
      .toBe(true);
    expect(await page.locator('[data-slot="search-submit-bar"]').innerText()).toContain("選択中：大阪市全域（24区）");
    await shot(page, "issue30-area-cities-desktop.png");
    await page
      .locator('[data-slot="area-search"]')
      .getByRole("button", { name: /この条件で検索/ })
      .click();
    await page.waitForURL((u) => u.searchParams.has("ct"));
    expect(params(page).getAll("ct")).toEqual(["271004"]);
    expect(params(page).getAll("re")).toEqual([]);
    expect(await page.locator('[data-slot="search-summary"]').innerText()).toContain("大阪市");
    await page.close();
  });

  it("the map opens on the searched results: Kyoto on Kyoto", async () => {
    const page = await browser.newPage({ viewport: desktop, locale: "ja-JP" });
    const answered = page.waitForResponse((r) => r.url().includes("/api/investments/map?") && r.status() === 200);
    await page.goto(`${base}/investments/map?ct=261009`);
    // a visitor's map is built when first pointed at (static-pages.ts)
    await page.locator('[data-slot="map"]').hover();
    await answered;
    await page.waitForURL((u) => u.searchParams.has("c"));
    const [lat, lng] = params(page).get("c")!.split(",").map(Number);
    // 京都市: about 34.9-35.1 N, 135.6-135.8 E (Osaka's centre is 34.69 N)
    expect(lat).toBeGreaterThan(34.85);
    expect(lat).toBeLessThan(35.3);
    expect(lng).toBeGreaterThan(135.55);
    expect(Number(params(page).get("z"))).toBeGreaterThan(9);
    await expect.poll(() => page.locator('[data-slot="map-count"] strong').getAttribute("data-total")).not.toBe("");
    expect(Number(await page.locator('[data-slot="map-count"] strong').getAttribute("data-total"))).toBeGreaterThan(0);
    await shot(page, "issue30-map-kyoto-desktop.png");
    await page.close();
  });
});
