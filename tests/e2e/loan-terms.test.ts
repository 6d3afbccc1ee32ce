import path from "node:path";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { bookmarks, loan_terms, users } from "@/server/db/schema";
import { artifactsDir, DEMO_LOGINS, launchBrowser, logIn } from "./browser";

/**
 * Issue 33 item 3 in the browser: the demo member saves their 融資条件 on My Page, sees their 月間CF
 * on the list's cards and table, sorts by it, and opens a listing's simulator on the same figure;
 * a visitor sees none of it. Screenshots at 390 and 1280 px (tests/artifacts/loan33-*.png).
 */
const base = inject("baseURL");
let browser: Browser;
let db: Db;
let memberId: number;

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: path.join(artifactsDir, `loan33-${name}.png`), fullPage });

beforeAll(async () => {
  browser = await launchBrowser();
  db = await openDb(inject("databaseURL"));
  memberId = (await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_LOGINS.member.email)).get())!.id;
  await db.delete(loan_terms).where(eq(loan_terms.user_id, memberId));
});
afterAll(async () => {
  // other suites log the demo member in: leave no terms behind
  await db?.delete(loan_terms).where(eq(loan_terms.user_id, memberId));
  await browser?.close();
  db?.$client.close();
});

async function memberPage(size: keyof typeof VIEWPORTS): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORTS[size], locale: "ja-JP" });
  const page = await context.newPage();
  page.on("dialog", (d) => void d.accept());
  await logIn(page, base, "member");
  return { context, page };
}

const CF_TEXT = /^(?:[+-][\d,]+\.\d万円|0\.0万円|—)$/;

describe("my loan terms (desktop 1280 px)", () => {
  it("saves the terms with Japanese errors first, shows the CF on cards and the table, sorts by it, and the simulator opens on the card's figure", async () => {
    const { context, page } = await memberPage("desktop");
    await page.goto(base + "/mypage/loan");
    await expect.poll(() => page.getByRole("heading", { name: "融資条件" }).isVisible()).toBe(true);
    expect(await page.locator('[data-slot="loan-terms-formula"]').innerText()).toContain("NOI − 年間返済額");
    // the nav has the page among the others
    expect(await page.getByRole("navigation", { name: "マイページメニュー" }).getByRole("link", { name: "融資条件" }).count()).toBe(1);

    await page.getByLabel("金利（年%）").fill("16");
    await page.getByLabel("融資期間（年）").fill("51");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect.poll(() => page.locator('[data-slot="loan-terms-form"]').innerText()).toContain("金利は0〜15%の範囲で入力してください");
    expect(await page.locator('[data-slot="loan-terms-form"]').innerText()).toContain("期間は1〜50年の範囲の整数で入力してください");
    await shot(page, "mypage-errors-1280", true);

    await page.getByRole("textbox", { name: "頭金（価格の%）" }).fill("10");
    await page.getByLabel("金利（年%）").fill("2.5");
    await page.getByLabel("融資期間（年）").fill("30");
    await page.getByLabel("購入時諸費用（価格の%）").fill("7");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect.poll(() => page.locator('[data-slot="loan-terms-saved"]').innerText()).toContain("頭金10%・金利2.5%・期間30年・購入時諸費用7%");
    expect(await db.select().from(loan_terms).where(eq(loan_terms.user_id, memberId)).get()).toMatchObject({
      down_payment_pct: 10,
      interest_pct: 2.5,
      years: 30,
    });
    await shot(page, "mypage-saved-1280", true);

    // cards
    await page.goto(base + "/investments");
    const cfs = page.locator('[data-slot="investment-results"] [data-slot="member-cf"]');
    await expect.poll(() => cfs.count()).toBeGreaterThan(3);
    // textContent, not innerText: cards off screen are not laid out (content-visibility: auto), and
    // innerText, which follows layout, reads them as empty although their text is in the page.
    for (const t of await cfs.allTextContents()) expect(t.trim()).toMatch(CF_TEXT);
    const negative = page.locator('[data-slot="member-cf"][data-value^="-"]');
    if ((await negative.count()) > 0) expect(await negative.first().getAttribute("class")).toContain("text-error");
    expect(await page.locator('[data-slot="member-cf-note"]').innerText()).toContain("NOI − 年間返済額");
    await page.locator('[data-slot="investment-results"]').scrollIntoViewIfNeeded();
    await shot(page, "cards-1280");

    // table
    await page.goto(base + "/investments/page/1/?vw=table&pp=20");
    await expect.poll(() => page.locator('[data-slot="member-cf-header"]').count()).toBe(1);
    const cells = page.locator('[data-slot="investment-table"] td[data-slot="member-cf"]');
    expect(await cells.count()).toBeGreaterThan(3);
    for (const t of await cells.allInnerTexts()) expect(t.trim()).toMatch(CF_TEXT);
    // the table still fits the list's column at 1280 px
    const box = await page.locator('[data-slot="investment-table"]').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(box.scroll).toBeLessThanOrEqual(box.client + 1);
    await page.locator('[data-slot="investment-table"]').scrollIntoViewIfNeeded();
    await shot(page, "table-1280");

    // sort by CF: offered to this member, and the list comes back in descending CF
    // (vw=card: the table just visited is remembered by this browser and would come back otherwise)
    await page.goto(base + "/investments/page/1/?vw=card&pp=20");
    const select = page.locator('select[name="sr"]');
    expect(await select.locator('option[value="cf_desc"]').count()).toBe(1);
    await select.selectOption("cf_desc");
    await page.waitForURL(/sr=cf_desc/);
    await expect.poll(() => cfs.count()).toBeGreaterThan(3);
    const values = (await cfs.evaluateAll((els) => els.map((e) => e.getAttribute("data-value") ?? ""))).filter((v) => v !== "").map(Number);
    for (let k = 1; k < values.length; k++) expect(values[k]!).toBeLessThanOrEqual(values[k - 1]! + 1e-6);
    await shot(page, "sorted-1280");

    // the simulator opens with the terms, on the card's figure (a listing without a scenario saved with a bookmark)
    const withScenario = new Set(
      (
        await db
          .select({ id: bookmarks.investment_id })
          .from(bookmarks)
          .where(and(eq(bookmarks.user_id, memberId), isNotNull(bookmarks.scenario)))
          .all()
      ).map((b) => b.id),
    );
    const cards = await page
      .locator('[data-slot="investment-results"] [data-slot="investment-card"]')
      .evaluateAll((els) =>
        els.map((e) => ({ id: Number(e.getAttribute("data-investment-id")), cf: e.querySelector('[data-slot="member-cf"]')?.textContent?.trim() ?? "" })),
      );
    const pick = cards.find((c) => c.cf !== "—" && c.cf !== "" && !withScenario.has(c.id));
    expect(pick).toBeDefined();
    await page.goto(`${base}/investments/${pick!.id}`, { waitUntil: "load" });
    await page.locator("#detail-simulator").scrollIntoViewIfNeeded();
    await page.locator('[data-slot="cash-flow-simulator"][data-ready]').waitFor();
    const sim = page.locator('[data-slot="cash-flow-simulator"]');
    // (2.5 % is also the simulator's default: wait on the term, which the terms move from the default)
    await expect.poll(() => sim.locator('input[name="years"]').inputValue()).toBe("30");
    expect(await sim.locator('input[name="interest"]').inputValue()).toBe("2.5");
    expect(await sim.locator('[data-slot="sim-monthly-cf"]').innerText()).toBe(pick!.cf.replace(/^\+/, ""));
    await sim.scrollIntoViewIfNeeded();
    await shot(page, "simulator-1280");
    await context.close();
  });
});

