import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { clearLoginIpLimit, launchBrowser, viewports } from "./browser";

/**
 * After a successful login the browser follows `next` only to our own origin
 * (issue 16: `/login?next=/%5Cexample.invalid` and friends sent it off-site),
 * for members and for the admin; a same-origin `next` is still followed.
 */
const base = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const hostile = ["/%5Cexample.invalid", "/%09/example.invalid/x", "/%5C/example.invalid", "/.//example.invalid"];
const logins = [
  { kind: "member", path: "/login", email: "member@example.com", password: "mypage-demo-2026", home: "/mypage" },
  { kind: "admin", path: "/_kanri-7f3c/login", email: "admin@example.com", password: "kanri-demo-2026", home: "/_kanri-7f3c" },
];

async function loginWith(loginPath: string, next: string, email: string, password: string): Promise<URL> {
  await clearLoginIpLimit();
  const context = await browser.newContext({ viewport: viewports.desktop, locale: "ja-JP" });
  const page = await context.newPage();
  try {
    await page.goto(`${base}${loginPath}?next=${next}`);
    await page.getByLabel("メールアドレス").fill(email);
    await page.getByLabel("パスワード").fill(password);
    await page.getByRole("button", { name: "ログイン" }).click();
    await page.waitForURL((u) => !u.pathname.endsWith("/login"), { timeout: 15_000 });
    return new URL(page.url());
  } finally {
    await context.close();
  }
}

describe("login redirect (next)", () => {
  for (const login of logins) {
    it(`${login.kind}: never leaves the site, whatever next says`, async () => {
      for (const next of hostile) {
        const landed = await loginWith(login.path, next, login.email, login.password);
        expect(landed.origin, next).toBe(base);
        expect(landed.pathname, next).toBe(login.home);
      }
    });
  }

  it("member: a same-origin next is still followed", async () => {
    const landed = await loginWith("/login", encodeURIComponent("/corporate?from=login"), "member@example.com", "mypage-demo-2026");
    expect(landed.origin + landed.pathname + landed.search).toBe(`${base}/corporate?from=login`);
  });
});
