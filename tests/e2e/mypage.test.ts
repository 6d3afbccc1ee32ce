import { and, asc, eq, isNull, notInArray } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { bookmarks, filters, investments, users } from "@/server/db/schema";
import { DEMO_LOGINS, launchBrowser, logIn, viewports } from "./browser";

const base = inject("baseURL");
const EMAIL = DEMO_LOGINS.member.email;

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

const login = (page: Page) => logIn(page, base, "member");

/**
 * Opens the save-condition dialog. A click that lands before the list page has hydrated (a busy
 * machine) does nothing, as for a person, who taps again: so does this, until the dialog shows.
 */
async function openSaveDialog(page: Page): Promise<void> {
  // data-state: a dialog just closed by a save is still on screen while it animates out (long on a busy
  // machine); filling that one, the name went into a dialog about to go.
  await page.locator('[data-slot="save-filter-dialog"][data-state="closed"]').waitFor({ state: "detached" });
  const dialog = page.locator('[data-slot="save-filter-dialog"][data-state="open"]');
  for (let i = 0; i < 20 && !(await dialog.isVisible()); i++) {
    await page.locator('[data-slot="save-filter-button"]').click();
    await dialog.waitFor({ state: "visible", timeout: 1500 }).catch(() => undefined);
  }
  await dialog.waitFor({ state: "visible" });
}

describe("My Page (desktop)", () => {
  it("saves a search from the list, reopens it from the dialog, bookmarks two listings, compares them and removes one", async () => {
    const member = (await db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL)).get())!;
    const already = (await db.select({ id: bookmarks.investment_id }).from(bookmarks).where(eq(bookmarks.user_id, member.id))).map((b) => b.id);
    const picks = await db
      .select({ id: investments.id, name: investments.name })
      .from(investments)
      .where(and(eq(investments.public, true), isNull(investments.not_updated_at), already.length ? notInArray(investments.id, already) : undefined))
      .orderBy(asc(investments.id))
      .limit(2);
    expect(picks).toHaveLength(2);
    const [one, two] = picks as [(typeof picks)[number], (typeof picks)[number]];
    const name = `大阪市の一棟マンション ${Date.now().toString(36)}`;

    const context = await browser.newContext({ viewport: viewports.desktop, locale: "ja-JP" });
    const page = await context.newPage();
    page.on("dialog", (d) => void d.accept());
    await login(page);

    // Save the current search under a name.
    await page.goto(base + "/investments?re=3&ty=1");
    const dialog = page.locator('[data-slot="save-filter-dialog"]');
    await openSaveDialog(page);
    await dialog.getByLabel(/検索条件名/).fill(name);
    await dialog.getByRole("button", { name: "保存する" }).click();
    await expect.poll(() => page.locator('[data-slot="save-filter-status"]').innerText()).toContain(`「${name}」を保存しました`);
    const saved = await db
      .select()
      .from(filters)
      .where(and(eq(filters.user_id, member.id), eq(filters.name, name)))
      .get();
    expect(saved?.query).toMatchObject({ re: [3], ty: [1] });

    // The same name again: the live check says so and the save stays disabled.
    await openSaveDialog(page);
    await dialog.getByLabel(/検索条件名/).fill(name);
    await expect.poll(() => dialog.getByRole("alert").innerText()).toContain("既に保存されています");
    expect(await dialog.getByRole("button", { name: "保存する" }).isDisabled()).toBe(true);
    await page.keyboard.press("Escape");

    // Find it in the search dialog's dropdown and open it.
    await page.goto(base + "/investments");
    await page.getByRole("button", { name: /条件を変更/ }).click();
    const select = page.getByRole("dialog").getByLabel("保存した検索条件");
    await expect.poll(() => select.locator("option", { hasText: name }).count()).toBe(1);
    await select.selectOption({ label: name });
    await page.waitForURL(
      (u) => u.pathname.startsWith("/investments/page/1") && u.searchParams.getAll("re").includes("3") && u.searchParams.getAll("ty").includes("1"),
    );
    expect(await page.locator('[data-slot="search-summary"] [data-chip]').count()).toBeGreaterThanOrEqual(2);

    // It is listed on /mypage/filter with its count and a link back to the search.
    await page.goto(base + "/mypage/filter");
    const row = page.locator('[data-slot="filter-item"]', { hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole("link", { name: "この条件で検索" }).getAttribute("href")).toMatch(/re=3/);

    // "条件を変更": the list with ?filter={id} offers 上書き保存, which replaces the saved query.
    expect(await row.getByRole("link", { name: "条件を変更" }).getAttribute("href")).toContain(`filter=${saved!.id}`);
    await page.goto(`${base}/investments?re=3&ty=1&ty=2&filter=${saved!.id}`);
    await page.getByRole("button", { name: `「${name}」に上書き保存` }).click();
    await expect.poll(() => page.locator('[data-slot="save-filter-status"]').innerText()).toContain("上書き保存しました");
    expect((await db.select().from(filters).where(eq(filters.id, saved!.id)).get())?.query).toMatchObject({ re: [3], ty: [1, 2] });

    const matchings = await page.goto(base + "/mypage/matchings");
    expect(matchings?.status()).toBe(200);
    expect(await page.locator("h1").innerText()).toBe("マッチング");

    // Bookmark two listings from their detail pages.
    for (const l of [one, two]) {
      await page.goto(`${base}/investments/${l.id}`);
      const button = page.locator('[data-slot="bookmark-button"]');
      expect(await button.getAttribute("aria-pressed")).toBe("false");
      await button.click();
      await expect.poll(() => button.getAttribute("aria-pressed")).toBe("true");
    }

    // Compare them.
    await page.goto(base + "/mypage/bookmark");
    await page.getByRole("checkbox", { name: `${one.name}を比較に追加` }).check();
    await page.getByRole("checkbox", { name: `${two.name}を比較に追加` }).check();
    await page.getByRole("button", { name: "選択した物件を比較" }).click();
    const table = page.locator('[data-slot="compare-table"]');
    await expect.poll(() => table.locator("thead th").count()).toBe(3);
    const text = await table.innerText();
    for (const label of ["価格", "表面利回り", "想定年収", "㎡単価", "築年月", "構造", "駅徒歩", "土地権利", one.name, two.name]) expect(text).toContain(label);

    // Remove one; the list and the table follow.
    const item = page.locator(`[data-slot="bookmark-item"][data-id="${one.id}"]`);
    await item.getByRole("button", { name: "削除" }).click();
    await expect.poll(() => item.count()).toBe(0);
    expect(await page.locator(`[data-slot="bookmark-item"][data-id="${two.id}"]`).count()).toBe(1);
    const left = (await db.select({ id: bookmarks.investment_id }).from(bookmarks).where(eq(bookmarks.user_id, member.id))).map((b) => b.id);
    expect(left).toContain(two.id);
    expect(left).not.toContain(one.id);

    // The dashboard shows the saved condition.
    await page.goto(base + "/mypage");
    await expect.poll(() => page.locator('[data-slot="dashboard-filters"]').innerText()).toContain(name);
    await context.close();
  });
});
