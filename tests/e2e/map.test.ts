import path from "node:path";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { publicPosition } from "@/lib/public-position";
import { artifactsDir, launchBrowser, logIn } from "./browser";

/**
 * Map search (issue 19) in Chromium against the production build, the base
 * map served by the local tile stand-in (tile-server.ts, MAP_TILE_URL set by
 * the global setup): desktop 1280 px and phone 390 px, visitor and member,
 * markers clickable, the list following the map, the URL holding the view.
 */
const base = inject("baseURL");
const tileURL = inject("tileURL");
let browser: Browser;
let db: Db;
let unplacedId: number;

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const OSAKA = "c=34.69000,135.50000&z=13";

beforeAll(async () => {
  browser = await launchBrowser();
  db = await openDb(inject("databaseURL"));
  // one public listing without a position: the map counts it apart
  const row = await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.public, true), eq(investments.members, false), isNull(investments.not_updated_at)))
    .orderBy(asc(investments.id))
    .get();
  unplacedId = row!.id;
  await db.update(investments).set({ map: null }).where(eq(investments.id, unplacedId));
});
afterAll(async () => {
  await browser?.close();
  db?.$client.close();
});

async function openMap(page: Page, query: string): Promise<number> {
  const answered = page.waitForResponse((r) => r.url().includes("/api/investments/map?") && r.status() === 200);
  await page.goto(`${base}/investments/map${query ? `?${query}` : ""}`);
  // a visitor's map is built when first pointed at (static-pages.ts); a member's at once
  await page.locator('[data-slot="map"]').hover();
  await answered;
  return total(page);
}

async function total(page: Page): Promise<number> {
  const strong = page.locator('[data-slot="map-count"] strong');
  await expect.poll(async () => strong.getAttribute("data-total")).not.toBe("");
  return Number(await strong.getAttribute("data-total"));
}

/**
 * No two drawn icons (price pills, cluster bubbles) overlap — the server merges those that would
 * (src/server/map/merge.ts) — and no pill's price is cut by its width cap. Returns how many were looked at.
 */
async function expectIconsApart(page: Page): Promise<number> {
  const boxes = await page.$$eval('[data-slot="map-marker"], [data-slot="map-cluster"]', (els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height, cut: e.scrollWidth > e.clientWidth + 1, label: e.textContent };
    }),
  );
  for (const b of boxes) expect(b.cut, `${b.label} cut`).toBe(false);
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
      expect(apart, `${a.label} over ${b.label}`).toBe(true);
    }
  return boxes.length;
}

async function tilesFromStandIn(page: Page): Promise<number> {
  return page.locator(`img.leaflet-tile[src^="${tileURL}/"]`).count();
}

