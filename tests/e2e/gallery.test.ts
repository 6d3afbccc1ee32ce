import path from "node:path";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { investment_images, investments } from "@/server/db/schema";
import { artifactsDir, launchBrowser } from "./browser";

/**
 * The listing gallery enlarged to full screen (an accessible dialog: focus
 * inside, Esc, arrow keys, swipe, alt texts) and 間取り図 in a section of
 * their own.
 */
const base = inject("baseURL");
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };
let browser: Browser;
let db: Db;
let listingId: number;
let photos: number;
beforeAll(async () => {
  browser = await launchBrowser();
  db = await openDb(inject("databaseURL"));
  // a public, not members-only listing with at least three pictures; its last picture becomes a floor plan
  const row = await db
    .select({ id: investments.id, n: count(investment_images.id) })
    .from(investments)
    .innerJoin(investment_images, eq(investment_images.investment_id, investments.id))
    .where(and(eq(investments.public, true), eq(investments.members, false), isNull(investments.not_updated_at)))
    .groupBy(investments.id)
    .having(sql`count(${investment_images.id}) >= 3`)
    .orderBy(sql`${investments.id} DESC`)
    .get();
  if (!row) throw new Error("no listing with three pictures in the demo data");
  listingId = row.id;
  const last = await db
    .select({ id: investment_images.id })
    .from(investment_images)
    .where(eq(investment_images.investment_id, listingId))
    .orderBy(sql`${investment_images.e_sort} DESC`)
    .get();
  await db.update(investment_images).set({ category: "floor_plan", comment: "3LDK 間取り図" }).where(eq(investment_images.id, last!.id));
  photos = row.n - 1;
});
afterAll(async () => {
  await browser?.close();
  db?.$client.close();
});

const counter = (page: Page) => page.locator('[data-slot="gallery-lightbox"] [aria-live="polite"]').textContent();

describe("gallery", () => {
  it("desktop: opens full screen, arrows move, Esc closes and gives focus back; floor plans in their own section", async () => {
    const page = await browser.newPage({ viewport: desktop, locale: "ja-JP" });
    await page.goto(`${base}/investments/${listingId}`);
    const gallery = page.locator('[data-slot="gallery"]');
    await expect.poll(() => gallery.getByText(`1 / ${photos}`).isVisible()).toBe(true);

    const zoom = gallery.getByRole("button", { name: "写真を拡大表示" });
    await zoom.click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    expect(await counter(page)).toContain(`1 / ${photos}`);
    expect(await dialog.locator('[data-slot="lightbox-image"]').getAttribute("alt")).toMatch(/の写真/);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => counter(page)).toContain(`2 / ${photos}`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => counter(page)).toContain(`${photos} / ${photos}`);
    // focus stays inside: tabbing around never leaves the dialog
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-slot="gallery-lightbox"]')))).toBe(true);
    }
    await page.screenshot({ path: path.join(artifactsDir, "gallery-lightbox-desktop.png") });
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await zoom.evaluate((el) => el === document.activeElement)).toBe(true);
    // the gallery shows where the lightbox was left
    expect(await gallery.getByText(`${photos} / ${photos}`).isVisible()).toBe(true);

    // 間取り図: their own section, not among the photos
    const plans = page.locator('[data-slot="floor-plans"]');
    await expect.poll(() => page.getByRole("heading", { name: "間取り図" }).isVisible()).toBe(true);
    expect(await plans.locator('[data-slot="gallery-main"]').getAttribute("alt")).toContain("間取り図（3LDK 間取り図）");
    expect(await gallery.locator('img[alt*="間取り図"]').count()).toBe(0);
    await plans.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifactsDir, "gallery-floor-plans-desktop.png") });
    await page.close();
  });

  it("phone: swipes between photos in the full-screen view, nothing overflows", async () => {
    const ctx = await browser.newContext({ viewport: phone, locale: "ja-JP", isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await page.goto(`${base}/investments/${listingId}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.locator('[data-slot="gallery-main"]').first().click();
    await expect.poll(() => page.getByRole("dialog").isVisible()).toBe(true);
    const swipe = async (fromX: number, toX: number) => {
      const area = page.locator('[data-slot="lightbox-image"]');
      const box = (await area.boundingBox())!;
      const y = box.y + box.height / 2;
      await area.dispatchEvent("pointerdown", { clientX: fromX, clientY: y, pointerType: "touch", isPrimary: true });
      await area.dispatchEvent("pointerup", { clientX: toX, clientY: y + 5, pointerType: "touch", isPrimary: true });
    };
    await swipe(320, 80); // to the left: next
    await expect.poll(() => counter(page)).toContain(`2 / ${photos}`);
    await swipe(80, 320); // to the right: previous
    await expect.poll(() => counter(page)).toContain(`1 / ${photos}`);
    await page.screenshot({ path: path.join(artifactsDir, "gallery-lightbox-phone.png") });
    await page.getByRole("button", { name: "拡大表示を閉じる" }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await ctx.close();
  });
});
