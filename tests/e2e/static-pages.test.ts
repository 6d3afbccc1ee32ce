import path from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb } from "@/server/db";
import { cms_posts } from "@/server/db/schema";
import { artifactsDir, launchBrowser, logIn, viewports } from "./browser";

/**
 * Issue 21: content pages (home, blog, fixed pages) go out as HTML and CSS alone when nothing on them
 * needs React (src/server/http/static-pages.ts), and everything on them still works: the side menu and
 * the phone popover (HTML popovers), the keyword box (a GET form), logout (a form POST), links.
 * Pages with a client form stay hydrated.
 */

const base = inject("baseURL");
let browser: Browser;
let postSlug = "";

beforeAll(async () => {
  browser = await launchBrowser();
  const db = await openDb(inject("databaseURL"));
  postSlug = (await db.select({ slug: cms_posts.slug }).from(cms_posts).where(eq(cms_posts.status, "published")).get())?.slug ?? "";
  db.$client.close();
  if (!postSlug) throw new Error("the demo seed has no published post");
});
afterAll(async () => {
  await browser?.close();
});

/** Loads a page and counts the scripts the browser fetched for it. */
async function load(page: Page, p: string): Promise<{ status: number; scripts: string[] }> {
  const scripts: string[] = [];
  const onRequest = (r: { resourceType(): string; url(): string }) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  };
  page.on("request", onRequest);
  const res = await page.goto(base + p, { waitUntil: "networkidle" });
  page.off("request", onRequest);
  return { status: res?.status() ?? 0, scripts };
}

