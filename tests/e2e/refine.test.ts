import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { artifactsDir, launchBrowser } from "./browser";

/**
 * Refining without starting over: from a list (東大阪市 + アパート) the feature
 * and area searches open with its conditions and keep them; the side panel
 * takes free ranges and exclusion words; chips come off one by one.
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

const params = (page: Page) => new URL(page.url()).searchParams;
const chips = (page: Page) => page.locator("[data-chip]").allTextContents();

describe("refine", () => {
  it("feature and area searches keep the list's conditions; ranges and exclusion words in the side panel; chips one by one", async () => {
    const page = await browser.newPage({ viewport: desktop, locale: "ja-JP" });
    await page.goto(`${base}/investments/page/1/?ct=272272&ty=2&sw=10`);

    // → こだわり条件から探す: アパート and 徒歩10分 preselected, 東大阪市 kept
    await page.getByRole("navigation", { name: "条件の絞り込み" }).getByRole("link", { name: "こだわり条件から探す" }).click();
    await page.waitForURL(/\/search\/feature\?/);
    const form = page.locator('[data-slot="feature-search"]');
    await expect.poll(() => form.locator('input[name="ty"][value="2"]').isChecked()).toBe(true);
    expect(await form.locator('select[name="sw"]').inputValue()).toBe("10");
    expect(await form.locator('input[type="hidden"][name="ct"]').getAttribute("value")).toBe("272272");
    await form.locator('input[name="ty"][value="1"]').check();
    await form.getByRole("button", { name: /この条件で検索/ }).click();
    await page.waitForURL(/\/investments\/page\/1/);
    expect(params(page).getAll("ct")).toEqual(["272272"]);
    expect(params(page).getAll("ty").sort()).toEqual(["1", "2"]);
    expect(params(page).get("sw")).toBe("10");

    // → エリアから探す: 東大阪市 preselected, the other conditions kept
    await page.getByRole("navigation", { name: "条件の絞り込み" }).getByRole("link", { name: "エリアから探す" }).click();
    await page.waitForURL(/\/search\/area\?/);
    await expect.poll(() => page.getByRole("checkbox", { name: /東大阪市/ }).isChecked()).toBe(true);
    await page.getByRole("checkbox", { name: /^八尾市/ }).check();
    await page
      .locator('[data-slot="area-search"]')
      .getByRole("button", { name: /この条件で検索/ })
      .click();
    await page.waitForURL(/\/investments\/page\/1/);
    expect(params(page).getAll("ct").sort()).toEqual(["272272", "272124"].sort());
    expect(params(page).getAll("ty").sort()).toEqual(["1", "2"]);

    // side panel: free ranges and exclusion words, blanks left out of the URL
    await page.goto(`${base}/investments/page/1/?ty=2&vw=table`);
    const panel = page.locator('[data-slot="range-form"]');
    await panel.getByLabel("価格の下限（万円）").fill("3333");
    await panel.getByLabel("価格の上限（万円）").fill("8888");
    await panel.getByLabel("表面利回りの下限（%）").fill("7.25");
    await panel.getByLabel("除外ワード").fill("借地権");
    await panel.getByRole("button", { name: "この条件で絞り込む" }).click();
    await page.waitForURL(/lp=3333/);
    expect(Object.fromEntries(params(page))).toEqual({ ty: "2", lp: "3333", hp: "8888", ly: "7.25", xw: "借地権", vw: "table" });
    expect(await chips(page)).toEqual(["一棟アパート", "3,333万円〜8,888万円", "表面利回り7.25%以上", "除外「借地権」"]);
    // every row respects the ranges
    for (const row of await page.locator('[data-slot="investment-table"] tbody tr').all()) {
      const yieldText = (await row.locator("td").nth(2).textContent()) ?? "";
      expect(Number(yieldText.replace("%", ""))).toBeGreaterThanOrEqual(7.25);
    }
    await page.screenshot({ path: path.join(artifactsDir, "refine-desktop.png"), fullPage: false });

    // chips come off one by one, the rest stays
    await page.getByRole("link", { name: "「表面利回り7.25%以上」の条件を外す" }).click();
    await page.waitForURL((u) => !u.searchParams.has("ly"));
    expect(await chips(page)).toEqual(["一棟アパート", "3,333万円〜8,888万円", "除外「借地権」"]);
    await page.getByRole("link", { name: "「除外「借地権」」の条件を外す" }).click();
    await page.waitForURL((u) => !u.searchParams.has("xw"));
    expect(await chips(page)).toEqual(["一棟アパート", "3,333万円〜8,888万円"]);
    await page.close();
  });

  it("the side panel fits a phone", async () => {
    const ctx = await browser.newContext({ viewport: phone, locale: "ja-JP", isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await page.goto(`${base}/investments/page/1/?ty=2&lp=3000&xw=借地権`);
    // a sheet opened from the sticky bar at the top (issue 30)
    await page.locator('[data-slot="refine-open"]').click();
    await page.locator('[data-slot="range-form"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(artifactsDir, "refine-phone.png") });
    await ctx.close();
  });
});
