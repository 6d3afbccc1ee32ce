import path from "node:path";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hashPassword } from "@/server/auth/password";
import { openDb, type Db } from "@/server/db";
import { bookmarks, investments } from "@/server/db/schema";
import { createUser } from "../helpers/factories";
import { ADMIN_BASE, artifactsDir, clearLoginIpLimit, launchBrowser, logIn } from "./browser";

/**
 * Issue 30 in the browser: the heart and compare tick on list cards and table rows (a visitor's lead
 * to the login with the intent; a member's act in place and feed My Page's comparison), the table at
 * 1280 px without sideways scrolling and at 390 px with 価格・利回り beside a sticky name column, the
 * listing editor hydrating without React error #418, and the inquiry form's phone attributes.
 */
const base = inject("baseURL");
const phone = { width: 390, height: 844 };
const wide = { width: 1280, height: 900 };
const PASSWORD = "card-tick-heart-2026";
let browser: Browser;
let db: Db;
beforeAll(async () => {
  browser = await launchBrowser();
  db = await openDb(inject("databaseURL"));
});
afterAll(async () => {
  await browser?.close();
  db?.$client.close();
});

/** Layout shifts whose moved nodes include a card's heart or tick, gathered from the page's start. */
async function watchActionShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { actionShifts: number };
    w.actionShifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { sources?: { node?: Node | null }[] })[])
        for (const s of e.sources ?? []) if (s.node instanceof Element && s.node.closest('[data-slot="card-actions"]')) w.actionShifts++;
    }).observe({ type: "layout-shift", buffered: true });
  });
}
const actionShifts = (page: Page) => page.evaluate(() => (window as unknown as { actionShifts: number }).actionShifts);

