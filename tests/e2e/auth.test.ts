import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { artifactsDir, launchBrowser, viewports } from "./browser";
import { firstLink, waitForMail } from "./mail";

const base = inject("baseURL");
const mailDir = inject("mailDir");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openMenu(page: Page) {
  await page.getByRole("button", { name: "メニューを開く" }).click();
  return page.getByRole("dialog");
}

describe("sign-up to login in the browser", () => {
  it("signs up, follows the mailed link, registers, logs out and in, and the side menu follows", async () => {
    const email = `e2e-${Date.now()}@example.com`;
    const password = "Kansai-2026!";
    const page = await browser.newPage({ viewport: viewports.desktop, locale: "ja-JP" });

    // Guest menu
    await page.goto(base + "/");
    let menu = await openMenu(page);
    await expect.poll(() => menu.getByRole("link", { name: "ログイン" }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");

    // Sign-up: the address, then the mail
    await page.goto(base + "/signup");
    await page.getByLabel("メールアドレス").fill(email);
    await page.getByRole("button", { name: "登録メールを送信する" }).click();
    await expect.poll(() => page.getByText("にメールを送信しました").isVisible()).toBe(true);
    const mail = await waitForMail(mailDir, email, "会員登録のご案内");
    const link = firstLink(mail.text, "/signup/register?token=");

    // Registration: wrong first, the Japanese messages show, then right
    await page.goto(link.replace(/^https?:\/\/[^/]+/, base));
    await page.getByRole("button", { name: "登録する" }).click();
    await expect.poll(() => page.getByText("姓を入力してください").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("パスワードを入力してください").first().isVisible()).toBe(true);
    await page.locator("#f-password").fill(password);
    await page.locator("#f-password_confirmation").fill(password);
    await page.locator("#f-names-last").fill("大阪");
    await page.locator("#f-names-first").fill("一郎");
    await page.locator("#f-kanas-last").fill("おおさか");
    await page.locator("#f-kanas-first").fill("イチロウ");
    await page.locator("#f-zip").fill("530-0001");
    await page.locator("#f-pref").selectOption("大阪府");
    await page.locator("#f-city").fill("大阪市北区");
    await page.locator("#f-district").fill("梅田1-1-1");
    await page.locator("#f-tel").fill("06-0000-0000");
    await page.locator("#f-job").selectOption("employee");
    await page.locator("#f-salary").selectOption("700_1000");
    await page.locator("#f-money").fill("１５００");
    await page.getByRole("checkbox", { name: "メール" }).check();
    await page.locator("#f-contact-time").selectOption("anytime");
    await page.getByRole("button", { name: "登録する" }).click();
    await expect.poll(() => page.getByText("セイは全角カタカナで入力してください").isVisible()).toBe(true);
    await page.locator("#f-kanas-last").fill("オオサカ");
    await page.getByRole("button", { name: "登録する" }).click();
    await page.waitForURL(/\/mypage/);
    await expect.poll(() => page.getByRole("heading", { name: /大阪 一郎 様のマイページ/ }).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(artifactsDir, "mypage-after-register.png") });

    // Member menu, then logout
    menu = await openMenu(page);
    await expect.poll(() => menu.getByRole("link", { name: "マイページ" }).isVisible()).toBe(true);
    await menu.getByRole("button", { name: "ログアウト" }).click();
    await page.waitForURL(/\/login$/);
    await page.goto(base + "/mypage");
    await page.waitForURL(/\/login\?next=/);

    // Login again
    await page.getByLabel("メールアドレス").fill(email);
    await page.getByLabel("パスワード").fill("wrong-password");
    await page.getByRole("button", { name: "ログイン" }).click();
    await expect.poll(() => page.getByText("メールアドレスまたはパスワードが正しくありません").isVisible()).toBe(true);
    await page.getByLabel("パスワード").fill(password);
    await page.getByRole("button", { name: "ログイン" }).click();
    await page.waitForURL(/\/mypage/);
    menu = await openMenu(page);
    await expect.poll(() => menu.getByRole("button", { name: "ログアウト" }).isVisible()).toBe(true);
    await page.close();
  });

  it("an admin logs in under the base path and the public side menu shows the admin link with the red note", async () => {
    const page = await browser.newPage({ viewport: viewports.phone, locale: "ja-JP" });
    await page.goto(base + "/_kanri-7f3c/login");
    await page.getByLabel("メールアドレス").fill("admin@example.com");
    await page.getByLabel("パスワード").fill("kanri-demo-2026");
    await page.getByRole("button", { name: "ログイン" }).click();
    await page.waitForURL(/\/_kanri-7f3c$/);
    await expect.poll(() => page.getByRole("heading", { name: "管理トップ" }).isVisible()).toBe(true);
    await page.goto(base + "/");
    const menu = await openMenu(page);
    await expect.poll(() => menu.getByText("管理者としてログイン中です").isVisible()).toBe(true);
    expect(await menu.getByRole("link", { name: "管理画面" }).getAttribute("href")).toBe("/_kanri-7f3c");
    await page.screenshot({ path: path.join(artifactsDir, "side-menu-admin.png") });
    await menu.getByRole("button", { name: "ログアウト" }).click();
    await page.waitForURL(/\/_kanri-7f3c\/login$/);
    await page.close();
  });
});
