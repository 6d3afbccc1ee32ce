import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { artifactsDir, clearLoginIpLimit, DEMO_LOGINS, launchBrowser, viewports } from "./browser";
import { firstLink, waitForMail } from "./mail";

/**
 * Issue 30, in the browser at 390 and 1280 px: a guest's 「この条件を保存（無料会員登録）」 and
 * お気に入り lead through sign-up (with the mailed link) or login back to where they were, with the
 * condition saved or the listing bookmarked; 郵便番号 fills the address; 閲覧履歴 on My Page.
 */
const base = inject("baseURL");
const mailDir = inject("mailDir");
const wide = { width: 1280, height: 900 };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** expect.poll with room for a loaded machine (its default gives up after 1 s). */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000, interval: 200 });

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: false });

async function fillRegistration(page: Page, shotName: string) {
  await page.locator("#f-password").fill("Kansai-2026!");
  await page.locator("#f-password_confirmation").fill("Kansai-2026!");
  await page.locator("#f-names-last").fill("堺");
  await page.locator("#f-names-first").fill("次郎");
  await page.locator("#f-kanas-last").fill("サカイ");
  await page.locator("#f-kanas-first").fill("ジロウ");
  // A code with no address: the message, nothing filled.
  await page.locator("#f-zip").fill("000-0000");
  await poll(() => page.getByText("この郵便番号に該当する住所が見つかりません").isVisible()).toBe(true);
  expect(await page.locator("#f-city").inputValue()).toBe("");
  // A real one (typed full-width, as a phone keyboard may): 都道府県・市区町村・町域 are filled.
  await page.locator("#f-zip").fill("５９０－０９５０");
  await poll(() => page.locator("#f-city").inputValue()).toBe("堺市堺区");
  expect(await page.locator("#f-pref").inputValue()).toBe("大阪府");
  expect(await page.locator("#f-district").inputValue()).toBe("甲斐町西");
  await poll(() => page.getByText("この郵便番号に該当する住所が見つかりません").isVisible()).toBe(false);
  await page.locator("#f-district").fill("甲斐町西1-1-1");
  await page.locator("#f-zip").scrollIntoViewIfNeeded();
  await shot(page, shotName);
  await page.locator("#f-tel").fill("072-000-0000");
  await page.locator("#f-job").selectOption("employee");
  await page.locator("#f-salary").selectOption("700_1000");
  await page.locator("#f-money").fill("1500");
  await page.getByRole("checkbox", { name: "メール" }).check();
  await page.locator("#f-contact-time").selectOption("anytime");
}

