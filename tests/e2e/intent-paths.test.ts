import path from "node:path";
import { and, asc, eq, isNull } from "drizzle-orm";
import { Redis } from "ioredis";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hashPassword } from "@/server/auth/password";
import { openDb, type Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { createUser } from "../helpers/factories";
import { artifactsDir, clearLoginIpLimit, launchBrowser, viewports } from "./browser";
import { firstLink, waitForMail } from "./mail";

/**
 * A carried-out intent (src/lib/intent.ts) says what was done where the member lands
 * (components/auth/intent-notice.ts: a polite status box with a close button), and the intent
 * survives the logins that do not end on the login form: the forced password change, the first
 * login of a staff-registered account and the one-time login link of an account under attack.
 */
const base = inject("baseURL");
const mailDir = inject("mailDir");
const wide = { width: 1280, height: 900 };
let browser: Browser;
let db: Db;
let redis: Redis;
let listing: number;
beforeAll(async () => {
  browser = await launchBrowser();
  db = await openDb(inject("databaseURL"));
  redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  const row = await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.public, true), eq(investments.members, false), isNull(investments.not_updated_at)))
    .orderBy(asc(investments.id))
    .get();
  if (!row) throw new Error("the demo seed has no public listing");
  listing = row.id;
});
afterAll(async () => {
  await browser?.close();
  db?.$client.close();
  redis?.disconnect();
});

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000, interval: 200 });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(artifactsDir, `left33-intent-${name}.png`), fullPage: false });
const notice = (page: Page) => page.locator('[data-slot="intent-notice"]');
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function submitLogin(page: Page, email: string, password: string) {
  await clearLoginIpLimit();
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード").fill(password);
  await page.getByRole("button", { name: "ログイン" }).click();
}

/** The notice is a polite live region naming what was done, closable by its button. */
async function expectNotice(page: Page, text: string, shotName: string) {
  await poll(() => notice(page).textContent()).toContain(text);
  expect(await notice(page).getAttribute("role")).toBe("status");
  expect(await noSidewaysScroll(page)).toBe(true);
  await shot(page, shotName);
  await page.getByRole("button", { name: "お知らせを閉じる" }).click();
  await poll(() => notice(page).count()).toBe(0);
}

describe("the notice of a carried-out intent", () => {
  for (const [label, viewport] of [
    ["390", viewports.phone],
    ["1280", wide],
  ] as const) {
    it(`${label} px: 「この条件を保存」 → login → back on the list, the saved condition named`, async () => {
      const user = await createUser(db, { email: `left33-save-${label}-${Date.now()}@example.com` });
      const context = await browser.newContext({ viewport, locale: "ja-JP" });
      const page = await context.newPage();
      try {
        await page.goto(`${base}/login?next=${encodeURIComponent("/investments/page/1?ty=2&hp=8000")}&save=1`);
        await submitLogin(page, user.email, "secret-pass");
        await page.waitForURL((u) => u.pathname === "/investments/page/1" && u.search === "?ty=2&hp=8000", { timeout: 20_000 });
        await expectNotice(page, "検索条件「一棟アパート 8,000万円以下」を保存しました", `saved-${label}`);
      } finally {
        await context.close();
      }
    });
  }
});

