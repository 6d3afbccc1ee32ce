import path from "node:path";
import { and, desc, eq, gte, isNull } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { jstToday } from "@/lib/jst-date";
import { openDb, type Db } from "@/server/db";
import { investment_price_histories, investments, outbox, users } from "@/server/db/schema";
import { ADMIN_BASE, artifactsDir, launchBrowser, logIn } from "./browser";
import { waitForMail } from "./mail";

/**
 * Issue 30, the staff side in a browser at 390 and 1280 px: the member page shows 職業・年収…,
 * the dashboard counts 京都市・神戸市 as themselves, the listing editor's 訂正 replaces a
 * mistyped price without mailing anyone or recording a cut, and a newsletter's test send and
 * 今すぐ配信 say what happened.
 */
const base = inject("baseURL");
const ADMIN = base + ADMIN_BASE;
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
let browser: Browser;
let db: Db;
beforeAll(async () => {
  browser = await launchBrowser();
  db = await openDb(inject("databaseURL"));
});
afterAll(async () => {
  await browser?.close();
});

async function adminPage(width: keyof typeof WIDTHS): Promise<Page> {
  const page = await browser.newPage({ viewport: WIDTHS[width], locale: "ja-JP" });
  await logIn(page, base, "admin");
  return page;
}

/** The page is no wider than the window (no sideways scrolling). */
const noOverflow = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