describe("sign-up and login keep the visitor's intent", () => {
  for (const [label, viewport] of [
    ["390", viewports.phone],
    ["1280", wide],
  ] as const) {
    it(`${label} px: 「この条件を保存」 → sign-up → mailed link → registered, back on the list with the condition saved`, async () => {
      const email = `intent-${label}-${Date.now()}@example.com`;
      const context = await browser.newContext({ viewport, locale: "ja-JP" });
      const page = await context.newPage();
      try {
        await page.goto(`${base}/investments/page/1?ty=2&hp=8000`);
        const save = page.locator('[data-slot="save-filter-signup"]').first();
        expect(await save.getAttribute("href")).toBe("/signup?next=%2Finvestments%2Fpage%2F1%3Fty%3D2%26hp%3D8000&save=1");
        await save.click();
        await page.waitForURL(/\/signup\?/);
        // The login link on the sign-up page keeps the intent too.
        await poll(() => page.getByRole("link", { name: "ログイン", exact: true }).last().getAttribute("href")).toContain("save=1");
        await shot(page, `intent-signup-${label}`);
        await page.getByLabel("メールアドレス").fill(email);
        await page.getByRole("button", { name: "登録メールを送信する" }).click();
        await poll(() => page.getByText("にメールを送信しました").isVisible()).toBe(true);
        const mail = await waitForMail(mailDir, email, "会員登録のご案内");
        const link = new URL(firstLink(mail.text, "/signup/register?token="));
        expect(link.searchParams.get("next")).toBe("/investments/page/1?ty=2&hp=8000");
        expect(link.searchParams.get("save")).toBe("1");

        await page.goto(`${base}${link.pathname}${link.search}`);
        await fillRegistration(page, `intent-register-postal-${label}`);
        await page.getByRole("button", { name: "登録する" }).click();
        await page.waitForURL((u) => u.pathname === "/investments/page/1" && u.search === "?ty=2&hp=8000", { timeout: 20_000 });
        await shot(page, `intent-back-on-list-${label}`);

        await page.goto(`${base}/mypage/filter`);
        await poll(() => page.getByText("一棟アパート 8,000万円以下").first().isVisible()).toBe(true);
      } finally {
        await context.close();
      }
    });
  }

  it("1280 px: a guest's お気に入り → login → back on the listing, bookmarked; then 閲覧履歴 on My Page lists it and clears", async () => {
    await clearLoginIpLimit();
    const context = await browser.newContext({ viewport: wide, locale: "ja-JP" });
    const page = await context.newPage();
    try {
      await page.goto(`${base}/investments`);
      const heart = page.locator('a[data-card-action="bookmark"]').first();
      const href = (await heart.getAttribute("href"))!;
      const id = new URL(href, base).searchParams.get("bookmark")!;
      await heart.click();
      await page.waitForURL(/\/login\?/);
      await page.getByLabel("メールアドレス").fill(DEMO_LOGINS.member.email);
      await page.getByLabel("パスワード").fill(DEMO_LOGINS.member.password);
      await page.getByRole("button", { name: "ログイン" }).click();
      await page.waitForURL((u) => u.pathname === `/investments/${id}`, { timeout: 20_000 });
      await poll(() => page.locator('[data-slot="bookmark-button"]').first().getAttribute("aria-pressed")).toBe("true");
      await shot(page, "intent-bookmarked-after-login-1280");

      // The detail page recorded the view: it is on My Page.
      await page.goto(`${base}/mypage`);
      const history = page.locator('[data-slot="dashboard-history"]');
      await poll(() => history.locator(`a[href="/investments/${id}"]`).count()).toBeGreaterThan(0);
      await shot(page, "mypage-history-1280");
    } finally {
      await context.close();
    }
  });

  it("390 px: a hostile next after login stays on the site; the history page clears", async () => {
    await clearLoginIpLimit();
    const context = await browser.newContext({ viewport: viewports.phone, locale: "ja-JP" });
    const page = await context.newPage();
    try {
      await page.goto(`${base}/login?next=${encodeURIComponent("//evil.example/x")}&bookmark=1`);
      await page.getByLabel("メールアドレス").fill(DEMO_LOGINS.member.email);
      await page.getByLabel("パスワード").fill(DEMO_LOGINS.member.password);
      await page.getByRole("button", { name: "ログイン" }).click();
      await page.waitForURL((u) => u.origin === base && u.pathname === "/mypage", { timeout: 20_000 });

      await page.goto(`${base}/mypage/history`);
      await poll(() => page.locator('[data-slot="view-history"] li').count()).toBeGreaterThan(0);
      await shot(page, "mypage-history-page-390");
      page.once("dialog", (d) => void d.accept());
      await page.getByRole("button", { name: "閲覧履歴を消去" }).click();
      await poll(() => page.locator('[data-slot="view-history-empty"]').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  for (const [label, viewport] of [
    ["390", viewports.phone],
    ["1280", wide],
  ] as const) {
    it(`${label} px: the 見学 inquiry offers three 内見希望日時 and refuses the same choice twice`, async () => {
      const context = await browser.newContext({ viewport, locale: "ja-JP" });
      const page = await context.newPage();
      try {
        await page.goto(`${base}/investments`);
        const id = new URL((await page.locator('a[data-card-action="bookmark"]').first().getAttribute("href"))!, base).searchParams.get("bookmark")!;
        await page.goto(`${base}/contacts/investment?investment_id=${id}`);
        expect(await page.locator('[data-slot="viewing-choices"]').count()).toBe(0);
        await page.getByRole("checkbox", { name: "現地を見学したい" }).check();
        const rows = page.locator('[data-slot="viewing-choices"]');
        await poll(() => rows.isVisible()).toBe(true);
        const min = (await page.locator("#f-viewing-0-date").getAttribute("min"))!;
        await page.locator("#f-viewing-0-date").fill(min);
        await page.locator("#f-viewing-0-band").selectOption("morning");
        await page.locator("#f-viewing-1-date").fill(min);
        await page.locator("#f-viewing-1-band").selectOption("morning");
        // The rules across fields run once the fields themselves are valid (as for その他's text).
        await page.locator("#f-names-last").fill("難波");
        await page.locator("#f-kanas-last").fill("ナンバ");
        await page.locator("#f-email").fill("viewing-e2e@example.com");
        await page.locator("#f-contact-tel").fill("06-1234-5678");
        await page.getByRole("checkbox", { name: "メール" }).check();
        await page.locator("#f-salary").selectOption("700_1000");
        await page.locator("#f-money").fill("1500");
        await page.getByRole("button", { name: "入力内容を確認する" }).click();
        await poll(() => page.getByText("第2希望は他の希望と同じ日時です").isVisible()).toBe(true);
        await rows.scrollIntoViewIfNeeded();
        await shot(page, `viewing-choices-${label}`);
      } finally {
        await context.close();
      }
    });
  }
});
