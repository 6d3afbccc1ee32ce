import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb } from "@/server/db";
import { investments } from "@/server/db/schema";
import { artifactsDir, launchBrowser, viewports } from "./browser";

const base = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("inquiries in the browser", () => {
  it("the consultation form shows Japanese errors, then confirms, completes, and staff find it", async () => {
    const page = await browser.newPage({ viewport: viewports.desktop, locale: "ja-JP" });
    const email = `consult-${Date.now()}@example.com`;
    await page.goto(base + "/contacts/consult");
    await page.getByRole("button", { name: "入力内容を確認する" }).click();
    await expect.poll(() => page.getByText("お名前（姓）を入力してください").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("お問い合わせ項目は1件以上選択してください").isVisible()).toBe(true);

    await page.getByRole("checkbox", { name: "初めての不動産投資" }).check();
    await page.locator("#f-names-last").fill("梅田");
    await page.locator("#f-names-first").fill("太郎");
    await page.locator("#f-kanas-last").fill("うめだ"); // hiragana: wrong
    await page.locator("#f-email").fill(email);
    await page.locator("#f-contact-tel").fill("06-5555-0000");
    await page.getByRole("checkbox", { name: "電話" }).check();
    await page.locator("#f-contact-time").selectOption("morning");
    await page.locator("#f-salary").selectOption("700_1000");
    await page.locator("#f-money").fill("2000");
    await page.locator("#f-comment").fill("一棟アパートの購入を検討しています。");
    await page.getByRole("button", { name: "入力内容を確認する" }).click();
    await expect.poll(() => page.getByText("フリガナ（セイ）は全角カタカナで入力してください").isVisible()).toBe(true);
    await page.locator("#f-kanas-last").fill("ウメダ");
    await page.getByRole("button", { name: "入力内容を確認する" }).click();

    await expect.poll(() => page.getByText("2. 確認").isVisible()).toBe(true);
    expect(await page.getByText(email).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(artifactsDir, "contact-confirm.png"), fullPage: true });
    await page.getByRole("button", { name: "送信する" }).click();
    await expect.poll(() => page.getByText("お問い合わせを受け付けました").isVisible()).toBe(true);

    // Staff see it in the admin list.
    await page.goto(base + "/_kanri-7f3c/login");
    await page.getByLabel("メールアドレス").fill("admin@example.com");
    await page.getByLabel("パスワード").fill("kanri-demo-2026");
    await page.getByRole("button", { name: "ログイン" }).click();
    await page.waitForURL(/\/_kanri-7f3c$/);
    await page.goto(base + "/_kanri-7f3c/contacts?kind=consult");
    await expect
      .poll(() =>
        page
          .getByRole("cell", { name: /梅田 太郎/ })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.close();
  });

  it("a member's property inquiry is prefilled and shows in their history", async () => {
    const db = await openDb(inject("databaseURL"));
    const listing = await db
      .select({ id: investments.id, name: investments.name })
      .from(investments)
      .where(and(eq(investments.public, true), eq(investments.members, false)))
      .get();
    db.$client.close();
    const page = await browser.newPage({ viewport: viewports.phone, locale: "ja-JP" });
    await page.goto(base + "/login");
    await page.getByLabel("メールアドレス").fill("member@example.com");
    await page.getByLabel("パスワード").fill("mypage-demo-2026");
    await page.getByRole("button", { name: "ログイン" }).click();
    await page.waitForURL(/\/mypage/);

    await page.goto(`${base}/contacts?investment_id=${listing!.id}`);
    await page.waitForURL(/\/contacts\/investment\?investment_id=/);
    // The form fills its fields once hydrated.
    await expect.poll(() => page.locator("#f-email").inputValue()).toBe("member@example.com");
    await page.getByRole("checkbox", { name: "詳しい資料がほしい" }).check();
    await page.getByRole("button", { name: "入力内容を確認する" }).click();
    await expect.poll(() => page.getByText("2. 確認").isVisible()).toBe(true);
    await page.getByRole("button", { name: "送信する" }).click();
    await expect.poll(() => page.getByText("お問い合わせを受け付けました").isVisible()).toBe(true);

    await page.goto(base + "/mypage/contact");
    await expect.poll(() => page.getByText(listing!.name).first().isVisible()).toBe(true);
    await page.close();
  });
});
