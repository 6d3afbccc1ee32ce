import path from "node:path";
import { Redis } from "ioredis";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { LOGIN_LINK_SENT } from "@/server/accounts/auth";
import { createUser } from "../helpers/factories";
import { artifactsDir, launchBrowser, viewports } from "./browser";
import { firstLink, waitForMail } from "./mail";

/**
 * An account under a password-guessing attack (issue 16, item 4) in the real
 * browser: the right password is answered with the mailed-link message, the
 * mailed link opens a one-button page, and the button logs the owner in.
 */
const base = inject("baseURL");
const mailDir = inject("mailDir");
let browser: Browser;
let db: Db;
let redis: Redis;
beforeAll(async () => {
  browser = await launchBrowser();
  db = await openDb(inject("databaseURL"));
  redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
});
afterAll(async () => {
  await browser?.close();
  db?.$client.close();
  redis?.disconnect();
});

describe("login under attack", () => {
  it.each([
    ["phone", viewports.phone],
    ["desktop", { width: 1280, height: 900 }],
  ] as const)("the owner gets in through the mailed link (%s)", async (name, viewport) => {
    const user = await createUser(db, { email: `attacked-${name}-${Date.now()}@example.com` });
    // Twenty failures from anywhere for this address (the app's own per-account counter, rate-limiter-flexible's key).
    await redis.set(`${inject("redisPrefix")}:rl:loginAccount:user|${user.email}`, "20", "EX", 3600);

    const page = await browser.newPage({ viewport, locale: "ja-JP" });
    await page.goto(base + "/login");
    await page.getByLabel("メールアドレス").fill(user.email);
    await page.getByLabel("パスワード").fill("secret-pass");
    await page.getByRole("button", { name: "ログイン" }).click();
    // The first login of a freshly started server can take a while (argon2, cold caches).
    await expect.poll(() => page.getByText(LOGIN_LINK_SENT).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.screenshot({ path: path.join(artifactsDir, `login-under-attack-${name}.png`) });

    const mail = await waitForMail(mailDir, user.email, "ログイン用URL");
    await page.goto(firstLink(mail.text, "/login/link?token=").replace(/^https?:\/\/[^/]+/, base));
    await expect.poll(() => page.getByRole("heading", { name: "メールからのログイン" }).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(artifactsDir, `login-link-${name}.png`) });
    // Nothing overflows sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole("button", { name: "ログインする" }).click();
    await page.waitForURL(/\/mypage/);
    await page.close();
  });
});