describe("the intent survives the other ends of a login", () => {
  it("390 px: a weak password → the password change keeps the intent → back on the listing, bookmarked, with the notice", async () => {
    const user = await createUser(db, { email: `left33-weak-${Date.now()}@example.com`, password_hash: await hashPassword("123456") });
    const context = await browser.newContext({ viewport: viewports.phone, locale: "ja-JP" });
    const page = await context.newPage();
    try {
      await page.goto(`${base}/login?next=${encodeURIComponent(`/investments/${listing}`)}&bookmark=${listing}`);
      await submitLogin(page, user.email, "123456");
      await page.waitForURL((u) => u.pathname === "/mypage/password" && u.searchParams.get("required") === "1");
      expect(new URL(page.url()).searchParams.get("next")).toBe(`/investments/${listing}`);
      expect(new URL(page.url()).searchParams.get("bookmark")).toBe(String(listing));
      await page.locator("#f-current_password").fill("123456");
      await page.locator("#f-password").fill("Stronger-2026");
      await page.locator("#f-password_confirmation").fill("Stronger-2026");
      await page.getByRole("button", { name: "パスワードを変更する" }).click();
      await page.waitForURL((u) => u.pathname === `/investments/${listing}`, { timeout: 20_000 });
      await poll(() => page.locator('[data-slot="bookmark-button"]').first().getAttribute("aria-pressed")).toBe("true");
      await expectNotice(page, "お気に入りに追加しました。", "password-change-390");
    } finally {
      await context.close();
    }
  });

  it("390 px: a hostile next through the password change stays on the site", async () => {
    const user = await createUser(db, { email: `left33-weak-evil-${Date.now()}@example.com`, password_hash: await hashPassword("123456") });
    const context = await browser.newContext({ viewport: viewports.phone, locale: "ja-JP" });
    const page = await context.newPage();
    try {
      await page.goto(`${base}/login?next=${encodeURIComponent("//evil.example/x")}&bookmark=${listing}`);
      await submitLogin(page, user.email, "123456");
      await page.waitForURL((u) => u.pathname === "/mypage/password");
      expect(new URL(page.url()).searchParams.get("next")).toBeNull();
      await page.locator("#f-current_password").fill("123456");
      await page.locator("#f-password").fill("Stronger-2026");
      await page.locator("#f-password_confirmation").fill("Stronger-2026");
      await page.getByRole("button", { name: "パスワードを変更する" }).click();
      await page.waitForURL((u) => u.origin === base && u.pathname === "/mypage", { timeout: 20_000 });
      await poll(() => notice(page).textContent()).toContain("お気に入りに追加しました。");
    } finally {
      await context.close();
    }
  });

  it("1280 px: a staff-registered member's first login keeps the intent (比較)", async () => {
    const user = await createUser(db, {
      email: `left33-first-${Date.now()}@example.com`,
      status: "provisional",
      must_reset_password: true,
      password_expires_at: new Date(Date.now() + 86400_000),
    });
    const context = await browser.newContext({ viewport: wide, locale: "ja-JP" });
    const page = await context.newPage();
    try {
      await page.goto(`${base}/login?next=${encodeURIComponent(`/investments/${listing}`)}&compare=${listing}`);
      await submitLogin(page, user.email, "secret-pass");
      await page.waitForURL((u) => u.pathname === "/login/first");
      const at = new URL(page.url());
      expect(at.searchParams.get("email")).toBe(user.email);
      expect(at.searchParams.get("next")).toBe(`/investments/${listing}`);
      expect(at.searchParams.get("compare")).toBe(String(listing));
      await page.locator("#f-current_password").fill("secret-pass");
      await page.locator("#f-password").fill("M1ne-now-2026");
      await page.locator("#f-password_confirmation").fill("M1ne-now-2026");
      await page.getByRole("button", { name: "パスワードを設定してログイン" }).click();
      await page.waitForURL((u) => u.pathname === `/investments/${listing}`, { timeout: 20_000 });
      await expectNotice(page, "お気に入りに追加しました。", "first-login-1280");
    } finally {
      await context.close();
    }
  });

  for (const [label, viewport] of [
    ["390", viewports.phone],
    ["1280", wide],
  ] as const) {
    it(`${label} px: under attack, the mailed one-time link carries the intent back to the listing`, async () => {
      const user = await createUser(db, { email: `left33-attacked-${label}-${Date.now()}@example.com` });
      // Twenty failures from anywhere for this address (login-link.test.ts).
      await redis.set(`${inject("redisPrefix")}:rl:loginAccount:user|${user.email}`, "20", "EX", 3600);
      const context = await browser.newContext({ viewport, locale: "ja-JP" });
      const page = await context.newPage();
      try {
        await page.goto(`${base}/login?next=${encodeURIComponent(`/investments/${listing}`)}&bookmark=${listing}`);
        await submitLogin(page, user.email, "secret-pass");
        const mail = await waitForMail(mailDir, user.email, "ログイン用URL");
        const link = new URL(firstLink(mail.text, "/login/link?token="));
        expect(link.searchParams.get("next")).toBe(`/investments/${listing}`);
        expect(link.searchParams.get("bookmark")).toBe(String(listing));
        await page.goto(`${base}${link.pathname}${link.search}`);
        await page.getByRole("button", { name: "ログインする" }).click();
        await page.waitForURL((u) => u.pathname === `/investments/${listing}`, { timeout: 20_000 });
        await expectNotice(page, "お気に入りに追加しました。", `login-link-${label}`);
      } finally {
        await context.close();
      }
    });
  }
});
