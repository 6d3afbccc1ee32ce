import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, count, eq, gt, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { percentage } from "@/lib/yield";
import { formerPriceDisplay, storedFormerPrice } from "@/lib/former-price";
import { verifyPassword } from "@/server/auth/password";
import { openDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import {
  admins,
  bookmarks,
  cms_pages,
  cms_posts,
  filters,
  investment_images,
  investment_price_histories,
  investment_transports,
  investments,
  matchings,
  notification_settings,
  site_options,
  stations,
  users,
} from "@/server/db/schema";
import { seedDemo, seedScale, type SeedDemoResult } from "@/seed";
import { isoDateJst } from "@/seed/listings";
import { findProhibitedWord } from "@/seed/text";
import { deriveInvestment } from "@/server/investments/derive";
import { loadRentRolls } from "@/server/listings";
import sharp from "sharp";
import { IMAGE_VARIANTS, InvalidImageError, imagePath, listStoredImageNames, removeImage, storeImage } from "@/server/media/images";
import { testDbUrl } from "../helpers/db";

// 2026-11-21 noon in Japan: every seed date is relative to this.
const NOW = new Date("2026-11-21T12:00:00+09:00");
const DAY = 86_400_000;

let dir: string;
let uploads: string;
let db: Db;
let demo: SeedDemoResult;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-seed-"));
  uploads = path.join(dir, "uploads");
  db = await openDb(await testDbUrl(dir, "seed.db"));
  await migrateDb(db);
  demo = await seedDemo(db, { now: NOW, root: uploads });
});

