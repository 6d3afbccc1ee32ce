import path from "node:path";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb } from "@/server/db";
import { investment_images, investments } from "@/server/db/schema";
import { artifactsDir, launchBrowser, logIn } from "./browser";

/**
 * A visitor's list hydrates on the first tap that needs React (issue 31, src/server/http/static-pages.ts
 * DEFERRED_PAGES): the first visit downloads no script file, the search dialog's button still opens
 * the dialog on the first press (held, then given again once React has the page), the sort select
 * still sorts, and hydrating late raises no error. A member's list is hydrated as Next wrote it.
 */
const base = inject("baseURL");
const PHONE = { width: 390, height: 844 };
let browser: Browser;

// a public listing with photos to page through (and, as every demo building, a simulator)
const db = await openDb(inject("databaseURL"));
const withPhotos = await db
  .select({ id: investments.id })
  .from(investments)
  .innerJoin(investment_images, eq(investment_images.investment_id, investments.id))
  .where(and(eq(investments.public, true), eq(investments.members, false), isNull(investments.not_updated_at), eq(investments.type_cd, 1)))
  .groupBy(investments.id)
  .having(sql`${count(investment_images.id)} >= 3`)
  .orderBy(investments.id)
  .limit(2)
  .all();
db.$client.close();
if (withPhotos.length < 2) throw new Error("the demo seed has no two public buildings with three pictures");
const [detailId, otherId] = withPhotos.map((r) => r.id) as [number, number];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Watched {
  ctx: BrowserContext;
  page: Page;
  scripts: string[];
  errors: string[];
}

