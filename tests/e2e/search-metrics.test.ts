import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { HAZARD_SEARCH_LABEL } from "@/schemas/search/limits";
import { artifactsDir, launchBrowser } from "./browser";
import { measureWidth } from "./phone-width";

/**
 * The 投資指標 controls (issue 33 item 1, issue 34's hz): 実質利回り (ny), 積算比 (sk), 所有権のみ (ow),
 * 現況満室のみ (oc) and the hazard exclusion (hz) in the search dialog, the feature search and the
 * list's side column. Chosen there, they reach the list's URL and chips, the live counts count with
 * them, and every form opened on that list shows them selected. A visitor's list is served with
 * React held until the first tap (static-pages.ts): the dialog opens on that tap, and the side
 * column's links and form work before it.
 */
const base = inject("baseURL");
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SIZES = [
  { name: "390", viewport: PHONE, phone: true },
  { name: "1280", viewport: DESKTOP, phone: false },
] as const;
const CHOSEN = { ny: "5", sk: "70", ow: "1", oc: "1", hz: "1" };
const CHIPS = ["実質利回り5%以上", "積算比70%以上", "所有権のみ", "現況満室", `${HAZARD_SEARCH_LABEL}（未確認の物件は含む）`];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Opened {
  ctx: BrowserContext;
  page: Page;
  scripts: string[];
  errors: string[];
}

async function open(size: (typeof SIZES)[number], url: string): Promise<Opened> {
  const ctx = await browser.newContext({ viewport: size.viewport, locale: "ja-JP", isMobile: size.phone, hasTouch: size.phone });
  const page = await ctx.newPage();
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  page.on("pageerror", (e) => errors.push(e.message));
  const res = await page.goto(base + url, { waitUntil: "load" });
  expect(res?.status(), url).toBe(200);
  return { ctx, page, scripts, errors };
}

const params = (page: Page) => new URL(page.url()).searchParams;
const chips = (page: Page) => page.locator("[data-chip]").allTextContents();
const digits = (s: string) => Number(s.replace(/[^\d]/g, ""));
const resultTotal = async (page: Page) => digits(await page.locator('[data-slot="result-count"] strong').innerText());

/** What the list of `search` finds for a visitor (the server's page, in a page of its own). */
async function listTotal(size: (typeof SIZES)[number], search: string): Promise<number> {
  const page = await browser.newPage({ viewport: size.viewport, locale: "ja-JP" });
  await page.goto(`${base}/investments/page/1/${search}`, { waitUntil: "load" });
  const n = await resultTotal(page);
  await page.close();
  return n;
}

/** Nothing to scroll sideways: the document and every control within the phone's width. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const w = await measureWidth(page);
  expect(w.scrollWidth, where).toBeLessThanOrEqual(PHONE.width);
  expect(w.offscreen, where).toEqual([]);
}

/** Chooses 実質利回り 5%以上, 積算比 70%以上, 所有権のみ, 現況満室のみ and the hazard exclusion in `scope`. */
async function choose(scope: Locator) {
  await scope.getByLabel("実質利回り（概算）").selectOption("5");
  await scope.getByLabel("積算比").selectOption("70");
  await scope.getByRole("checkbox", { name: /所有権のみ/ }).check();
  await scope.getByRole("checkbox", { name: /現況満室のみ/ }).check();
  await scope.getByRole("checkbox", { name: new RegExp(HAZARD_SEARCH_LABEL) }).check();
}

/** The five controls show the chosen values. */
async function expectChosen(scope: Locator) {
  await expect.poll(() => scope.getByLabel("実質利回り（概算）").inputValue()).toBe("5");
  expect(await scope.getByLabel("積算比").inputValue()).toBe("70");
  expect(await scope.getByRole("checkbox", { name: /所有権のみ/ }).isChecked()).toBe(true);
  expect(await scope.getByRole("checkbox", { name: /現況満室のみ/ }).isChecked()).toBe(true);
  expect(await scope.getByRole("checkbox", { name: new RegExp(HAZARD_SEARCH_LABEL) }).isChecked()).toBe(true);
  // the note says what the hazard condition keeps
  expect(await scope.getByText("ハザード情報が未確認の物件は除外しません").count()).toBeGreaterThan(0);
}

function expectChosenUrl(page: Page, kept: Record<string, string>) {
  const p = params(page);
  for (const [k, v] of Object.entries({ ...CHOSEN, ...kept })) expect(p.get(k), k).toBe(v);
}

