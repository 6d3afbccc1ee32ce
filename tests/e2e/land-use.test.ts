import path from "node:path";
import { asc, isNotNull } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LAND_USE_NAMES } from "@/lib/constants/land-use";
import { openDb, type Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { artifactsDir, launchBrowser, viewports, ADMIN_BASE, logIn } from "./browser";

/** Issue 34 item 5 in a browser: the editor's 用途地域 is a select of the official zones showing the stored one. */
const base = inject("baseURL");
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

describe("editor 用途地域 select", () => {
  it("offers the 15 zones, shows the stored one, at 1280 and 390 px", async () => {
    const target = await db
      .select({ id: investments.id, land_use_1: investments.land_use_1 })
      .from(investments)
      .where(isNotNull(investments.land_use_1))
      .orderBy(asc(investments.id))
      .get();
    expect(target).toBeTruthy();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: "ja-JP" });
    try {
      await logIn(page, base, "admin");
      await page.goto(`${base}${ADMIN_BASE}/investments/${target!.id}`);
      const select = page.locator('select[name="land_use_1"]');
      await expect.poll(() => select.inputValue(), { timeout: 15_000 }).toBe(target!.land_use_1);
      const options = await select.locator("option").allTextContents();
      expect(options).toEqual(["選択してください", ...LAND_USE_NAMES]);
      await page.locator('select[name="land_use_2"]').selectOption("準工業地域");
      const section = page.locator("#sec-land");
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: path.join(artifactsDir, "editor-land-use-1280.png") });
      await page.setViewportSize(viewports.phone);
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: path.join(artifactsDir, "editor-land-use-390.png") });
    } finally {
      await page.close();
    }
  });
});