describe("the map page", () => {
  it("desktop, visitor: clusters over the stand-in tiles, the list beside, public listings only", async () => {
    const ctx = await browser.newContext({ viewport: DESKTOP, locale: "ja-JP" });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    const n = await openMap(page, "");
    expect(n).toBeGreaterThan(0);
    await expect.poll(() => tilesFromStandIn(page)).toBeGreaterThan(4);
    await expect.poll(() => page.locator('[data-slot="map-cluster"]').count()).toBeGreaterThan(0);
    // the card list sits beside the map
    const map = (await page.locator('[data-slot="map"]').boundingBox())!;
    const list = (await page.locator('[data-slot="map-list"]').boundingBox())!;
    expect(list.x).toBeGreaterThanOrEqual(map.x + map.width - 1);
    expect(await page.locator('[data-slot="map-cards"] > li').count()).toBeGreaterThan(0);
    // visitors: the REST answer behind the page holds no members-only listing
    const visitorView = await page.evaluate(async () => (await fetch("/api/investments/map?bbox=134,33.4,137,35.9&zoom=18")).json());
    expect((visitorView.markers as { members: boolean }[]).some((m) => m.members)).toBe(false);
    expect((visitorView.cards as { members: boolean }[]).some((c) => c.members)).toBe(false);
    // listings without a position are counted apart: the seed's one at least, plus any an earlier
    // test file saved without coordinates (the e2e files share one database)
    expect(visitorView.unplaced).toBeGreaterThanOrEqual(1);
    await expect.poll(() => page.locator('[data-slot="map-unplaced"]').getAttribute("data-count")).toBe(String(visitorView.unplaced));
    expect(await expectIconsApart(page)).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(artifactsDir, "map-desktop-visitor.png") });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  for (const [name, viewport] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const)
    it(`a visitor's first view is drawn by the server where the map then draws it: tiles and pins in place (${name} px)`, async () => {
      const ctx = await browser.newContext({ viewport, locale: "ja-JP" });
      const page = await ctx.newPage();
      const scripts: string[] = [];
      page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
      await page.goto(`${base}/investments/map?${OSAKA}`, { waitUntil: "load" });
      const centres = (selector: string, key: string) =>
        page.$$eval(
          selector,
          (els, k) =>
            Object.fromEntries(
              els.map((e) => {
                const r = e.getBoundingClientRect();
                return [e.getAttribute(k) ?? "", { x: r.x + r.width / 2, y: r.y + r.height / 2 }];
              }),
            ),
          key,
        );
      const previewTiles = await centres('[data-slot="map-preview"] img', "src");
      const previewPins = await centres('[data-slot="map-preview-marker"]', "data-id");
      expect(Object.keys(previewTiles).length).toBeGreaterThan(0);
      expect(Object.keys(previewPins).length).toBeGreaterThan(0);
      expect(scripts).toEqual([]);
      expect(await page.locator('[data-slot="map-cards"] > li').count()).toBeGreaterThan(0);
      // a visitor's drawn view holds no members-only pin, as the live map's answer does not
      expect(await page.locator('[data-slot="map-preview-marker"]', { hasText: "会員" }).count()).toBe(0);
      await page.screenshot({ path: path.join(artifactsDir, `map-preview-${name}.png`) });

      const answered = page.waitForResponse((r) => r.url().includes("/api/investments/map?") && r.status() === 200);
      await page.locator('[data-slot="map"]').hover({ position: { x: 5, y: 5 } });
      await answered;
      await expect.poll(() => page.locator('[data-slot="map-preview"]').count()).toBe(0);
      await page.screenshot({ path: path.join(artifactsDir, `map-built-${name}.png`) });
      const liveTiles = await centres("img.leaflet-tile", "src");
      const livePins = await centres('[data-slot="map-marker"]', "data-id");
      let same = 0;
      for (const [src, p] of Object.entries(previewTiles)) {
        const q = liveTiles[src];
        if (!q) continue;
        same++;
        expect(Math.abs(q.x - p.x), src).toBeLessThanOrEqual(1.5);
        expect(Math.abs(q.y - p.y), src).toBeLessThanOrEqual(1.5);
      }
      expect(same).toBeGreaterThan(0);
      let pins = 0;
      for (const [id, p] of Object.entries(previewPins)) {
        const q = livePins[id];
        if (!q) continue;
        pins++;
        expect(Math.abs(q.x - p.x), `pin ${id}`).toBeLessThanOrEqual(1.5);
        expect(Math.abs(q.y - p.y), `pin ${id}`).toBeLessThanOrEqual(1.5);
      }
      expect(pins).toBeGreaterThan(0);
      await ctx.close();
    });

  it("markers are clickable, the list follows the map and the URL holds the view", async () => {
    const ctx = await browser.newContext({ viewport: DESKTOP, locale: "ja-JP" });
    const page = await ctx.newPage();
    const before = await openMap(page, OSAKA);
    const markers = page.locator('[data-slot="map-marker"]');
    await expect.poll(() => markers.count()).toBeGreaterThan(0);
    await expectIconsApart(page);
    // click a marker: its listing's card comes first, marked as selected
    const id = await markers.last().getAttribute("data-id");
    const answered = page.waitForResponse((r) => r.url().includes(`sel=${id}`));
    await markers.last().click();
    await answered;
    const first = page.locator('[data-slot="map-cards"] > li').first();
    await expect.poll(() => first.getAttribute("data-id")).toBe(id);
    expect(await first.getAttribute("aria-current")).toBe("true");
    await page.screenshot({ path: path.join(artifactsDir, "map-desktop-selected.png") });

    // zoom out: more listings in view, the count and the cards follow, the URL follows the view
    const zoomed = page.waitForResponse((r) => r.url().includes("zoom=12") && r.status() === 200);
    await page.locator(".leaflet-control-zoom-out").click();
    await zoomed;
    await expect.poll(() => total(page)).toBeGreaterThan(before);
    expect(new URL(page.url()).searchParams.get("z")).toBe("12");
    // pan east: the view moves, and the list with it
    const box = (await page.locator('[data-slot="map"]').boundingBox())!;
    const panned = page.waitForResponse((r) => r.url().includes("/api/investments/map?") && r.status() === 200);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 300, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    const res = await panned;
    const view = (await res.json()) as { total: number; cards: { _id: number }[] };
    await expect.poll(() => total(page)).toBe(view.total);
    const shown = await page.locator('[data-slot="map-cards"] > li').evaluateAll((lis) => lis.map((li) => Number(li.getAttribute("data-id"))));
    expect(shown).toEqual(view.cards.map((c) => c._id));
    const c = new URL(page.url()).searchParams.get("c")!;
    expect(Number(c.split(",")[1])).toBeGreaterThan(135.5);
    await ctx.close();
  });

  it("the list page's conditions apply on the map and come back with the URL", async () => {
    const ctx = await browser.newContext({ viewport: DESKTOP, locale: "ja-JP" });
    const page = await ctx.newPage();
    const all = await openMap(page, OSAKA);
    const some = await openMap(page, `${OSAKA}&ty=1`);
    expect(some).toBeLessThan(all);
    expect(new URL(page.url()).searchParams.getAll("ty")).toEqual(["1"]);
    // from the list page: 地図で見る keeps the conditions
    await page.goto(`${base}/investments/page/1?ty=1`);
    await page.locator('[data-slot="map-link"]').click();
    await page.waitForURL(/\/investments\/map\?.*ty=1/);
    await ctx.close();
  });

  it("desktop, member: the search dialog's searches stay on the map, at the view moved to", async () => {
    const ctx = await browser.newContext({ viewport: DESKTOP, locale: "ja-JP" });
    const page = await ctx.newPage();
    await logIn(page, base, "member");
    const typed = await openMap(page, `${OSAKA}&ty=1`);
    // move the map first: the dialog must keep this view, not the one the page opened with
    const zoomed = page.waitForResponse((r) => r.url().includes("zoom=12") && r.status() === 200);
    await page.locator(".leaflet-control-zoom-out").click();
    await zoomed;
    const centre = new URL(page.url()).searchParams.get("c");

    // a keyword from the dialog: a new search (the keyword alone), on the map, same view
    await page.getByRole("button", { name: "条件を変更・物件を探す" }).click();
    const dialog = page.locator('[data-slot="search-dialog"]');
    await dialog.locator('input[name="fw"]').fill("マンション");
    const searched = page.waitForResponse((r) => r.url().includes("/api/investments/map?") && r.url().includes("fw=") && r.status() === 200);
    await dialog.getByRole("button", { name: "検索", exact: true }).click();
    await page.waitForURL(/\/investments\/map\?.*fw=/);
    const answer = (await (await searched).json()) as { total: number };
    let url = new URL(page.url());
    expect(url.pathname).toBe("/investments/map");
    expect(url.searchParams.get("fw")).toBe("マンション");
    expect(url.searchParams.getAll("ty")).toEqual([]);
    expect([url.searchParams.get("c"), url.searchParams.get("z")]).toEqual([centre, "12"]);
    // the map and its list read the view again with the new conditions
    await expect.poll(() => total(page)).toBe(answer.total);
    expect(await page.locator('[data-slot="search-summary"], [data-slot="search-chip"]').first().textContent()).toContain("マンション");
    // (the navigation scrolled the page to its content; the picture shows it from the top)
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(artifactsDir, "map-desktop-member.png") });

    // a search page from the dialog (こだわり条件): the map's conditions start selected, and its form comes back to the map
    await page.getByRole("button", { name: "条件を変更・物件を探す" }).click();
    await page
      .locator('[data-slot="search-dialog"]')
      .getByRole("link", { name: /こだわり条件から探す/ })
      .click();
    await page.waitForURL(/\/investments\/search\/feature\?.*to=map/);
    const form = page.locator('form:has(input[name="ty"])');
    await form.locator('input[name="ty"][value="1"]').check();
    const back = page.waitForResponse((r) => r.url().includes("/api/investments/map?") && r.url().includes("ty=1") && r.status() === 200);
    await page.getByRole("button", { name: "この条件で検索" }).click();
    await page.waitForURL((u) => u.pathname === "/investments/map");
    await back;
    url = new URL(page.url());
    expect(url.searchParams.get("fw")).toBe("マンション");
    expect(url.searchParams.getAll("ty")).toEqual(["1"]);
    expect([url.searchParams.get("c"), url.searchParams.get("z"), url.searchParams.get("to")]).toEqual([centre, "12", null]);

    // every listing: the map without conditions, still at this view
    await page.getByRole("button", { name: "条件を変更・物件を探す" }).click();
    const all = page.waitForResponse((r) => r.url().includes("/api/investments/map?") && !r.url().includes("fw=") && r.status() === 200);
    await page.locator('[data-slot="search-dialog-all"]').click();
    await page.waitForURL((u) => u.pathname === "/investments/map" && !u.search.includes("fw="));
    await all;
    url = new URL(page.url());
    expect([url.searchParams.get("c"), url.searchParams.get("z")]).toEqual([centre, "12"]);
    await expect.poll(() => total(page)).toBeGreaterThan(typed);
    await ctx.close();
  });

  it("phone, member: the list under the map, members-only listings shown with their mark", async () => {
    const ctx = await browser.newContext({ viewport: PHONE, locale: "ja-JP", isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await logIn(page, base, "member");
    const n = await openMap(page, "");
    const visitorView = await (await fetch(`${base}/api/investments/map?bbox=134,33.4,137,35.9&zoom=9`)).json();
    const memberView = await page.evaluate(async () => (await fetch("/api/investments/map?bbox=134,33.4,137,35.9&zoom=9")).json());
    expect(memberView.total).toBeGreaterThan(visitorView.total);
    expect((memberView.clusters as { members: boolean }[]).some((c) => c.members)).toBe(true);
    expect((visitorView.clusters as { members: boolean }[]).some((c) => c.members)).toBe(false);
    expect(n).toBeGreaterThan(0);
    await expect.poll(() => tilesFromStandIn(page)).toBeGreaterThan(2);
    const map = (await page.locator('[data-slot="map"]').boundingBox())!;
    const list = (await page.locator('[data-slot="map-list"]').boundingBox())!;
    expect(list.y).toBeGreaterThanOrEqual(map.y + map.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectIconsApart(page);
    await page.screenshot({ path: path.join(artifactsDir, "map-phone-member.png"), fullPage: false });
    // zoomed in where members-only listings are: their pins carry the 会員 mark
    const member = (await db
      .select({ id: investments.id, map: investments.map })
      .from(investments)
      .where(and(eq(investments.public, true), eq(investments.members, true), isNull(investments.not_updated_at)))
      .orderBy(asc(investments.id))
      .get())!;
    // at its public point (issue 27: the map never has the stored one)
    const at = publicPosition(member.map!.lat, member.map!.lng);
    await openMap(page, `c=${at.lat.toFixed(6)},${at.lng.toFixed(6)}&z=18`);
    const pin = page.locator(`[data-slot="map-marker"][data-id="${member.id}"]`);
    await expect.poll(() => pin.count()).toBe(1);
    expect(await pin.textContent()).toContain("会員");
    await expectIconsApart(page);
    await page.screenshot({ path: path.join(artifactsDir, "map-phone-member-pin.png") });
    await ctx.close();
  });

  it("phone, visitor, and a detail page's nearby map (no map script on the detail page)", async () => {
    const ctx = await browser.newContext({ viewport: PHONE, locale: "ja-JP", isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await openMap(page, OSAKA);
    await expect.poll(() => page.locator('[data-slot="map-marker"], [data-slot="map-cluster"]').count()).toBeGreaterThan(0);
    expect(await expectIconsApart(page)).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(artifactsDir, "map-phone-visitor.png") });
    await page.screenshot({ path: path.join(artifactsDir, "map-phone-visitor-full.png"), fullPage: true });

    const listing = await db
      .select({ id: investments.id })
      .from(investments)
      .where(and(eq(investments.public, true), eq(investments.members, false), isNull(investments.not_updated_at)))
      .orderBy(asc(investments.id))
      .limit(1)
      .offset(3)
      .get();
    const scripts: string[] = [];
    page.on("response", (r) => r.request().resourceType() === "script" && scripts.push(r.url()));
    await page.goto(`${base}/investments/${listing!.id}`);
    const near = page.locator('[data-slot="nearby-map"]');
    await near.scrollIntoViewIfNeeded();
    await expect.poll(() => near.locator(`img[src^="${tileURL}/"]`).count()).toBeGreaterThan(0);
    expect(await near.locator('[data-slot="nearby-map-self"]').isVisible()).toBe(true);
    await near.screenshot({ path: path.join(artifactsDir, "map-detail-nearby.png") });
    expect(await page.locator(".leaflet-container").count()).toBe(0);
    await near.locator('[data-slot="nearby-map-open"]').click();
    await page.waitForURL(/\/investments\/map\?c=/);
    // the first view drawn by the server: tiles around the listing, its count "この付近"
    expect(await page.locator('[data-slot="map-preview"] img').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-slot="map-count"]').innerText()).toContain("この付近の物件");
    await page.locator('[data-slot="map"]').tap();
    await expect.poll(() => total(page)).toBeGreaterThan(0);
    expect(await page.locator('[data-slot="map-count"]').innerText()).toContain("この範囲の物件");
    await expect.poll(() => page.locator('[data-slot="map-preview"]').count()).toBe(0);
    await ctx.close();
  });
});
