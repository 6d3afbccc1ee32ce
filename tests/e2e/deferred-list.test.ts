import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
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
});
