/**
 * Seed accounts: the demo admin, members with varied profiles and
 * registration dates, and random but valid saved search queries.
 */
import { eq } from "drizzle-orm";
import { CONTACT_TIMES, JOBS, SALARIES } from "@/lib/constants/account";
import { areaName, typeName } from "@/lib/constants/investment";
import type { Db } from "@/server/db";
import { admins, type users } from "@/server/db/schema";
import { personName } from "./names";
import type { Rng } from "./prng";

export type UserInsert = typeof users.$inferInsert;

/** Creates the admin unless the address exists; returns its id and whether it was created. */
export async function ensureAdmin(db: Db, email: string, passwordHash: string, name: string): Promise<{ id: number; created: boolean }> {
  const existing = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).get();
  if (existing) return { id: existing.id, created: false };
  const row = await db.insert(admins).values({ email, name, password_hash: passwordHash }).returning({ id: admins.id }).get();
  return { id: row.id, created: true };
}

const CITIES: readonly (readonly [string, string, string])[] = [
  ["大阪府", "大阪市北区", "530"],
  ["大阪府", "大阪市天王寺区", "543"],
  ["大阪府", "吹田市", "564"],
  ["大阪府", "豊中市", "560"],
  ["大阪府", "堺市堺区", "590"],
  ["大阪府", "東大阪市", "577"],
  ["兵庫県", "西宮市", "662"],
  ["兵庫県", "神戸市中央区", "650"],
  ["兵庫県", "尼崎市", "660"],
  ["京都府", "京都市中京区", "604"],
  ["奈良県", "奈良市", "630"],
  ["東京都", "港区", "105"],
];

/** A member row with a plausible profile; `n` makes the e-mail unique. */
/**
 * A member registered at `registered`; the last login falls within 30 days
 * after it but never after `now` (a demo must not show future dates).
 */
export function memberRow(rng: Rng, email: string, passwordHash: string | null, registered: Date, now: Date): UserInsert {
  const p = personName(rng);
  const [pref, city, zip3] = rng.pick(CITIES);
  const corporate = rng.chance(0.12);
  const methods = rng.chance(0.7) ? ["email"] : rng.chance(0.5) ? ["email", "tel"] : ["tel"];
  const job = rng.pickWeighted(JOBS.map((j) => [j.key, j.key === "employee" ? 40 : j.key === "other" ? 3 : 8] as const));
  return {
    email,
    password_hash: passwordHash,
    status: "active",
    type: corporate ? "corporate" : "individual",
    last_name: p.last,
    first_name: p.first,
    kana_last: p.kanaLast,
    kana_first: p.kanaFirst,
    company: corporate ? `株式会社${p.last}アセット` : null,
    zip: `${zip3}-${String(rng.int(1, 9999)).padStart(4, "0")}`,
    pref,
    city,
    address: `${rng.pick(["本町", "中央", "栄町", "南町", "緑町"])}${rng.int(1, 5)}-${rng.int(1, 20)}-${rng.int(1, 15)}`,
    tel: `0${rng.pick(["6", "78", "75", "72"])}-0000-${String(rng.int(0, 9999)).padStart(4, "0")}`,
    fax: null,
    job,
    job_other: job === "other" ? "会社経営（個人事業）" : null,
    salary: rng.pick(SALARIES).key,
    money: rng.pick([100, 300, 500, 800, 1000, 1500, 2000, 3000, 5000]),
    contact_method: methods,
    contact_time: rng.pick(CONTACT_TIMES).key,
    interest_areas: rng.sample([1, 2, 3, 4, 5, 6], rng.int(1, 3)).sort((a, b) => a - b),
    email_verified_at: registered,
    last_login_at: new Date(Math.min(registered.getTime() + rng.int(0, 30) * 86_400_000, now.getTime())),
    created_at: registered,
    updated_at: registered,
  };
}

/* ---------------------------------------------------------------- saved searches */

const PRICE_STEPS = [1_000, 2_000, 3_000, 5_000, 8_000, 10_000, 15_000, 20_000, 30_000, 50_000, 100_000];

/**
 * A random but valid list query using the spec's parameter names:
 * re (areas 1-6), ty (types 1-6), sc (structures 1-5), fs (features 1-5, 7),
 * lp / hp (price bounds in 万円), ly (minimum yield %), sw (walk minutes),
 * bt (maximum building age), fw (free word).
 */
export function randomFilterQuery(rng: Rng): Record<string, unknown> {
  const q: Record<string, unknown> = {};
  const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
  if (rng.chance(0.65)) q.re = sorted(rng.sample([1, 2, 3, 4, 5, 6], rng.int(1, 2)));
  if (rng.chance(0.6)) q.ty = sorted(rng.sample([1, 2, 3, 4, 5, 6], rng.int(1, 2)));
  if (rng.chance(0.2)) q.sc = sorted(rng.sample([1, 2, 3, 4, 5], rng.int(1, 2)));
  if (rng.chance(0.5)) {
    const i = rng.int(0, PRICE_STEPS.length - 3);
    if (rng.chance(0.6)) q.lp = PRICE_STEPS[i];
    q.hp = PRICE_STEPS[rng.int(i + 1, PRICE_STEPS.length - 1)];
  }
  // Land has no yield: a yield bound only makes sense with an income-producing type.
  const landOnly = Array.isArray(q.ty) && (q.ty as number[]).every((t) => t === 5);
  if (!landOnly && rng.chance(0.45)) q.ly = rng.pick([5, 6, 7, 8, 9, 10]);
  if (rng.chance(0.2)) q.fs = sorted(rng.sample([1, 2, 3, 4, 5, 7], rng.int(1, 2)));
  if (rng.chance(0.15)) q.sw = rng.pick([5, 10, 15, 20]);
  if (rng.chance(0.12)) q.bt = rng.pick([10, 20, 30]);
  if (rng.chance(0.05)) q.fw = rng.pick(["天王寺", "梅田", "吹田", "西宮北口", "三宮", "京都駅", "江坂"]);
  if (Object.keys(q).length === 0) q.ty = [rng.int(1, 6)];
  return q;
}

/** A readable name for a saved query, e.g. 大阪市内・一棟マンション・利回り7%以上 (≤ 50 characters). */
export function describeFilterQuery(q: Record<string, unknown>): string {
  const parts: string[] = [];
  const list = (v: unknown) => (Array.isArray(v) ? (v as number[]) : []);
  const areas = list(q.re)
    .map((id) => areaName(id))
    .filter(Boolean);
  if (areas.length) parts.push(areas.join("・"));
  const types = list(q.ty)
    .map((id) => typeName(id))
    .filter(Boolean);
  if (types.length) parts.push(types.join("・"));
  if (typeof q.lp === "number" || typeof q.hp === "number") {
    const fmt = (n: number) => (n >= 10_000 ? `${n / 10_000}億` : `${n}万`);
    parts.push(`${typeof q.lp === "number" ? fmt(q.lp) : ""}〜${typeof q.hp === "number" ? fmt(q.hp) : ""}円`);
  }
  if (typeof q.ly === "number") parts.push(`利回り${q.ly}%以上`);
  if (typeof q.sw === "number") parts.push(`駅徒歩${q.sw}分以内`);
  if (typeof q.bt === "number") parts.push(`築${q.bt}年以内`);
  if (typeof q.fw === "string") parts.push(`「${q.fw}」`);
  const name = parts.join("・") || "保存した条件";
  return name.length > 44 ? `${name.slice(0, 43)}…` : name;
}