afterAll(() => {
  db?.$client.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function n(q: Promise<{ n: number } | undefined>): Promise<number> {
  return (await q)?.n ?? 0;
}

/** Recomputes every derived column from the stored fields and transports and compares. */
async function expectDerivedConsistent(ids?: number[]): Promise<number> {
  const rows = await db
    .select()
    .from(investments)
    .where(ids ? inArray(investments.id, ids) : undefined)
    .all();
  const trs = await db
    .select()
    .from(investment_transports)
    .where(ids ? inArray(investment_transports.investment_id, ids) : undefined)
    .orderBy(asc(investment_transports.investment_id), asc(investment_transports.e_sort))
    .all();
  const byId = new Map<number, typeof trs>();
  for (const t of trs) byId.set(t.investment_id, [...(byId.get(t.investment_id) ?? []), t]);
  const rolls = await loadRentRolls(
    db,
    rows.map((r) => r.id),
  );
  for (const r of rows) {
    const d = deriveInvestment({ ...r, rent_roll: rolls.get(r.id) ?? null }, byId.get(r.id) ?? [], NOW);
    const stored = {
      area_cd: r.area_cd,
      built_at: r.built_at,
      residual_at: r.residual_at,
      station_time: r.station_time,
      line_cds: r.line_cds,
      station_cds: r.station_cds,
      station_group_cds: r.station_group_cds,
      keywords: r.keywords,
      new_quake: r.new_quake,
      has_cert: r.has_cert,
      has_repair: r.has_repair,
      is_full: r.is_full,
      net_yield: r.net_yield,
      sekisan_ratio: r.sekisan_ratio,
      noi: r.noi,
      freehold: r.freehold,
    };
    expect(stored, `listing ${r.id}`).toEqual(d);
  }
  return rows.length;
}

describe("seedDemo", () => {
  // How long it takes is a bench figure (npm run bench), not a test: the suite must pass on a busy machine.
  it("reports what it wrote", () => {
    expect(demo.skipped).toBe(false);
    expect(demo.ms).toBeGreaterThan(0);
    expect(demo.listings).toBeGreaterThanOrEqual(300);
    expect(demo.admin).toMatchObject({ email: "admin@example.com", password: "kanri-demo-2026", created: true });
    expect(demo.member).toMatchObject({ email: "member@example.com", password: "mypage-demo-2026", created: true });
  });

  it("spreads ≥300 listings over the six areas, Kobe and Kyoto, every type and structure", async () => {
    expect(await n(db.select({ n: count() }).from(investments).get())).toBeGreaterThanOrEqual(300);
    const areas = (await db.selectDistinct({ a: investments.area_cd }).from(investments).all()).map((r) => r.a);
    for (const a of [1, 2, 3, 4, 5, 6]) expect(areas).toContain(a);
    expect(
      await n(
        db
          .select({ n: count() })
          .from(investments)
          .where(sql`${investments.city_cd} LIKE '2810%'`)
          .get(),
      ),
    ).toBeGreaterThan(0); // Kobe
    expect(await n(db.select({ n: count() }).from(investments).where(eq(investments.pref_cd, 26)).get())).toBeGreaterThan(0); // Kyoto
    const types = (await db.selectDistinct({ t: investments.type_cd }).from(investments).all()).map((r) => r.t);
    for (const t of [1, 2, 3, 4, 5, 6, 99]) expect(types).toContain(t);
    const structures = (await db.selectDistinct({ s: investments.structure_cd }).from(investments).all()).map((r) => r.s);
    for (const s of [1, 2, 3, 4, 5]) expect(structures).toContain(s);
  });

  it("has members-only, premium, price-down and unpublished listings in plausible shares", async () => {
    const total = await n(db.select({ n: count() }).from(investments).get());
    const share = async (cond: ReturnType<typeof eq>) => (await n(db.select({ n: count() }).from(investments).where(cond).get())) / total;
    const members = await share(eq(investments.members, true));
    const premium = await share(eq(investments.premium, true));
    const down = await share(eq(investments.price_down, true));
    const hidden = await share(eq(investments.public, false));
    expect(members).toBeGreaterThan(0.08);
    expect(members).toBeLessThan(0.25);
    expect(premium).toBeGreaterThan(0.03);
    expect(premium).toBeLessThan(0.15);
    expect(down).toBeGreaterThan(0.05);
    expect(down).toBeLessThan(0.16);
    expect(hidden).toBeGreaterThan(0.01);
    expect(hidden).toBeLessThan(0.1);
  });

  it("price-down listings carry a former price the 表示規約 rule allows at the seed's clock, from 1-2 history rows ending at the current price", async () => {
    const downs = await db.select().from(investments).where(eq(investments.price_down, true)).all();
    expect(downs.length).toBeGreaterThan(0);
    for (const r of downs) {
      expect(r.price_before).not.toBeNull();
      expect(r.price_before!).toBeGreaterThan(r.price);
      expect(r.price_down_at).not.toBeNull();
      const h = await db
        .select()
        .from(investment_price_histories)
        .where(eq(investment_price_histories.investment_id, r.id))
        .orderBy(asc(investment_price_histories.changed_at))
        .all();
      expect(h.length).toBeGreaterThanOrEqual(1);
      expect(h.length).toBeLessThanOrEqual(2);
      const last = h[h.length - 1]!;
      expect(last.price).toBe(r.price);
      expect(last.price_before).toBe(r.price_before);
      expect(last.changed_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      // the stored columns are exactly what the rule says from the history
      const f = formerPriceDisplay({ history: h, publicAt: r.public_at, currentPrice: r.price }, NOW);
      expect(f, `listing ${r.id}`).toEqual(storedFormerPrice(r, NOW));
      expect(f).not.toBeNull();
    }
    // Listings without an allowed former price store none.
    expect(
      await n(
        db
          .select({ n: count() })
          .from(investments)
          .where(and(eq(investments.price_down, false), sql`${investments.price_before} IS NOT NULL`))
          .get(),
      ),
    ).toBe(0);
  });

  it("the demo has cuts of both kinds: former price shown, and not shown (offered under two months, two quick cuts, older than six months)", async () => {
    const cutLast = await db
      .select({ id: investments.id, price: investments.price, public_at: investments.public_at, price_down: investments.price_down })
      .from(investments)
      .where(
        and(
          eq(investments.public, true),
          sql`(SELECT h.price < h.price_before FROM investment_price_histories h WHERE h.investment_id = ${investments.id} ORDER BY h.changed_at DESC LIMIT 1)`,
        ),
      )
      .all();
    const shown = cutLast.filter((r) => r.price_down);
    const hidden = cutLast.filter((r) => !r.price_down);
    expect(shown.length).toBeGreaterThan(5);
    expect(hidden.length).toBeGreaterThan(5);
    for (const r of hidden) {
      const h = await db.select().from(investment_price_histories).where(eq(investment_price_histories.investment_id, r.id)).all();
      expect(formerPriceDisplay({ history: h, publicAt: r.public_at, currentPrice: r.price }, NOW)).toBeNull();
    }
  });

  it("prices, yields and income agree, within the market ranges of each type", async () => {
    const rows = await db.select().from(investments).all();
    const ranges: Record<number, [number, number, number, number]> = {
      1: [15_000, 80_000, 5.5, 8],
      2: [3_000, 12_000, 7, 11],
      4: [800, 3_000, 8, 13],
      6: [600, 2_500, 5, 9],
    };
    for (const r of rows) {
      if (r.type_cd === 5) {
        expect(r.yield).toBeNull();
        expect(r.income).toBeNull();
        expect(r.structure_cd).toBeNull();
        continue;
      }
      if (r.yield === null) continue;
      expect(r.income?.year).toBe((r.income?.month ?? 0) * 12);
      expect(r.yield).toBe(percentage(r.income?.year ?? 0, r.price * 10_000));
      const range = ranges[r.type_cd];
      if (range) {
        expect(r.price, `price of ${r.id}`).toBeGreaterThanOrEqual(range[0]);
        expect(r.price_before ?? r.price).toBeLessThanOrEqual(range[1] * 1.35);
        expect(r.yield, `yield of ${r.id}`).toBeGreaterThanOrEqual(range[2] - 0.1);
        expect(r.yield, `yield of ${r.id}`).toBeLessThanOrEqual(range[3] + 0.1);
      }
    }
    // Build dates from the 1970s to a few under construction.
    const built = rows.map((r) => r.built?.year).filter((y): y is number => typeof y === "number");
    expect(Math.min(...built)).toBeLessThan(1980);
    expect(built.some((y) => y > 2026)).toBe(true);
  });

  it("dates: registered in the past, next update within 14 days ahead", async () => {
    const rows = await db.select().from(investments).all();
    const today = isoDateJst(NOW);
    const limit = isoDateJst(new Date(NOW.getTime() + 14 * DAY));
    for (const r of rows) {
      expect(r.registered_at! <= today).toBe(true);
      expect(r.next_update_at! > today).toBe(true);
      expect(r.next_update_at! <= limit).toBe(true);
      expect(r.update_at!.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(r.transactions).not.toBeNull();
      expect(r.public_at === null).toBe(!r.public);
    }
  });

  it("names and comments contain no prohibited word", async () => {
    const rows = await db.select({ name: investments.name, comments: investments.comments }).from(investments).all();
    for (const r of rows) {
      expect(findProhibitedWord(r.name)).toBeNull();
      expect(findProhibitedWord(r.comments?.main)).toBeNull();
      expect(findProhibitedWord(r.comments?.sub)).toBeNull();
      expect(r.comments?.main?.length ?? 0).toBeGreaterThan(10);
    }
  });

  it("every listing has 1-3 transports on real stations and lines", async () => {
    const orphans = await db
      .select({ n: count() })
      .from(investment_transports)
      .leftJoin(stations, eq(stations.station_cd, investment_transports.station_cd))
      .where(
        sql`${stations.station_cd} IS NULL OR ${stations.line_cd} <> ${investment_transports.line_cd} OR ${stations.station_g_cd} <> ${investment_transports.group_cd}`,
      )
      .get();
    expect(orphans?.n).toBe(0);
    const per = await db
      .select({ id: investment_transports.investment_id, n: count() })
      .from(investment_transports)
      .groupBy(investment_transports.investment_id)
      .all();
    expect(per.length).toBe(demo.listings);
    for (const p of per) {
      expect(p.n).toBeGreaterThanOrEqual(1);
      expect(p.n).toBeLessThanOrEqual(3);
    }
    const walks = await db.select({ w: investment_transports.station_walk }).from(investment_transports).where(eq(investment_transports.distance, 1)).all();
    for (const w of walks) {
      expect(w.w).toBeGreaterThanOrEqual(1);
      expect(w.w).toBeLessThanOrEqual(20);
    }
    expect(await n(db.select({ n: count() }).from(investment_transports).where(eq(investment_transports.distance, 2)).get())).toBeGreaterThan(0);
    // Most first entries are in the listing's own municipality.
    const local = await db
      .select({ n: count() })
      .from(investment_transports)
      .innerJoin(stations, eq(stations.station_cd, investment_transports.station_cd))
      .innerJoin(investments, eq(investments.id, investment_transports.investment_id))
      .where(and(eq(investment_transports.e_sort, 0), eq(stations.muni_code, investments.city_cd)))
      .get();
    expect((local?.n ?? 0) / demo.listings).toBeGreaterThan(0.6);
  });

  it("every derived column matches derive.ts", async () => {
    expect(await expectDerivedConsistent()).toBe(demo.listings);
  });

  it("stores 2-4 generated pictures per listing with every file variant on disk", async () => {
    const per = await db.select({ id: investment_images.investment_id, n: count() }).from(investment_images).groupBy(investment_images.investment_id).all();
    expect(per.length).toBe(demo.listings);
    for (const p of per) {
      expect(p.n).toBeGreaterThanOrEqual(2);
      expect(p.n).toBeLessThanOrEqual(4);
    }
    const sample = await db.select().from(investment_images).limit(25).all();
    for (const img of sample) {
      expect(img.name).toMatch(/^[0-9a-f]{32}$/);
      expect(img.width).toBeGreaterThan(0);
      expect(img.width).toBeLessThanOrEqual(1600);
      for (const v of IMAGE_VARIANTS) expect(existsSync(imagePath(img.investment_id, img.name, v, { root: uploads }))).toBe(true);
    }
    const names = await db.select({ name: investment_images.name }).from(investment_images).all();
    expect(new Set(names.map((r) => r.name)).size).toBe(names.length);
  });

  it("free-word search (FTS5 trigram) finds a listing by a Japanese substring of its name", async () => {
    const rows = await db.select({ id: investments.id, name: investments.name }).from(investments).all();
    const target = rows.find((r) => /^[\u30a0-\u30ff\u4e00-\u9fff]{5,}/.test(r.name));
    expect(target).toBeDefined();
    const needle = Array.from(target!.name).slice(1, 5).join("");
    const res = await db.$client.execute({
      sql: `SELECT rowid FROM investments_fts WHERE investments_fts MATCH ?`,
      args: [`"${needle.replace(/"/g, '""')}"`],
    });
    expect(res.rows.map((r) => Number(r.rowid))).toContain(target!.id);
    // Stations are indexed as 〇〇駅 through keywords.
    const st = await db.select({ id: investment_transports.investment_id, s: investment_transports.station_name }).from(investment_transports).limit(1).get();
    const res2 = await db.$client.execute({ sql: `SELECT rowid FROM investments_fts WHERE investments_fts MATCH ?`, args: [`"${st!.s}駅"`] });
    expect(res2.rows.map((r) => Number(r.rowid))).toContain(st!.id);
  });

  it("creates the demo admin and member with working passwords and member data", async () => {
    const admin = await db.select().from(admins).where(eq(admins.email, "admin@example.com")).get();
    expect(await verifyPassword(admin?.password_hash, "kanri-demo-2026")).toBe(true);
    const member = await db.select().from(users).where(eq(users.email, "member@example.com")).get();
    expect(member?.status).toBe("active");
    expect(await verifyPassword(member?.password_hash, "mypage-demo-2026")).toBe(true);
    const id = member!.id;
    expect(await db.select().from(notification_settings).where(eq(notification_settings.user_id, id)).get()).toBeDefined();
    expect(await n(db.select({ n: count() }).from(filters).where(eq(filters.user_id, id)).get())).toBe(2);
    expect(await n(db.select({ n: count() }).from(bookmarks).where(eq(bookmarks.user_id, id)).get())).toBe(3);
    const others = await n(
      db
        .select({ n: count() })
        .from(users)
        .where(sql`${users.email} <> 'member@example.com'`)
        .get(),
    );
    expect(others).toBeGreaterThanOrEqual(35);
    const created = (await db.select({ c: users.created_at }).from(users).all()).map((r) => r.c.getTime());
    expect(Math.max(...created) - Math.min(...created)).toBeGreaterThan(180 * DAY);
  });

  it("writes blog posts and CMS pages with safe HTML", async () => {
    const published = await db.select().from(cms_posts).where(eq(cms_posts.status, "published")).all();
    expect(published.length).toBeGreaterThanOrEqual(20);
    for (const p of published) {
      expect(p.published_at!.getTime()).toBeLessThan(NOW.getTime());
      expect(p.body_html).toMatch(/^<(h2|h3|p)>/);
      expect(p.body_html.replace(/<\/?(h2|h3|p|br)>/g, "")).not.toMatch(/[<>]/);
    }
    expect(await n(db.select({ n: count() }).from(cms_posts).where(eq(cms_posts.status, "draft")).get())).toBeGreaterThan(0);
    const pages = await db.select().from(cms_pages).all();
    expect(pages.map((p) => p.key).sort()).toEqual(["about", "advantage", "antisocial", "corporate", "faq", "privacy", "results", "staff", "terms"].sort());
    const byKey = new Map(pages.map((p) => [p.key, p]));
    expect((byKey.get("faq")?.data?.items as unknown[]).length).toBeGreaterThanOrEqual(10);
    const staff = byKey.get("staff")?.data?.staff as unknown[];
    expect(staff.length).toBeGreaterThanOrEqual(4);
    expect(staff.length).toBeLessThanOrEqual(5);
    expect((byKey.get("results")?.data?.records as unknown[]).length).toBeGreaterThan(0);
  });

  it("refreshes the site counts", async () => {
    const opt = await db.select().from(site_options).where(eq(site_options.key, "counts")).get();
    const v = opt?.value as { members: number; investment: { members: number; public: number } };
    expect(v.members).toBeGreaterThan(30);
    expect(v.investment.public).toBeGreaterThan(200);
    expect(v.investment.members).toBeGreaterThan(20);
  });

  it("does nothing when listings already exist", async () => {
    const again = await seedDemo(db, { now: NOW, root: uploads });
    expect(again.skipped).toBe(true);
    expect(await n(db.select({ n: count() }).from(investments).get())).toBe(demo.listings);
  });
});

describe("cascades", () => {
  it("deleting a listing removes its transports, images, price history, bookmarks and FTS row", async () => {
    const member = await db.select().from(users).where(eq(users.email, "member@example.com")).get();
    const bm = await db
      .select({ id: bookmarks.investment_id })
      .from(bookmarks)
      .innerJoin(investments, eq(investments.id, bookmarks.investment_id))
      .where(and(eq(bookmarks.user_id, member!.id), eq(investments.price_down, true)))
      .get();
    expect(bm).toBeDefined();
    const id = bm!.id;
    const listing = await db.select().from(investments).where(eq(investments.id, id)).get();
    const counts = async () => ({
      transports: await n(db.select({ n: count() }).from(investment_transports).where(eq(investment_transports.investment_id, id)).get()),
      images: await n(db.select({ n: count() }).from(investment_images).where(eq(investment_images.investment_id, id)).get()),
      history: await n(db.select({ n: count() }).from(investment_price_histories).where(eq(investment_price_histories.investment_id, id)).get()),
      bookmarks: await n(db.select({ n: count() }).from(bookmarks).where(eq(bookmarks.investment_id, id)).get()),
    });
    const before = await counts();
    expect(before.transports).toBeGreaterThan(0);
    expect(before.images).toBeGreaterThan(0);
    expect(before.history).toBeGreaterThan(0);
    expect(before.bookmarks).toBeGreaterThan(0);

    await db.delete(investments).where(eq(investments.id, id));
    expect(await counts()).toEqual({ transports: 0, images: 0, history: 0, bookmarks: 0 });
    const res = await db.$client.execute({
      sql: `SELECT rowid FROM investments_fts WHERE investments_fts MATCH ?`,
      args: [`"${listing!.no}"`],
    });
    expect(res.rows.length).toBe(0);
  });

  it("deleting a member removes their bookmarks, filters, matchings and settings", async () => {
    const member = await db.select().from(users).where(eq(users.email, "member@example.com")).get();
    const id = member!.id;
    expect(await n(db.select({ n: count() }).from(filters).where(eq(filters.user_id, id)).get())).toBeGreaterThan(0);
    expect(await n(db.select({ n: count() }).from(bookmarks).where(eq(bookmarks.user_id, id)).get())).toBeGreaterThan(0);
    expect(await n(db.select({ n: count() }).from(matchings).where(eq(matchings.user_id, id)).get())).toBeGreaterThan(0);

    await db.delete(users).where(eq(users.id, id));
    expect(await n(db.select({ n: count() }).from(filters).where(eq(filters.user_id, id)).get())).toBe(0);
    expect(await n(db.select({ n: count() }).from(bookmarks).where(eq(bookmarks.user_id, id)).get())).toBe(0);
    expect(await n(db.select({ n: count() }).from(matchings).where(eq(matchings.user_id, id)).get())).toBe(0);
    expect(await db.select().from(notification_settings).where(eq(notification_settings.user_id, id)).get()).toBeUndefined();
  });
});

describe("seedScale", () => {
  it("adds 2,000 listings with consistent derived fields, members and valid saved searches", async () => {
    const before = await db
      .select({ m: sql<number>`max(${investments.id})` })
      .from(investments)
      .get();
    const usersBefore = await db
      .select({ m: sql<number>`max(${users.id})` })
      .from(users)
      .get();
    const r = await seedScale(db, { investments: 2_000, members: 100, filters: 600, now: NOW, batch: 700, progress: false });
    expect(r).toMatchObject({ investments: 2_000, members: 100, filters: 600 });

    const newIds = (await db.select({ id: investments.id }).from(investments).where(gt(investments.id, before!.m)).all()).map((x) => x.id);
    expect(newIds.length).toBe(2_000);
    // derived columns, checked in slices to keep the IN lists short
    for (let i = 0; i < newIds.length; i += 500) await expectDerivedConsistent(newIds.slice(i, i + 500));
    // every listing has transports; scale listings have no image files
    const withTransports = await db
      .selectDistinct({ id: investment_transports.investment_id })
      .from(investment_transports)
      .where(gt(investment_transports.investment_id, before!.m))
      .all();
    expect(withTransports.length).toBe(2_000);
    expect(await n(db.select({ n: count() }).from(investment_images).where(gt(investment_images.investment_id, before!.m)).get())).toBe(0);
    // flags in plausible shares
    const down = await n(
      db
        .select({ n: count() })
        .from(investments)
        .where(and(gt(investments.id, before!.m), eq(investments.price_down, true)))
        .get(),
    );
    expect(down / 2_000).toBeGreaterThan(0.05);
    expect(down / 2_000).toBeLessThan(0.15);

    const fs = await db.select().from(filters).where(gt(filters.user_id, usersBefore!.m)).all();
    expect(fs.length).toBe(600);
    const allowed = new Set(["re", "ty", "sc", "fs", "lp", "hp", "ly", "sw", "bt", "fw"]);
    const ranges: Record<string, number[]> = { re: [1, 2, 3, 4, 5, 6], ty: [1, 2, 3, 4, 5, 6], sc: [1, 2, 3, 4, 5], fs: [1, 2, 3, 4, 5, 7] };
    for (const f of fs) {
      expect(Object.keys(f.query).length).toBeGreaterThan(0);
      for (const [k, v] of Object.entries(f.query)) {
        expect(allowed.has(k), k).toBe(true);
        if (ranges[k]) for (const x of v as number[]) expect(ranges[k]).toContain(x);
        if (k === "lp" && typeof f.query.hp === "number") expect(v as number).toBeLessThan(f.query.hp);
      }
      expect(f.name.length).toBeLessThanOrEqual(50);
    }
  });
});

describe("storage/images", () => {
  it("re-encodes an upload to webp ≤1600 px, a 480 px thumbnail and JPEG fallbacks under a random name", async () => {
    const png = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#88aacc" } })
      .png()
      .toBuffer();
    const a = await storeImage(999_001, png, { root: uploads });
    const b = await storeImage(999_001, png, { root: uploads });
    expect(a.name).toMatch(/^[0-9a-f]{32}$/);
    expect(a.name).not.toBe(b.name);
    expect(a).toMatchObject({ width: 1600, height: 1067 });
    const meta = async (v: (typeof IMAGE_VARIANTS)[number]) => sharp(imagePath(999_001, a.name, v, { root: uploads })).metadata();
    expect(await meta("webp")).toMatchObject({ format: "webp", width: 1600 });
    expect(await meta("jpg")).toMatchObject({ format: "jpeg", width: 1600 });
    expect(await meta("thumb")).toMatchObject({ format: "webp", width: 480 });
    expect(await meta("thumb_jpg")).toMatchObject({ format: "jpeg", width: 480 });
    expect((await listStoredImageNames(999_001, { root: uploads })).sort()).toEqual([a.name, b.name].sort());
    await removeImage(999_001, a.name, { root: uploads });
    expect(await listStoredImageNames(999_001, { root: uploads })).toEqual([b.name]);
  });

  it("keeps small images at their size and rejects what is not an image", async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    expect(await storeImage(999_002, small, { root: uploads })).toMatchObject({ width: 300, height: 200 });
    await expect(storeImage(999_002, Buffer.from("<?php echo 1; ?>"), { root: uploads })).rejects.toBeInstanceOf(InvalidImageError);
  });

  it("never builds a path from a name it did not generate", () => {
    expect(() => imagePath(1, "../../etc/passwd", "webp", { root: uploads })).toThrow();
    expect(() => imagePath(1, "photo.jpg", "jpg", { root: uploads })).toThrow();
    expect(() => imagePath(-1, "0".repeat(32), "jpg", { root: uploads })).toThrow();
  });
});
