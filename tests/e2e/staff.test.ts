import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { artifactsDir, launchBrowser, ADMIN_BASE, logIn } from "./browser";
import { firstLink, waitForMail } from "./mail";

/**
 * Staff accounts in a browser: a staff member invites another from the admin
 * area, the invitee opens the mailed one-time set-password link, sets a
 * password and reaches the admin top (the link then says it is used up);
 * disabled, the invitee's open session ends at once.
 */
const base = inject("baseURL");
const mailDir = inject("mailDir");
const ADMIN = ADMIN_BASE;
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const login = (page: Page) => logIn(page, base, "admin");

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("staff accounts", () => {
  it("invite → mail with a link (no password) → set password → admin top; the link works once; disabling ends the invitee's session", async () => {
    const admin = await browser.newContext({ viewport: desktop, locale: "ja-JP" });
    const page = await admin.newPage();
    page.on("dialog", (d) => void d.accept());
    await login(page);
    await page.getByRole("navigation", { name: "管理メニュー" }).getByRole("link", { name: "スタッフ" }).click();
    await page.waitForURL(new RegExp(`${ADMIN}/staff$`));

    // blank submit: Japanese messages, nothing sent
    await page.getByRole("button", { name: "招待メールを送信" }).click();
    await expect.poll(() => page.getByText("氏名を入力してください").isVisible()).toBe(true);

    const email = `staff-${Date.now().toString(36)}@example.com`;
    await page.getByLabel("氏名").fill("ブラウザ 次郎");
    await page.getByLabel("メールアドレス").fill(email);
    await page.getByRole("button", { name: "招待メールを送信" }).click();
    // hashing the account's placeholder password takes a moment on a loaded machine
    await expect.poll(() => page.getByText(`${email} に招待メールを送信しました`).isVisible(), { timeout: 20_000 }).toBe(true);
    const row = page.getByRole("row").filter({ hasText: email });
    await expect.poll(() => row.getByText("招待中").isVisible()).toBe(true);

    const mail = await waitForMail(mailDir, email, "スタッフアカウントのご案内");
    expect(mail.text).not.toMatch(/パスワード[：:]/);
    const link = firstLink(mail.text, `${ADMIN}/invite`).replace(/^https?:\/\/[^/]+/, base);

    // the invitee, in a browser of their own
    const invitee = await browser.newContext({ viewport: phone, locale: "ja-JP" });
    const p2 = await invitee.newPage();
    await p2.goto(link);
    // the page says whom the link is for; a weak password is refused with the reason
    await expect.poll(() => p2.getByText(`ログインID：${email}`).isVisible()).toBe(true);
    await p2.locator("#f-password").fill("password");
    await p2.locator("#f-password_confirmation").fill("password");
    await p2.getByRole("button", { name: "パスワードを設定してログイン" }).click();
    await expect.poll(() => p2.getByText("よく使われているパスワードのため使用できません", { exact: false }).first().isVisible()).toBe(true);
    await p2.locator("#f-password").fill("Staff-browser-2026");
    await p2.locator("#f-password_confirmation").fill("Staff-browser-2026");
    await p2.getByRole("button", { name: "パスワードを設定してログイン" }).click();
    await p2.waitForURL(new RegExp(`${ADMIN}$`));
    // used once: the same link now explains itself
    const again = await invitee.newPage();
    await again.goto(link);
    await expect.poll(() => again.getByText("この招待URLは使用済みか、有効期限", { exact: false }).isVisible()).toBe(true);
    await again.close();
    await p2.goto(base + ADMIN + "/staff");
    await expect.poll(() => p2.getByRole("heading", { name: "スタッフ管理" }).isVisible()).toBe(true);
    // on the phone the list is one card per staff member
    await expect.poll(() => p2.getByRole("listitem").filter({ hasText: email }).getByText("（自分）").isVisible()).toBe(true);
    expect(await overflow(p2)).toBeLessThanOrEqual(0);
    await p2.screenshot({ path: path.join(artifactsDir, "staff-phone.png"), fullPage: true });

    // the inviter sees the invitee active, then disables them
    await page.reload();
    await expect.poll(() => row.getByText("有効", { exact: true }).isVisible()).toBe(true);
    await row.getByRole("button", { name: `${email} を無効にする` }).click();
    await expect.poll(() => page.getByText(`${email} を無効にしました`).isVisible()).toBe(true);
    await expect.poll(() => row.getByText("無効", { exact: true }).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(artifactsDir, "staff-desktop.png"), fullPage: true });

    // the invitee's open session is over, and the new password no longer logs in
    await p2.goto(base + ADMIN + "/staff");
    await p2.waitForURL(new RegExp(`${ADMIN}/login$`));
    await p2.getByLabel("メールアドレス").fill(email);
    await p2.getByLabel("パスワード").fill("Staff-browser-2026");
    await p2.getByRole("button", { name: "ログイン" }).click();
    await expect.poll(() => p2.getByText("メールアドレスまたはパスワードが正しくありません").first().isVisible()).toBe(true);
    await invitee.close();
    await admin.close();
  });
});