describe("content pages without React", () => {
  it("home, blog list, a post and the fixed pages fetch no script; list, detail search and forms stay hydrated", async () => {
    const page = await browser.newPage({ viewport: viewports.phone, locale: "ja-JP" });
    for (const p of ["/", "/blogs", `/blogs/${encodeURIComponent(postSlug)}`, "/about", "/faq", "/privacy"]) {
      const { status, scripts } = await load(page, p);
      expect(status, p).toBe(200);
      expect(scripts, p).toEqual([]);
      // Nothing of the RSC payload is left in the document either.
      expect(await page.evaluate(() => "__next_f" in window), p).toBe(false);
    }
    // A visitor's list holds its scripts until the first tap that needs React (issue 31, tests/e2e/deferred-list.test.ts).
    for (const p of ["/sell", "/login"]) {
      const { scripts } = await load(page, p);
      expect(scripts.length, p).toBeGreaterThan(0);
    }
    await page.close();
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`on a page without scripts the side menu opens, lists the site and closes on Escape (${name})`, async () => {
      const page = await browser.newPage({ viewport, locale: "ja-JP" });
      await load(page, "/blogs");
      const menu = page.getByRole("dialog", { name: "メニュー" });
      expect(await menu.isVisible()).toBe(false);
      await page.getByRole("button", { name: "メニューを開く" }).click();
      await expect.poll(() => menu.isVisible()).toBe(true);
      expect(await menu.getByRole("link", { name: "ログイン" }).isVisible()).toBe(true);
      expect(await menu.getByRole("link", { name: /無料会員登録/ }).isVisible()).toBe(true);
      // Once slid in, the sheet spans the screen's height at the right edge, inside the viewport.
      await expect
        .poll(async () => {
          const box = (await menu.boundingBox())!;
          return [Math.round(box.x + box.width), Math.round(box.height)];
        })
        .toEqual([viewport.width, viewport.height]);
      await page.screenshot({ path: path.join(artifactsDir, `static-menu-${name}.png`) });
      await page.keyboard.press("Escape");
      await expect.poll(() => menu.isVisible()).toBe(false);
      // The close button and a link inside work too.
      await page.getByRole("button", { name: "メニューを開く" }).click();
      await menu.getByRole("button", { name: "閉じる" }).click();
      await expect.poll(() => menu.isVisible()).toBe(false);
      await page.getByRole("button", { name: "メニューを開く" }).click();
      await menu.getByRole("link", { name: "会社概要" }).click();
      await page.waitForURL(/\/corporate$/);
      await page.close();
    });
  }

  it("on a phone the phone popover shows the number and hours without scripts", async () => {
    const page = await browser.newPage({ viewport: viewports.phone, locale: "ja-JP" });
    await load(page, "/");
    const popover = page.getByRole("dialog", { name: "電話番号と営業時間" });
    await page.getByRole("button", { name: "電話番号と営業時間" }).click();
    await expect.poll(() => popover.isVisible()).toBe(true);
    expect(await popover.getByRole("link").getAttribute("href")).toMatch(/^tel:/);
    const box = (await popover.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewports.phone.width);
    await popover.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    await page.screenshot({ path: path.join(artifactsDir, "static-phone-popover.png") });
    await page.mouse.click(20, 700); // outside: light dismiss
    await expect.poll(() => popover.isVisible()).toBe(false);
    await page.close();
  });

  it("the chrome script: a failed thumbnail hides its picture; without HTML popovers the buttons still open and close their panels", async () => {
    const page = await browser.newPage({ viewport: viewports.phone, locale: "ja-JP" });
    await load(page, "/blogs");
    const chrome = await page.evaluate(() => [...document.scripts].find((s) => s.textContent?.includes("data-thumb"))?.textContent ?? "");
    expect(chrome).not.toBe("");
    // A browser without the Popover API (Safari before 17): the property is gone, and the panel has no
    // popover attribute, so only the script can show it.
    await page.addInitScript(() => {
      const proto = HTMLElement.prototype as { popover?: unknown; hidePopover?: unknown };
      delete proto.popover;
      delete proto.hidePopover;
    });
    await page.route(base + "/chrome-check", (route) =>
      route.fulfill({
        contentType: "text/html",
        body:
          `<!doctype html><html><head><style>.hidden{display:none}</style><script>${chrome}</script></head><body>` +
          `<button id="open" popovertarget="panel">menu</button><div id="panel" class="hidden"><a href="#x">link</a>` +
          `<button id="close" popovertarget="panel">close</button></div>` +
          `<div id="menu" popover><a id="menu-link" href="#y">link</a></div>` +
          `<picture id="pic"><img data-thumb src="/api/images/999999/none/thumb.jpg" alt="x"></picture></body></html>`,
      }),
    );
    await page.goto(base + "/chrome-check");
    await expect.poll(() => page.locator("#pic").evaluate((p) => (p as HTMLElement).hidden)).toBe(true);
    const panel = page.locator("#panel");
    expect(await panel.isVisible()).toBe(false);
    await page.click("#open");
    expect(await panel.isVisible()).toBe(true);
    await page.click("#close");
    expect(await panel.isVisible()).toBe(false);
    // A link followed inside a panel closes it (for pages that navigate on the client). The panel
    // keeps its popover attribute in such a browser; Chromium hides it natively, so the click is dispatched.
    await page.dispatchEvent("#menu-link", "click");
    expect(await page.locator("#menu").evaluate((m) => m.classList.contains("hidden"))).toBe(true);
    await page.close();
  });

  it("the home keyword box searches the listings without scripts", async () => {
    const page = await browser.newPage({ viewport: viewports.phone, locale: "ja-JP" });
    await load(page, "/");
    const box = page.locator("main").getByRole("searchbox").first();
    await box.fill("マンション");
    await box.press("Enter");
    await page.waitForURL(/\/investments\/page\/1\/?\?fw=/);
    expect(decodeURIComponent(page.url())).toContain("fw=マンション");
    await expect
      .poll(() =>
        page
          .getByText(/該当物件/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.close();
  });

  it("a member sees their menu on a page without scripts and logs out from it; a cross-site logout is refused", async () => {
    const context = await browser.newContext({ viewport: viewports.phone, locale: "ja-JP" });
    const page = await context.newPage();
    await logIn(page, base, "member");
    const { scripts } = await load(page, "/blogs");
    expect(scripts).toEqual([]);

    // A forged logout from another site: refused, the session stays.
    const forged = await context.request.post(base + "/logout", {
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    // GET is not a logout either (a link or a prefetch must not end a session).
    expect((await context.request.get(base + "/logout", { maxRedirects: 0 })).status()).toBe(405);

    const menu = page.getByRole("dialog", { name: "メニュー" });
    // The 404 page, outside the public layout, renders the member's menu too.
    const missing = await page.goto(base + "/no-such-page-here");
    expect(missing?.status()).toBe(404);
    await page.getByRole("button", { name: "メニューを開く" }).click();
    await expect.poll(() => menu.getByRole("link", { name: "マイページ" }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");

    await load(page, "/blogs");
    await page.getByRole("button", { name: "メニューを開く" }).click();
    await expect.poll(() => menu.getByRole("link", { name: "マイページ" }).isVisible()).toBe(true);
    await menu.getByRole("button", { name: "ログアウト" }).click();
    await page.waitForURL(/\/login$/);
    await page.goto(base + "/mypage");
    await page.waitForURL(/\/login\?next=/);
    await context.close();
  });
});
