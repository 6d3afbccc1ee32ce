/**
 * Demo data set (`tsx scripts/seed.ts`, run by `npm run demo` on an empty
 * database): ~340 listings over the six areas plus Kobe and Kyoto with
 * generated pictures, blog posts and CMS pages, a demo admin and member and
 * ~40 other members. Deterministic for a given seed and `now`.
 */
import { and, eq, isNull } from "drizzle-orm";
import { hashPassword } from "@/server/auth/password";
import type { Db } from "@/server/db";
import {
  bookmarks,
  cms_pages,
  cms_posts,
  filters,
  investment_images,
  investment_price_histories,
  investment_rent_rolls,
  investment_repairs,
  investment_transports,
  investments,
  matchings,
  notification_settings,
  users,
} from "@/server/db/schema";
import { refreshSiteCounts } from "@/server/options";
import type { StorageOptions } from "@/server/media";
import { ensureAdmin, memberRow, randomFilterQuery, describeFilterQuery, type UserInsert } from "./accounts";
import { countRows, insertMany, maxId } from "./bulk";
import { demoPages, demoPosts } from "./content";
import { TYPE_WEIGHTS, generateListing, type GeneratedListing } from "./listings";
import { attachPictures, buildPicturePool } from "./pictures";
import { loadPlaceModel, REGION_WEIGHTS, type RegionKey } from "./places";
import { Rng } from "./prng";

export const DEMO_DEFAULTS = {
  seed: "kansai-demo-2026",
  listings: 340,
  members: 40,
  adminEmail: "admin@example.com",
  adminPassword: "kanri-demo-2026",
  memberEmail: "member@example.com",
  memberPassword: "mypage-demo-2026",
} as const;

export interface SeedDemoOptions extends StorageOptions {
  seed?: string;
  /** Reference time for every date (default: now). */
  now?: Date;
  listings?: number;
  /** Members besides the demo member. */
  members?: number;
  adminEmail?: string;
  adminPassword?: string;
  memberEmail?: string;
  memberPassword?: string;
  /** Generate listing pictures (default true). */
  images?: boolean;
  /** Seed even when listings exist (default: skip). */
  force?: boolean;
  log?: (line: string) => void;
}

export interface SeedDemoResult {
  skipped: boolean;
  listings: number;
  transports: number;
  images: number;
  priceHistories: number;
  members: number;
  posts: number;
  pages: number;
  admin: { email: string; password: string; created: boolean };
  member: { email: string; password: string; created: boolean };
  ms: number;
}

/** Splits `total` by weights, every share at least `min`. */
function apportion<T>(pairs: readonly (readonly [T, number])[], total: number, min: number): T[] {
  const sum = pairs.reduce((s, [, w]) => s + w, 0);
  const counts = pairs.map(([, w]) => Math.max(min, Math.floor((total * w) / sum)));
  let i = 0;
  while (counts.reduce((s, c) => s + c, 0) < total) counts[i++ % counts.length]! += 1;
  while (counts.reduce((s, c) => s + c, 0) > total) {
    const j = counts.indexOf(Math.max(...counts));
    counts[j]! -= 1;
  }
  return pairs.flatMap(([v], k) => Array.from({ length: counts[k] ?? 0 }, () => v));
}