async function open(viewport = PHONE): Promise<Watched> {
  const ctx = await browser.newContext({ viewport, locale: "ja-JP", isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
  const page = await ctx.newPage();
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return { ctx, page, scripts, errors };
}

describe("a visitor's list waits for a tap before React (issue 31)", () => {
  it("loads no script file, then opens the search dialog on the first press of its button", async () => {
    const { ctx, page, scripts, errors } = await open();
    await page.goto(base + "/investments", { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    expect(await page.locator('[data-slot="investment-card"]').count()).toBeGreaterThan(0);
    expect(scripts).toEqual([]);
    expect(await page.locator('script[type="text/x-kir-held"]').count()).toBeGreaterThan(0);

    // one press, as a person gives it: the dialog opens once React has the page
    await page.getByRole("button", { name: "条件を変更・物件を探す" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor({ timeout: 60_000 });
    expect(scripts.some((s) => s.startsWith("/_next/static/chunks/"))).toBe(true);
    await page.screenshot({ path: path.join(artifactsDir, "deferred-list-dialog-390.png") });
    // hydrated late over the server's HTML: no mismatch, no error
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("the sort select sorts before React is there (its GET form), at 1280 px", async () => {
    const { ctx, page, scripts, errors } = await open({ width: 1280, height: 900 });
    await page.goto(base + "/investments", { waitUntil: "load" });
    expect(scripts).toEqual([]);
    await page.getByLabel("並び替え").selectOption("price_asc");
    await page.waitForURL((u) => u.searchParams.get("sr") === "price_asc");
    // the server's page of that order (a full load: the form's GET)
    expect(await page.getByLabel("並び替え").inputValue()).toBe("price_asc");
    expect(await page.locator('[data-slot="investment-card"]').count()).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(artifactsDir, "deferred-list-sorted-1280.png") });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("a member's list is hydrated from the start", async () => {
    const { ctx, page, scripts } = await open();
    await logIn(page, base, "member");
    scripts.length = 0;
    await page.goto(base + "/investments", { waitUntil: "load" });
    expect(scripts.some((s) => s.startsWith("/_next/static/chunks/"))).toBe(true);
    expect(await page.locator('script[type="text/x-kir-held"]').count()).toBe(0);
    await ctx.close();
  });

  it("a member's sort select sorts while the page's scripts are still loading (390 px)", async () => {
    const { ctx, page, errors } = await open();
    await logIn(page, base, "member");
    // the chunks held back as on a slow line: the change comes before React has the select
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/_next/static/chunks/**/*.js", async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    // (not domcontentloaded: that waits for the deferred scripts held here)
    await page.goto(base + "/investments/page/1/?vw=card&pp=20", { waitUntil: "commit" });
    const select = page.getByLabel("並び替え");
    await select.waitFor();
    expect(await select.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$")))).toBe(false);
    await select.selectOption("price_asc");
    // (commit: the new page's load waits for the chunks still held)
    await page.waitForURL((u) => u.searchParams.get("sr") === "price_asc", { waitUntil: "commit" });
    release();
    await page.unroute("**/_next/static/chunks/**/*.js");
    // the conditions of the form (view, page size) came along, and the server's page is in that order
    expect(new URL(page.url()).searchParams.get("pp")).toBe("20");
    await page.waitForLoadState("load");
    expect(await page.getByLabel("並び替え").inputValue()).toBe("price_asc");
    const ids = await page
      .locator('[data-slot="investment-results"] [data-slot="investment-card"]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-investment-id"))));
    expect(ids.length).toBeGreaterThan(1);
    const listDb = await openDb(inject("databaseURL"));
    const rows = await listDb.select({ id: investments.id, price: investments.price }).from(investments).where(inArray(investments.id, ids)).all();
    listDb.$client.close();
    const price = new Map(rows.map((r) => [r.id, r.price]));
    for (let k = 1; k < ids.length; k++) expect(price.get(ids[k]!)!).toBeGreaterThanOrEqual(price.get(ids[k - 1]!)!);
    await page.screenshot({ path: path.join(artifactsDir, "member-sort-before-react-390.png") });
    expect(errors.filter((e) => !/net::ERR_ABORTED|Failed to load/.test(e))).toEqual([]);
    await ctx.close();
  });
});

describe("a visitor's listing detail waits for React too (issue 31)", () => {
  it("loads no script file, records the view from the HTML, and moves the gallery on the first press", async () => {
    const { ctx, page, scripts, errors } = await open();
    await page.goto(`${base}/investments/${detailId}`, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    expect(await page.locator('script[type="text/x-kir-held"]').count()).toBeGreaterThan(0);
    // the simulator's opening figures are in the HTML, without any script
    expect(await page.locator('[data-slot="sim-monthly-cf"]').innerText()).toMatch(/万円$/);
    const viewed = await page.evaluate(() => JSON.parse(localStorage.getItem("kir:recently-viewed") ?? "[]") as { id: number }[]);
    expect(viewed.map((v) => v.id)).toEqual([detailId]);
    await page.screenshot({ path: path.join(artifactsDir, "perf31-detail-deferred-390.png") });

    const gallery = page.locator('[data-slot="gallery"]');
    const total = (await gallery.locator('[aria-live="polite"]').innerText()).split("/")[1]!.trim();
    await gallery.getByRole("button", { name: "次の写真" }).click();
    await expect.poll(() => gallery.locator('[aria-live="polite"]').innerText(), { timeout: 60_000 }).toMatch(new RegExp(`2\\s*/\\s*${total}`));
    expect(scripts.some((s) => s.startsWith("/_next/static/chunks/"))).toBe(true);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("a press held while hydration has rendered the gallery but not committed it is given again after the commit (390 px)", async () => {
    const { ctx, page, errors } = await open();
    // the chunks held back as on a slow line, so the page's hydration cannot finish yet
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/_next/static/chunks/**/*.js", async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${base}/investments/${detailId}`, { waitUntil: "load" });
    const gallery = page.locator('[data-slot="gallery"]');
    expect(await gallery.getAttribute("data-mount-mark")).toBe("");
    expect(await gallery.getAttribute("data-mounted")).toBeNull();
    const next = gallery.getByRole("button", { name: "次の写真" });
    // what a hydration render leaves on an element before its commit: React's props, nothing mounted
    // (a click given to it then reaches no handler and is lost)
    await next.evaluate((el) => Object.assign(el, { __reactProps$pending: {} }));
    const total = (await gallery.locator('[aria-live="polite"]').innerText()).split("/")[1]!.trim();
    await next.click();
    await page.waitForTimeout(500);
    expect(await gallery.locator('[aria-live="polite"]').innerText()).toMatch(new RegExp(`(^|\\D)1\\s*/\\s*${total}$`));
    release();
    await page.unroute("**/_next/static/chunks/**/*.js");
    await expect.poll(() => gallery.locator('[aria-live="polite"]').innerText(), { timeout: 60_000 }).toMatch(new RegExp(`2\\s*/\\s*${total}`));
    expect(await gallery.getAttribute("data-mounted")).toBe("");
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("hydrates when the simulator comes near, and a second listing shows the first in 最近見た物件 (1280 px)", async () => {
    const { ctx, page, scripts, errors } = await open({ width: 1280, height: 900 });
    await page.goto(`${base}/investments/${detailId}`, { waitUntil: "load" });
    await page.goto(`${base}/investments/${otherId}`, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    // the aside is on the first screen at this width: the list hydrates with it
    const recent = page.locator('[data-slot="recently-viewed"]');
    await recent.waitFor({ timeout: 60_000 });
    expect(await recent.getByRole("link").first().getAttribute("href")).toContain(String(detailId));

    // with nothing else viewed, nothing starts React until the simulator comes near
    await page.evaluate(() => localStorage.clear());
    scripts.length = 0;
    await page.goto(`${base}/investments/${detailId}`, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    await page.locator("#detail-simulator").scrollIntoViewIfNeeded();
    await page.locator('[data-slot="cash-flow-simulator"][data-ready]').waitFor({ timeout: 60_000 });
    expect(scripts.some((s) => s.startsWith("/_next/static/chunks/"))).toBe(true);
    await page.screenshot({ path: path.join(artifactsDir, "perf31-detail-simulator-1280.png") });
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
