import { mkdirSync } from "node:fs";
import path from "node:path";
import { Redis } from "ioredis";
import { chromium, type Browser, type Page } from "playwright-core";
import { inject } from "vitest";

/**
 * Debian's Chromium with the flags this closed network needs (ARCHITECTURE.md).
 * Playwright already gives every launch a fresh, empty user-data-dir.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const artifactsDir = path.resolve(import.meta.dirname, "../artifacts");
mkdirSync(artifactsDir, { recursive: true });

export const viewports = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** The admin base path the e2e server runs under (ADMIN_BASE_PATH's default). */
export const ADMIN_BASE = "/_kanri-7f3c";

/** The demo accounts the seed creates (passwords overridable as in the demo). */
export const DEMO_LOGINS = {
  member: { email: "member@example.com", password: process.env.DEMO_MEMBER_PASSWORD ?? "mypage-demo-2026", path: "/login", landed: /\/mypage/ },
  admin: {
    email: "admin@example.com",
    password: process.env.DEMO_ADMIN_PASSWORD ?? "kanri-demo-2026",
    path: `${ADMIN_BASE}/login`,
    landed: new RegExp(`${ADMIN_BASE}$`),
  },
} as const;

/**
 * Every browser test logs in from 127.0.0.1, and the whole suite makes more logins than the
 * per-IP limit allows in its window (LIMITS.loginIp: 50 in 15 min, proven by the integration
 * tests), so a login late in a quick run was refused. A scenario's login starts from a clear
 * per-IP count, as a real visitor's would; the per-address limits are left as they are.
 */
export async function clearLoginIpLimit(): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.del(`${inject("redisPrefix")}:rl:loginIp:127.0.0.1`);
  } finally {
    redis.disconnect();
  }
}

/** Logs a demo account in through the real login form and waits for the page it lands on. */
export async function logIn(page: Page, base: string, who: keyof typeof DEMO_LOGINS): Promise<void> {
  const account = DEMO_LOGINS[who];
  await clearLoginIpLimit();
  await page.goto(base + account.path);
  await page.getByLabel("メールアドレス").fill(account.email);
  await page.getByLabel("パスワード").fill(account.password);
  await page.getByRole("button", { name: "ログイン" }).click();
  await page.waitForURL(account.landed);
}