describe("heart and compare tick on the list (issue 30)", () => {
  for (const [label, viewport] of [
    ["390 px", phone],
    ["1280 px", wide],
  ] as const)
    it(`a visitor's heart and tick lead to the login keeping the intent (${label}), on cards and table rows`, async () => {
      const ctx = await browser.newContext({ viewport, locale: "ja-JP", isMobile: viewport === phone, hasTouch: viewport === phone });
      const page = await ctx.newPage();
      await watchActionShifts(page);
      await page.goto(base + "/investments", { waitUntil: "load" });
      const cards = page.locator('[data-slot="investment-card"]:not([data-locked])');
      const first = cards.first();
      const id = await first.getAttribute("data-investment-id");
      const heart = first.locator('[data-card-action="bookmark"]:visible');
      const tick = first.locator('[data-card-action="compare"]:visible');
      expect(await heart.count()).toBe(1);
      expect(await tick.count()).toBe(1);
      // a 32 px target at least, inside the screen
      const box = (await heart.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(32);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(await tick.getAttribute("href")).toBe(`/login?next=${encodeURIComponent(`/investments/${id}`)}&compare=${id}`);
      await page.screenshot({ path: path.join(artifactsDir, `card-actions-visitor-${viewport.width}.png`) });
      expect(await actionShifts(page)).toBe(0);
      await heart.click();
      await page.waitForURL((u) => u.pathname === "/login");
      const url = new URL(page.url());
      expect(url.searchParams.get("next")).toBe(`/investments/${id}`);
      expect(url.searchParams.get("bookmark")).toBe(id);

      await page.goto(base + "/investments/page/1/?vw=table&pp=20", { waitUntil: "load" });
      const row = page.locator('[data-slot="investment-table"] tbody tr[data-investment-id]').first();
      expect(await row.locator('a[data-card-action="bookmark"]').getAttribute("href")).toMatch(/^\/login\?next=.*&bookmark=\d+$/);
      await ctx.close();
    });

  it("a member bookmarks from a card, ticks two for comparison and opens them compared on My Page (1280 px, then 390 px)", async () => {
    const user = await createUser(db, { email: `card-actions-${Date.now()}@example.com`, password_hash: await hashPassword(PASSWORD) });
    const ctx = await browser.newContext({ viewport: wide, locale: "ja-JP" });
    const page = await ctx.newPage();
    await clearLoginIpLimit();
    await page.goto(base + "/login");
    await page.getByLabel("メールアドレス").fill(user.email);
    await page.getByLabel("パスワード").fill(PASSWORD);
    await page.getByRole("button", { name: "ログイン" }).click();
    await page.waitForURL(/\/mypage/);
    await watchActionShifts(page);
    await page.goto(base + "/investments", { waitUntil: "load" });
    const cards = page.locator('[data-slot="investment-card"]:not([data-locked])');
    const [a, b] = [cards.nth(0), cards.nth(1)];
    const [idA, idB] = [Number(await a.getAttribute("data-investment-id")), Number(await b.getAttribute("data-investment-id"))];
    const heartA = a.locator('button[data-card-action="bookmark"]:visible');
    expect(await heartA.getAttribute("aria-pressed")).toBe("false");
    await heartA.click();
    await expect.poll(() => heartA.getAttribute("aria-pressed")).toBe("true");
    await expect
      .poll(
        async () =>
          (
            await db
              .select()
              .from(bookmarks)
              .where(and(eq(bookmarks.user_id, user.id), eq(bookmarks.investment_id, idA)))
          ).length,
      )
      .toBe(1);

    // the tick keeps the listing for the comparison (and bookmarks it: My Page compares bookmarks)
    await a.locator('button[data-card-action="compare"]:visible').click();
    const tray = page.locator('[data-slot="compare-tray"]');
    await expect.poll(() => tray.textContent()).toContain("1/4件");
    await b.locator('button[data-card-action="compare"]:visible').click();
    await expect.poll(() => tray.textContent()).toContain("2/4件");
    await expect.poll(() => b.locator('button[data-card-action="bookmark"]:visible').getAttribute("aria-pressed")).toBe("true");
    await expect
      .poll(async () => (await db.select().from(bookmarks).where(eq(bookmarks.user_id, user.id))).map((r) => r.investment_id).sort())
      .toEqual([idA, idB].sort());
    expect(await actionShifts(page)).toBe(0);
    await page.screenshot({ path: path.join(artifactsDir, "card-actions-member-1280.png") });

    // a reload renders the state from the server (hearts) and this browser (ticks)
    await page.reload({ waitUntil: "load" });
    expect(await a.locator('button[data-card-action="bookmark"]:visible').getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => b.locator('button[data-card-action="compare"]:visible').getAttribute("aria-pressed")).toBe("true");

    await page.setViewportSize(phone);
    await page.goto(base + "/investments/page/1/?vw=table&pp=20", { waitUntil: "load" });
    await expect.poll(() => page.locator('[data-slot="compare-tray"]').textContent()).toContain("2/4件");
    await page.screenshot({ path: path.join(artifactsDir, "card-actions-member-table-390.png") });

    await page.locator('[data-slot="compare-link"]').click();
    await page.waitForURL(/\/mypage\/bookmark\?compare=/);
    const table = page.locator('[data-slot="compare-table"]');
    await expect.poll(() => table.count(), { timeout: 15_000 }).toBe(1);
    const names = await db.select({ id: investments.id, name: investments.name }).from(investments).where(eq(investments.id, idA));
    await expect.poll(() => table.textContent()).toContain(names[0]!.name);
    await page.screenshot({ path: path.join(artifactsDir, "card-actions-compare-390.png"), fullPage: true });
    await ctx.close();
  });
});

describe("the table view (issue 30)", () => {
  const url = "/investments/page/1/?vw=table&pp=20";
  /** Column headers whose box lies wholly inside the table's visible box. */
  const visibleHeaders = (page: Page) =>
    page.locator('[data-slot="investment-table"]').evaluate((box) => {
      const b = box.getBoundingClientRect();
      return [...box.querySelectorAll("thead th")]
        .filter((th) => {
          const r = th.getBoundingClientRect();
          return r.width > 0 && r.left >= b.left - 1 && r.right <= b.right + 1;
        })
        .map((th) => th.textContent);
    });

  it("fits 1280 px without sideways scrolling: every column in view", async () => {
    const page = await browser.newPage({ viewport: wide, locale: "ja-JP" });
    await page.goto(base + url, { waitUntil: "load" });
    const box = page.locator('[data-slot="investment-table"]');
    expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await visibleHeaders(page)).toEqual([
      "物件名・所在地",
      "種別",
      "価格",
      "表面利回り※",
      "実質利回り（概算）※",
      "構造",
      "築年",
      "面積",
      "戸数",
      "駅徒歩",
      "取引態様",
    ]);
    await page.screenshot({ path: path.join(artifactsDir, "list-table-1280.png") });
    await page.close();
  });

  it("at 390 px keeps 価格 and 表面利回り in view beside a sticky name column", async () => {
    const page = await browser.newPage({ viewport: phone, locale: "ja-JP", isMobile: true, hasTouch: true });
    await page.goto(base + url, { waitUntil: "load" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const shown = await visibleHeaders(page);
    expect(shown).toContain("価格");
    expect(shown).toContain("表面利回り※");
    // the type moved under the name
    expect(await page.locator('[data-slot="row-type"]').first().isVisible()).toBe(true);
    await page.screenshot({ path: path.join(artifactsDir, "list-table-390.png") });
    // scrolled sideways, the name column stays at the left edge
    const box = page.locator('[data-slot="investment-table"]');
    const name = page.locator('[data-slot="investment-table"] tbody th').first();
    const before = (await name.boundingBox())!.x;
    await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect(Math.round((await name.boundingBox())!.x)).toBe(Math.round(before));
    await page.screenshot({ path: path.join(artifactsDir, "list-table-390-scrolled.png") });
    await page.close();
  });
});

describe("the listing editor hydrates cleanly (issue 30)", () => {
  it("opens with no React hydration error (#418) for staff in Japan time", async () => {
    const listing = await db
      .select({ id: investments.id })
      .from(investments)
      .where(and(eq(investments.public, true), isNull(investments.not_updated_at)))
      .orderBy(asc(investments.id))
      .get();
    // The server renders in its own zone (UTC here); staff's browsers are in Japan.
    const ctx = await browser.newContext({ viewport: wide, locale: "ja-JP", timezoneId: "Asia/Tokyo" });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    await logIn(page, base, "admin");
    await page.goto(`${base}${ADMIN_BASE}/investments/${listing!.id}`, { waitUntil: "load" });
    await expect.poll(() => page.getByText("最終更新", { exact: false }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole("button", { name: "保存する" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(errors.filter((e) => /418|hydrat/i.test(e))).toEqual([]);
    await ctx.close();
  });
});

describe("the inquiry form on a phone (issue 30)", () => {
  it("asks for the phone's keyboards and autofill", async () => {
    const page = await browser.newPage({ viewport: phone, locale: "ja-JP", isMobile: true, hasTouch: true });
    await page.goto(base + "/contacts/consult", { waitUntil: "load" });
    const attrs = (name: string) =>
      page
        .locator(`[name="${name}"]`)
        .evaluate((el) => ({ type: el.getAttribute("type"), autocomplete: el.getAttribute("autocomplete"), inputmode: el.getAttribute("inputmode") }));
    expect(await attrs("email")).toMatchObject({ type: "email", autocomplete: "email" });
    expect(await attrs("contact.tel")).toEqual({ type: "tel", autocomplete: "tel", inputmode: "tel" });
    expect(await attrs("contact.fax")).toEqual({ type: "tel", autocomplete: "fax tel", inputmode: "tel" });
    expect(await attrs("names.last")).toMatchObject({ autocomplete: "family-name" });
    await page.close();
  });
});