describe("issue 30 for staff", () => {
  it("the member page shows what the member gave at sign-up (職業・年収・連絡方法…)", async () => {
    const member = await db.select().from(users).where(eq(users.email, "member@example.com")).get();
    expect(member?.salary).toBeTruthy();
    for (const w of ["desktop", "phone"] as const) {
      const page = await adminPage(w);
      await page.goto(`${ADMIN}/accounts/${member!.id}`);
      const profile = page.locator("section", { has: page.getByRole("heading", { name: "プロフィール" }) });
      await expect.poll(() => profile.isVisible()).toBe(true);
      const text = await profile.innerText();
      for (const label of ["職業", "年収", "自己資金", "ご希望の連絡方法", "ご連絡可能な時間帯", "関心エリア"]) expect(text).toContain(label);
      expect(text).toMatch(/年収\s*[0-9,]+万/);
      await noOverflow(page);
      await page.screenshot({ path: path.join(artifactsDir, `admin30-member-${w === "phone" ? 390 : 1280}.png`), fullPage: true });
      await page.close();
    }
  });

  it("the dashboard shows 京都市 and 神戸市 as regions and the four designated cities as wholes", async () => {
    for (const w of ["desktop", "phone"] as const) {
      const page = await adminPage(w);
      const byArea = page.getByRole("figure", { name: "公開物件（エリア・市別）" });
      await expect
        .poll(() => byArea.locator("tbody th").allTextContents(), { timeout: 15_000 })
        .toEqual(expect.arrayContaining(["京都市", "神戸市", "エリア外"]));
      const cities = page.locator('section[aria-labelledby="cities-title"]');
      expect(await cities.locator("tbody th").allTextContents()).toEqual(["大阪市全域（24区）", "京都市全域（11区）", "神戸市全域（9区）", "堺市全域（7区）"]);
      await expect.poll(() => page.locator('[data-slot="dashboard-chart"] .recharts-wrapper > svg.recharts-surface').count(), { timeout: 15_000 }).toBe(4);
      await page.getByRole("heading", { name: "推移と内訳" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(artifactsDir, `admin30-dashboard-${w === "phone" ? 390 : 1280}.png`), fullPage: true });
      await noOverflow(page);
      await page.close();
    }
  });

  it("訂正 in the listing editor replaces a mistyped price: no mail, no history entry, no 値下げ", async () => {
    const listing = await db
      .select({ id: investments.id, price: investments.price })
      .from(investments)
      // Saveable as it stands: published, up to date (次回更新予定日 not past), no 値下げ running.
      .where(
        and(eq(investments.public, true), eq(investments.price_down, false), isNull(investments.not_updated_at), gte(investments.next_update_at, jstToday())),
      )
      .orderBy(desc(investments.id))
      .get();
    expect(listing).toBeTruthy();
    const { id, price } = listing!;
    const historyBefore = (await db.select().from(investment_price_histories).where(eq(investment_price_histories.investment_id, id)).all()).length;
    const priceDownJobs = async () =>
      (await db.select().from(outbox).where(eq(outbox.job, "matchInvestment")).all()).filter(
        (j) => (j.payload as { investmentId: number; reason: string }).investmentId === id && (j.payload as { reason: string }).reason === "price_down",
      ).length;
    const jobsBefore = await priceDownJobs();

    for (const w of ["phone", "desktop"] as const) {
      const page = await adminPage(w);
      await page.goto(`${ADMIN}/investments/${id}`);
      await expect.poll(() => page.locator("#f-price").inputValue(), { timeout: 15_000 }).toBe(String(price));
      const choice = page.locator('[data-slot="price-change"]');
      expect(await choice.count()).toBe(0);
      await page.fill("#f-price", String(price - 10));
      await expect.poll(() => choice.isVisible()).toBe(true);
      expect(await choice.getByRole("radio", { name: /^値下げ/ }).isChecked()).toBe(true);
      await choice.getByRole("radio", { name: /訂正（通知しない・値下げ履歴に残さない）/ }).check();
      await page.locator("#sec-price").scrollIntoViewIfNeeded();
      await noOverflow(page);
      await page.locator("#sec-price").screenshot({ path: path.join(artifactsDir, `admin30-price-correction-${w === "phone" ? 390 : 1280}.png`) });
      if (w === "desktop") {
        // Put the price back as a correction (the phone pass only looked): nothing recorded either way.
        await page.fill("#f-price", String(price + 100));
        await choice.getByRole("radio", { name: /訂正/ }).check();
        await page.getByRole("button", { name: "保存する" }).click();
        await expect.poll(() => page.getByText("保存しました（価格を訂正しました", { exact: false }).isVisible(), { timeout: 20_000 }).toBe(true);
        await page.getByText("保存しました（価格を訂正しました", { exact: false }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(artifactsDir, "admin30-price-corrected-1280.png") });
      }
      await page.close();
    }
    const after = await db.select().from(investments).where(eq(investments.id, id)).get();
    expect(after).toMatchObject({ price: price + 100, price_down: false, price_before: null });
    expect((await db.select().from(investment_price_histories).where(eq(investment_price_histories.investment_id, id)).all()).length).toBe(historyBefore);
    expect(await priceDownJobs()).toBe(jobsBefore);
  });

  it("a newsletter: a city segment with its count, a test send that names its address, and 今すぐ配信 that shows the sending state", async () => {
    for (const w of ["phone", "desktop"] as const) {
      const page = await adminPage(w);
      const dialogs: string[] = [];
      page.on("dialog", (d) => {
        dialogs.push(d.message());
        void d.accept();
      });
      await page.goto(`${ADMIN}/newsletter/new`);
      const subject = `京都市の新着物件（${w}）`;
      await page.locator("input[aria-describedby=nl-subject-prefix]").fill(subject);
      await page.locator("textarea").fill("京都市内の新着物件をご紹介します。");
      await page.getByLabel("条件で絞り込む").check();
      await page.getByLabel("京都市全域（11区）").check();
      await expect.poll(() => page.locator("#nl-city-add option").count(), { timeout: 15_000 }).toBeGreaterThan(100);
      await page.selectOption("#nl-city-add", "271276");
      // The ward shows as a chip that can be taken off again.
      await expect.poll(() => page.getByRole("button", { name: "大阪市北区を外す" }).isVisible()).toBe(true);
      await expect
        .poll(async () => (await page.getByText("配信対象：").innerText()).match(/配信対象：\s*[0-9,]+\s*人/) !== null, { timeout: 15_000 })
        .toBe(true);
      await noOverflow(page);
      await page.screenshot({ path: path.join(artifactsDir, `admin30-newsletter-segment-${w === "phone" ? 390 : 1280}.png`), fullPage: true });

      if (w === "desktop") {
        await page.getByRole("button", { name: "自分宛てにテスト送信" }).click();
        await expect
          .poll(() => page.locator('[data-slot="test-sent"]').textContent(), { timeout: 15_000 })
          .toContain("テストメールを admin@example.com に送りました");
        expect(dialogs.at(-1)).toContain("テストメールを admin@example.com に送ります");
        await waitForMail(inject("mailDir"), "admin@example.com", `【テスト送信】`);
        await page.screenshot({ path: path.join(artifactsDir, "admin30-newsletter-test-sent-1280.png") });
      }

      await page.getByRole("button", { name: "今すぐ配信する" }).click();
      expect(dialogs.at(-1)).toMatch(/人に今すぐ配信します/);
      await page.waitForURL(/\/newsletter\/\d+$/, { timeout: 20_000 });
      // The state, not the editor: no 配信 or 取り消し buttons once sending was asked for.
      await expect.poll(() => page.getByRole("heading", { name: /配信状況：(配信待ち|配信中|配信完了)/ }).isVisible(), { timeout: 20_000 }).toBe(true);
      expect(await page.getByRole("button", { name: "今すぐ配信する" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "予約を取り消して下書きに戻す" }).count()).toBe(0);
      await expect.poll(() => page.getByRole("heading", { name: "配信状況：配信完了" }).isVisible(), { timeout: 60_000 }).toBe(true);
      await expect.poll(() => page.getByText(/送信済み \d+ \/ 対象 \d+ 件/).isVisible()).toBe(true);
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"), undefined, { timeout: 5000 });
      await page.waitForTimeout(600); // the bar's width transition
      await noOverflow(page);
      await page.screenshot({ path: path.join(artifactsDir, `admin30-newsletter-sent-${w === "phone" ? 390 : 1280}.png`), fullPage: true });
      await page.close();
    }
  });
});
