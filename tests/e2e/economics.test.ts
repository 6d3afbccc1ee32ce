import path from "node:path";
import { and, asc, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { bookmarks, investment_rent_rolls, investments, users } from "@/server/db/schema";
import { artifactsDir, launchBrowser, logIn } from "./browser";

/**
 * Issue 35 as an investor sees it, in Chromium on the production build and the demo seed: the
 * detail's numbers (積算 from a seeded 路線価, 残存耐用年数, the deal check), a visitor seeing only
 * the rent roll's totals and a member its rows, the 地代 listing negative, compare with every figure
 * and its labels held while the table scrolls on a phone, and a card's deal line. Screenshots at
 * 390 and 1280 px go to tests/artifacts/economics-*.png.
 */
const base = inject("baseURL");
let browser: Browser;
let db: Db;
let withRoll: { id: number; name: string };
let other: { id: number; name: string };
let loss: { id: number };

const visible = and(eq(investments.public, true), eq(investments.members, false), isNull(investments.not_updated_at));

beforeAll(async () => {
  browser = await launchBrowser();
  db = await openDb(inject("databaseURL"));
  // A public 一棟 with a seeded 路線価 (so a 積算比) and a rent roll.
  withRoll = (await db
    .select({ id: investments.id, name: investments.name })
    .from(investments)
    .where(and(visible, isNotNull(investments.sekisan_ratio), sql`exists (select 1 from ${investment_rent_rolls} r where r.investment_id = ${investments.id})`))
    .orderBy(asc(investments.id))
    .get())!;
  other = (await db
    .select({ id: investments.id, name: investments.name })
    .from(investments)
    .where(and(visible, isNotNull(investments.net_yield), sql`${investments.id} <> ${withRoll.id}`))
    .orderBy(asc(investments.id))
    .get())!;
  // A listing whose own costs (地代 …) exceed its income: 実質利回り below zero.
  loss = (await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(visible, lt(investments.net_yield, 0)))
    .get())!;
  expect(withRoll && other && loss).toBeTruthy();
});
afterAll(async () => {
  await browser?.close();
  db?.$client.close();
});

async function newPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1 });
  return context.newPage();
}

describe("the detail's numbers", () => {
  for (const width of [390, 1280]) {
    it(`a visitor sees 積算, the lives, the deal check and the rent roll's totals only (${width} px)`, async () => {
      const page = await newPage(width);
      await page.goto(`${base}/investments/${withRoll.id}`);
      const econ = page.locator('[data-slot="economics"]');
      await econ.waitFor();
      expect(await econ.locator('[data-slot="econ-sekisan"]').innerText()).toMatch(/\d/);
      expect(await econ.locator('[data-slot="econ-remaining-life"]').innerText()).toMatch(/年|—/);
      expect(await page.locator('[data-slot="deal-check-section"]').count()).toBe(1);
      // the rent roll exists, its rows are for members
      expect(await page.locator('[data-slot="rent-roll"]').count()).toBe(1);
      expect(await page.locator('[data-slot="rent-roll-rows"]').count()).toBe(0);
      expect(await page.locator('[data-slot="members-prompt"]').count()).toBeGreaterThan(0);
      expect(await page.content()).not.toContain("rent-roll-rows");
      await page.locator('[data-slot="deal-check-section"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(artifactsDir, `economics-detail-${width}.png`), fullPage: false });
      await econ.screenshot({ path: path.join(artifactsDir, `economics-figures-${width}.png`) });
      await page.context().close();
    });
  }

  it("the listing whose costs exceed its rent is negative on the summary", async () => {
    const page = await newPage(390);
    await page.goto(`${base}/investments/${loss.id}`);
    const net = page.locator('[data-slot="econ-net-yield"]');
    await net.waitFor();
    expect(await net.innerText()).toMatch(/^[−-]/);
    expect(await page.locator('[data-slot="econ-noi"]').innerText()).toMatch(/[−-]/);
    await page.context().close();
  });
});

describe("members", () => {
  it("see the rent roll's rows, and compare every figure with the labels held on a phone (390 and 1280 px)", async () => {
    const member = (await db.select({ id: users.id }).from(users).where(eq(users.email, "member@example.com")).get())!;
    for (const l of [withRoll, other]) {
      const { price } = (await db.select({ price: investments.price }).from(investments).where(eq(investments.id, l.id)).get())!;
      await db.insert(bookmarks).values({ user_id: member.id, investment_id: l.id, price_at_bookmark: price }).onConflictDoNothing();
    }
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await logIn(page, base, "member");
    await page.goto(`${base}/investments/${withRoll.id}`);
    const rows = page.locator('[data-slot="rent-roll-rows"] tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto(`${base}/mypage/bookmark`);
      await page.getByRole("checkbox", { name: `${withRoll.name}を比較に追加` }).check();
      await page.getByRole("checkbox", { name: `${other.name}を比較に追加` }).check();
      await page.getByRole("button", { name: "選択した物件を比較" }).click();
      const table = page.locator('[data-slot="compare-table"]');
      await expect.poll(() => table.locator("thead th").count()).toBe(3);
      const text = await table.innerText();
      for (const label of ["所在地", "土地面積", "建物面積", "戸数", "用途地域", "現況", "実質利回り", "積算比", "残存耐用年数"]) expect(text).toContain(label);
      await table.scrollIntoViewIfNeeded();
      await table.screenshot({ path: path.join(artifactsDir, `economics-compare-${width}.png`) });
      if (width === 390) {
        // the row labels stay put while the figures scroll sideways
        const label = table.locator("tbody th").first();
        const before = await label.boundingBox();
        await table.evaluate((el) => {
          const scroller = [el, ...el.querySelectorAll("*")].find((n) => n.scrollWidth > n.clientWidth + 10 && getComputedStyle(n).overflowX !== "visible");
          if (scroller) scroller.scrollLeft = 400;
        });
        const after = await label.boundingBox();
        expect(Math.abs((after?.x ?? 0) - (before?.x ?? 0))).toBeLessThan(2);
        await table.screenshot({ path: path.join(artifactsDir, `economics-compare-390-scrolled.png`) });
      }
    }
    await context.close();
  });
});

describe("cards", () => {
  for (const width of [390, 1280]) {
    it(`carry the deal line as server HTML (${width} px)`, async () => {
      const page = await newPage(width);
      await page.goto(`${base}/investments/page/1?ty=2`);
      const line = page.locator('[data-slot="deal-line"]').first();
      await line.waitFor();
      const card = page
        .locator("article")
        .filter({ has: page.locator('[data-slot="deal-line"]') })
        .first();
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: path.join(artifactsDir, `economics-card-${width}.png`) });
      await page.context().close();
    });
  }
});