export async function seedDemo(db: Db, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const started = Date.now();
  // Options given as undefined (e.g. from argument parsing) keep the default.
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as SeedDemoOptions;
  const o = { ...DEMO_DEFAULTS, ...defined };
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  const storage: StorageOptions = { root: options.root, db };
  const result: SeedDemoResult = {
    skipped: false,
    listings: 0,
    transports: 0,
    images: 0,
    priceHistories: 0,
    members: 0,
    posts: 0,
    pages: 0,
    admin: { email: o.adminEmail, password: o.adminPassword, created: false },
    member: { email: o.memberEmail, password: o.memberPassword, created: false },
    ms: 0,
  };

  if (!options.force && (await countRows(db, investments)) > 0) {
    log("listings already exist: demo seed skipped (use --reset to start over)");
    return { ...result, skipped: true, ms: Date.now() - started };
  }

  const root = new Rng(o.seed);
  const model = await loadPlaceModel(db);
  const [adminHash, memberHash] = await Promise.all([hashPassword(o.adminPassword), hashPassword(o.memberPassword)]);
  const admin = await ensureAdmin(db, o.adminEmail, adminHash, "デモ管理者");
  result.admin.created = admin.created;

  /* ---------------- listings */
  const n = o.listings;
  const planRng = root.fork("plan");
  const typePlan = planRng.shuffle(apportion(TYPE_WEIGHTS, n, Math.min(4, Math.floor(n / 10))));
  const regionPlan = planRng.shuffle(apportion<RegionKey>(REGION_WEIGHTS, n, Math.min(5, Math.floor(n / 10))));
  const firstId = (await maxId(db, investments)) + 1;
  const generated: GeneratedListing[] = [];
  for (let i = 0; i < n; i++) {
    generated.push(
      generateListing(root.fork(`listing:${i}`), model, {
        id: firstId + i,
        now,
        typeCd: typePlan[i],
        region: regionPlan[i],
        createdBy: admin.id,
      }),
    );
  }
  await db.transaction(async (tx) => {
    await insertMany(
      tx,
      investments,
      generated.map((g) => g.row),
    );
    await insertMany(
      tx,
      investment_transports,
      generated.flatMap((g) => g.transports.map((t) => ({ ...t, investment_id: g.row.id }))),
    );
    await insertMany(
      tx,
      investment_price_histories,
      generated.flatMap((g) => g.history.map((h) => ({ ...h, investment_id: g.row.id }))),
    );
    await insertMany(
      tx,
      investment_rent_rolls,
      generated.flatMap((g) => g.rentRoll.map((r) => ({ ...r, investment_id: g.row.id }))),
    );
    await insertMany(
      tx,
      investment_repairs,
      generated.flatMap((g) => g.repairs.map((r) => ({ ...r, investment_id: g.row.id }))),
    );
  });
  result.listings = n;
  result.transports = generated.reduce((s, g) => s + g.transports.length, 0);
  result.priceHistories = generated.reduce((s, g) => s + g.history.length, 0);
  log(`listings: ${n} (${result.transports} transports, ${result.priceHistories} price changes)`);

  /* ---------------- pictures */
  if (o.images !== false) {
    const pool = await buildPicturePool({ ...storage, seed: o.seed });
    const imageRows: (typeof investment_images.$inferInsert)[] = [];
    const picRng = root.fork("pictures");
    for (const g of generated) {
      const stored = await attachPictures(picRng, pool, g.row.id, g.row.type_cd, g.floors, storage);
      stored.forEach((s, i) =>
        imageRows.push({
          investment_id: g.row.id,
          name: s.name,
          comment: s.comment,
          width: s.width,
          height: s.height,
          e_sort: i,
          created_at: g.row.created_at,
        }),
      );
    }
    await db.transaction((tx) => insertMany(tx, investment_images, imageRows));
    result.images = imageRows.length;
    log(`images: ${imageRows.length} (pool of ${pool.length} pictures)`);
  }

  /* ---------------- members */
  const memberRng = root.fork("members");
  const demo = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, o.memberEmail), isNull(users.deleted_at)))
    .get();
  let demoId = demo?.id;
  if (!demoId) {
    const row = memberRow(memberRng, o.memberEmail, memberHash, new Date(now.getTime() - 120 * 86_400_000), now);
    const inserted = await db
      .insert(users)
      .values({ ...row, last_name: "会員", first_name: "デモ", kana_last: "カイイン", kana_first: "デモ", status: "active", interest_areas: [2, 3] })
      .returning({ id: users.id })
      .get();
    demoId = inserted.id;
    result.member.created = true;
  }

  const others: UserInsert[] = [];
  for (let i = 1; i <= o.members; i++) {
    const registered = new Date(now.getTime() - memberRng.int(1, 730) * 86_400_000 - memberRng.int(0, 86_399) * 1000);
    const row = memberRow(memberRng, `user${String(i).padStart(3, "0")}@example.com`, memberHash, registered, now);
    // A few provisional, suspended and withdrawn accounts for the admin screens.
    if (i % 13 === 0) Object.assign(row, { status: "provisional", email_verified_at: null, last_login_at: null });
    else if (i % 17 === 0) row.status = "suspended";
    // withdrawn about a month after registering, or today for the newest (never in the future)
    else if (i % 19 === 0) {
      const at = new Date(Math.min(registered.getTime() + 30 * 86_400_000, now.getTime()));
      const loginAt = row.last_login_at && row.last_login_at > at ? at : row.last_login_at;
      Object.assign(row, { deleted_at: at, deleted_reason: "退会", last_login_at: loginAt });
    }
    others.push(row);
  }
  const otherIds = others.length ? (await db.insert(users).values(others).onConflictDoNothing().returning({ id: users.id }).all()).map((r) => r.id) : [];
  result.members = otherIds.length + (result.member.created ? 1 : 0);

  const visible = generated.filter((g) => g.row.public);
  const settingsRows = [demoId, ...otherIds].map((id) => ({
    user_id: id,
    matching:
      id === demoId
        ? "instant"
        : memberRng.pickWeighted([
            ["instant", 50],
            ["daily", 35],
            ["off", 15],
          ] as const),
    newsletter: id === demoId ? true : memberRng.chance(0.8),
  }));
  await insertMany(db, notification_settings, settingsRows, { ignoreConflicts: true });

  // The demo member's saved searches, bookmarks and matchings.
  const demoFilters = [
    { name: "大阪市内の一棟マンション（1億〜5億円）", query: { re: [3], ty: [1], lp: 10_000, hp: 50_000 } },
    { name: "北摂・阪神で利回り8%以上", query: { re: [1, 2], ly: 8 } },
  ];
  await insertMany(
    db,
    filters,
    demoFilters.map((f) => ({ user_id: demoId, ...f })),
    { ignoreConflicts: true },
  );
  const savedFilters = await db.select({ id: filters.id, name: filters.name }).from(filters).where(eq(filters.user_id, demoId)).all();
  const filterId = (name: string) => savedFilters.find((f) => f.name === name)?.id ?? null;

  const cut = visible.filter((g) => g.row.price_down);
  const plain = visible.filter((g) => !g.row.price_down && !g.row.members);
  const bookmarked = [...cut.slice(0, 1), ...plain.slice(0, 3 - Math.min(1, cut.length))];
  await insertMany(
    db,
    bookmarks,
    bookmarked.map((g, i) => ({
      user_id: demoId,
      investment_id: g.row.id,
      price_at_bookmark: g.row.price_before ?? g.row.price,
      created_at: new Date(now.getTime() - (20 - i * 5) * 86_400_000),
    })),
    { ignoreConflicts: true },
  );

  const f1 = visible.filter((g) => g.row.area_cd === 3 && g.row.type_cd === 1 && g.row.price >= 10_000 && g.row.price <= 50_000);
  const f2 = visible.filter((g) => (g.row.area_cd === 1 || g.row.area_cd === 2) && (g.row.yield ?? 0) >= 8);
  const matchRows = [
    ...f1.slice(0, 5).map((g, i) => ({
      user_id: demoId,
      investment_id: g.row.id,
      filter_id: filterId(demoFilters[0]!.name),
      reason: "new",
      price: g.row.price,
      price_before: null,
      read_at: i >= 3 ? now : null,
      notified_at: now,
      created_at: new Date(now.getTime() - (i + 1) * 2 * 86_400_000),
    })),
    ...f2.slice(0, 4).map((g, i) => ({
      user_id: demoId,
      investment_id: g.row.id,
      filter_id: filterId(demoFilters[1]!.name),
      reason: g.row.price_down ? "price_down" : "new",
      price: g.row.price,
      price_before: g.row.price_down ? (g.row.price_before ?? null) : null,
      read_at: null,
      notified_at: now,
      created_at: new Date(now.getTime() - (i + 1) * 3 * 86_400_000),
    })),
  ];
  await insertMany(db, matchings, matchRows, { ignoreConflicts: true });

  // Other members: some saved searches and bookmarks.
  const otherFilters: (typeof filters.$inferInsert)[] = [];
  const otherBookmarks: (typeof bookmarks.$inferInsert)[] = [];
  for (const id of otherIds) {
    const names = new Set<string>();
    for (let k = memberRng.chance(0.5) ? memberRng.int(1, 2) : 0; k > 0; k--) {
      const query = randomFilterQuery(memberRng);
      const name = describeFilterQuery(query);
      if (names.has(name)) continue;
      names.add(name);
      otherFilters.push({ user_id: id, name, query });
    }
    if (memberRng.chance(0.4) && visible.length) {
      for (const g of memberRng.sample(visible, memberRng.int(1, 3))) {
        otherBookmarks.push({ user_id: id, investment_id: g.row.id, price_at_bookmark: g.row.price_before ?? g.row.price });
      }
    }
  }
  await insertMany(db, filters, otherFilters, { ignoreConflicts: true });
  await insertMany(db, bookmarks, otherBookmarks, { ignoreConflicts: true });
  log(`members: ${result.members} new (+ demo member), ${otherFilters.length + demoFilters.length} saved searches`);

  /* ---------------- CMS */
  const posts = demoPosts(root.fork("posts"), now, admin.id);
  await insertMany(db, cms_posts, posts, { ignoreConflicts: true });
  const pages = demoPages(root.fork("pages"), now);
  await insertMany(db, cms_pages, pages, { ignoreConflicts: true });
  result.posts = posts.length;
  result.pages = pages.length;
  log(`cms: ${posts.length} posts, ${pages.length} pages`);

  await refreshSiteCounts(db);
  result.ms = Date.now() - started;
  return result;
}