for (const size of SIZES) {
  describe(`投資指標 at ${size.name} px`, () => {
    it("the search dialog: chosen on a list, counted, carried to the list's URL and chips, shown again on reopening", async () => {
      // a list with a condition of its own (駅徒歩20分以内), which the dialog keeps
      const { ctx, page, errors } = await open(size, "/investments/page/1/?sw=20");
      await page.getByRole("button", { name: "条件を変更・物件を探す" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor({ timeout: 60_000 });
      const box = dialog.locator('[data-slot="search-dialog-metrics"]');
      await choose(box);
      // the live count counts with them: what the list of these conditions finds
      const expected = await listTotal(size, `?sw=20&${new URLSearchParams(CHOSEN)}`);
      const count = box.locator('[data-slot="metric-count"]');
      await expect.poll(() => count.innerText(), { timeout: 30_000 }).toBe(`${expected.toLocaleString("en-US")}件`);
      await box.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(artifactsDir, `forms33-dialog-${size.name}.png`) });
      if (size.phone) await expectNoSidewaysScroll(page, "the dialog at 390 px");

      await box.getByRole("button", { name: /この条件で絞り込む/ }).click();
      await page.waitForURL((u) => u.searchParams.get("ny") === "5");
      expectChosenUrl(page, { sw: "20" });
      await expect.poll(() => chips(page)).toEqual(expect.arrayContaining(CHIPS));
      expect(await chips(page)).toContain("駅徒歩20分以内");
      expect(await resultTotal(page)).toBe(expected);
      if (size.phone) await expectNoSidewaysScroll(page, "the list at 390 px");
      await page.screenshot({ path: path.join(artifactsDir, `forms33-list-${size.name}.png`) });

      // reopened on that list: the choices are there
      await page.getByRole("button", { name: "条件を変更・物件を探す" }).click();
      await dialog.waitFor();
      await expectChosen(dialog.locator('[data-slot="search-dialog-metrics"]'));
      expect(errors).toEqual([]);
      await ctx.close();
    });

    it("the feature search: chosen, counted, carried to the list, and preselected when opened from it", async () => {
      const { ctx, page, errors } = await open(size, "/investments/search/feature");
      const form = page.locator('[data-slot="feature-search"]');
      const metrics = form.locator('[data-slot="metric-fields"]');
      // hydrated (React's props on the form): a choice made now updates the live total
      await page.waitForFunction(
        () => Object.keys(document.querySelector('[data-slot="feature-search"]') ?? {}).some((k) => k.startsWith("__reactProps$")),
        undefined,
        { timeout: 60_000 },
      );
      await choose(metrics);
      const expected = await listTotal(size, `?${new URLSearchParams(CHOSEN)}`);
      const submit = page.locator('[data-slot="search-submit-bar"] button[type="submit"]');
      await expect.poll(() => submit.innerText(), { timeout: 30_000 }).toContain(`${expected.toLocaleString("en-US")}件`);
      await metrics.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(artifactsDir, `forms33-feature-${size.name}.png`), fullPage: !size.phone });
      if (size.phone) await expectNoSidewaysScroll(page, "the feature search at 390 px");
      await submit.click();
      await page.waitForURL((u) => /\/investments\/page\/1/.test(u.pathname) && u.searchParams.get("sk") === "70");
      expectChosenUrl(page, {});
      await expect.poll(() => chips(page)).toEqual(expect.arrayContaining(CHIPS));
      expect(await resultTotal(page)).toBe(expected);

      // back to the feature search from the list's side column: the five are selected, kept once (not also as hidden copies)
      if (size.phone) await page.locator('[data-slot="refine-open"]').click();
      await page.getByRole("navigation", { name: "条件の絞り込み" }).getByRole("link", { name: "こだわり条件から探す" }).click();
      await page.waitForURL(/\/search\/feature\?/);
      await expectChosen(page.locator('[data-slot="metric-fields"]'));
      for (const k of Object.keys(CHOSEN)) expect(await form.locator(`input[type="hidden"][name="${k}"]`).count(), k).toBe(0);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  });
}

describe("the list's side column before React (a visitor's deferred list)", () => {
  it("at 390 px: the one-click 所有権のみ and the free 実質利回り floor work without a script file, and show as chosen", async () => {
    const size = SIZES[0];
    const { ctx, page, scripts } = await open(size, "/investments/page/1/?ty=1");
    expect(scripts).toEqual([]);
    await page.locator('[data-slot="refine-open"]').click();
    const panel = page.locator('[data-slot="refine-panel"]');
    await panel.getByRole("link", { name: /^所有権のみ/ }).click();
    await page.waitForURL((u) => u.searchParams.get("ow") === "1");
    expect(params(page).get("ty")).toBe("1");
    await page.locator('[data-slot="refine-open"]').click();
    // the link shows as chosen; the hazard option carries its note
    await expect.poll(() => panel.getByRole("link", { name: /所有権のみ.*選択中/ }).count()).toBe(1);
    expect(await panel.getByText("ハザード情報が未確認の物件は除外しません").count()).toBe(1);
    await panel
      .locator('[data-slot="range-form"]')
      .getByLabel(/実質利回り/)
      .fill("5.5");
    await panel
      .locator('[data-slot="range-form"]')
      .getByLabel(/積算比/)
      .fill("80");
    await expectNoSidewaysScroll(page, "the side column at 390 px");
    await page.screenshot({ path: path.join(artifactsDir, "forms33-refine-390.png") });
    await panel.getByRole("button", { name: "この条件で絞り込む" }).click();
    await page.waitForURL((u) => u.searchParams.get("ny") === "5.5");
    expect(Object.fromEntries(params(page))).toEqual({ ty: "1", ny: "5.5", sk: "80", ow: "1" });
    await expect.poll(() => chips(page)).toEqual(expect.arrayContaining(["実質利回り5.5%以上", "積算比80%以上", "所有権のみ"]));
    // the free value is kept by the form, and offered as it is by the dialog's select
    expect(await page.locator('[data-slot="range-form"] input[name="ny"]').inputValue()).toBe("5.5");
    expect(scripts).toEqual([]);
    await page.getByRole("button", { name: "条件を変更・物件を探す" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor({ timeout: 60_000 });
    expect(await dialog.getByLabel("実質利回り（概算）").inputValue()).toBe("5.5");
    expect(await dialog.getByLabel("積算比").inputValue()).toBe("80");
    await ctx.close();
  });
});