describe("my loan terms (phone 390 px)", () => {
  it("shows the CF on cards and the table without widening the page; a visitor sees none and no CF sort", async () => {
    const { context, page } = await memberPage("phone");
    await page.goto(base + "/mypage/loan");
    await expect.poll(() => page.locator('[data-slot="loan-terms-saved"]').innerText()).toContain("金利2.5%");
    await shot(page, "mypage-390", true);

    await page.goto(base + "/investments");
    const cfs = page.locator('[data-slot="investment-results"] [data-slot="member-cf"]');
    await expect.poll(() => cfs.count()).toBeGreaterThan(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await cfs.first().scrollIntoViewIfNeeded();
    await shot(page, "cards-390");

    await page.goto(base + "/investments/page/1/?vw=table&pp=20");
    await expect.poll(() => page.locator('[data-slot="member-cf-header"]').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator('[data-slot="investment-table"]').scrollIntoViewIfNeeded();
    await shot(page, "table-390");

    // the home page's cards and a detail's related cards carry it too, with the footnote
    await page.goto(base + "/");
    await expect.poll(() => page.locator('[data-section] [data-slot="member-cf"]').count()).toBeGreaterThan(0);
    for (const t of await page.locator('[data-section] [data-slot="member-cf"]').allTextContents()) expect(t.trim()).toMatch(CF_TEXT);
    expect(await page.locator('[data-slot="member-cf-note"]').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator('[data-section] [data-slot="member-cf"]').first().scrollIntoViewIfNeeded();
    await shot(page, "home-390");
    const firstId = await page.locator('[data-section] [data-slot="investment-card"][data-investment-id]').first().getAttribute("data-investment-id");
    await page.goto(`${base}/investments/${firstId}`);
    const related = page.locator('section[aria-labelledby="detail-related"]');
    if ((await related.count()) > 0) {
      expect(await related.locator('[data-slot="member-cf"]').count()).toBeGreaterThan(0);
      expect(await related.locator('[data-slot="member-cf-note"]').count()).toBe(1);
      await related.scrollIntoViewIfNeeded();
      await shot(page, "related-390");
    }
    await context.close();

    const visitor = await browser.newContext({ viewport: VIEWPORTS.phone, locale: "ja-JP" });
    const v = await visitor.newPage();
    const res = await v.goto(base + "/investments?sr=cf_desc");
    expect(res?.status()).toBe(200);
    const html = await v.content();
    expect(html).not.toContain('data-slot="member-cf"');
    expect(html).not.toContain("あなたの融資条件");
    const home = await (await v.goto(base + "/"))!.text();
    expect(home).not.toContain('data-slot="member-cf"');
    expect(home).not.toContain("あなたの融資条件");
    await v.goto(base + "/investments?sr=cf_desc");
    expect(await v.locator('select[name="sr"] option[value="cf_desc"]').count()).toBe(0);
    expect(await v.locator('select[name="sr"] option[value="net_yield_desc"]').count()).toBe(1);
    expect(await v.locator('select[name="sr"] option[value="sekisan_desc"]').count()).toBe(1);
    await visitor.close();
  });
});
