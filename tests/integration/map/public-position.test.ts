/**
 * Issue 27: exact positions revealed the hidden 番地. Nobody outside the admin
 * is sent a finer position than the public grid (src/lib/public-position.ts,
 * 0.001°): a visitor, a member and staff browsing the site each get, over
 * every transport (tRPC public.map.view / nearby and the detail, REST
 * /api/investments/map and /api/investments/:id, the detail's JSON-LD, the
 * sitemap), the snapped point at most, and no bounding box finer than the
 * grid finds the stored one; the admin editor still gets the stored point.
 * The geo index's triggers (drizzle/0015_map_public_position.sql) snap
 * exactly as the TypeScript rule does, on insert, on update and for rows
 * indexed before the migration.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { micro, PUBLIC_POSITION_STEP, publicMicro, publicPosition } from "@/lib/public-position";
import { realEstateListingJsonLd } from "@/lib/seo-jsonld";
import { createSession, SESSION_COOKIE } from "@/server/auth/session";
import { sitemapPlan, urlsetXml } from "@/server/cms";
import { closeDb, openDb, type Db } from "@/server/db";
import { migrateDb, MIGRATIONS_DIR } from "@/server/migrate";
import { investments } from "@/server/db/schema";
import { resetMapCacheForTests } from "@/server/map";
import { handleRest } from "@/server/rest/handler";
import { setTestEnv } from "../../helpers/accounts";
import { callerFor } from "../../helpers/context";
import { testDbUrl } from "../../helpers/db";
import { createAdmin, createUser } from "../../helpers/factories";
import { NOW } from "../search/fixtures";

let dir: string;
let url: string;
let db: Db;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-pubpos-"));
  url = await testDbUrl(dir, "pos.db");
  db = await openDb(url);
  await migrateDb(db);
});

afterAll(async () => {
  await closeDb();
  db?.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const base = {
  type_cd: 1,
  pref_cd: 27,
  city_cd: "271276",
  district_cd: "梅田一丁目",
  locality: "1-2-3",
  price: 5000,
  public: true,
  public_at: NOW,
  update_at: NOW,
  keywords: "",
};

async function geoRows(d: Db): Promise<Map<number, { lat: number; lng: number; lat2: number; lng2: number }>> {
  const rows = await d.all<{ id: number; lat: number; lng: number; lat2: number; lng2: number }>(
    sql`SELECT id, lat_min AS lat, lng_min AS lng, lat_max AS lat2, lng_max AS lng2 FROM investments_geo`,
  );
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

/* ------------------------------------------------ the SQL rule ≡ the TS rule */

// Degrees with up to 9 decimals anywhere on Earth, Kansai in detail, and the grid's half-way points (±).
const degrees = (max: number) =>
  fc.oneof(
    fc.double({ min: -max, max, noNaN: true }),
    fc.integer({ min: -max * 1e6, max: max * 1e6 }).map((m) => m / 1e6),
    fc.integer({ min: -max * 1000, max: max * 1000 - 1 }).map((k) => (k * 1000 + 500) / 1e6),
    fc.integer({ min: 0, max: 1e9 }).map((n) => 34 + n / 1e9),
  );
const latArb = degrees(90);
const lngArb = degrees(180);

describe("the geo index's snapping equals publicPosition()", () => {
  it("the rule: multiples of 0.001°, nearest, halves upward, idempotent", () => {
    expect(publicPosition(34.702485, 135.495951)).toEqual({ lat: 34.702, lng: 135.496 });
    expect(publicPosition(34.7005, 135.5004994)).toEqual({ lat: 34.701, lng: 135.5 });
    // the stored microdegrees first, as the index always held them: 135.5004995 is 135500500 µ°, so up
    expect(publicPosition(34.7005, 135.5004995)).toEqual({ lat: 34.701, lng: 135.501 });
    expect(publicPosition(-33.8675, -0.0005)).toEqual({ lat: -33.867, lng: 0 });
    fc.assert(
      fc.property(fc.integer({ min: -180_000_000, max: 180_000_000 }), (m) => {
        const p = publicMicro(m);
        expect(p % PUBLIC_POSITION_STEP === 0).toBe(true);
        expect(Math.abs(p - m)).toBeLessThanOrEqual(PUBLIC_POSITION_STEP / 2);
        expect(publicMicro(p)).toBe(p);
      }),
      { numRuns: 2000 },
    );
  });

  it("on insert and on update, for 600 points", async () => {
    const points = fc.sample(fc.tuple(latArb, lngArb), { numRuns: 300, seed: 27 });
    const moved = fc.sample(fc.tuple(latArb, lngArb), { numRuns: 300, seed: 2027 });
    await db.delete(investments);
    const ids = (
      await db
        .insert(investments)
        .values(points.map(([lat, lng], i) => ({ ...base, name: `点${i}`, map: { lat, lng } })))
        .returning({ id: investments.id })
    ).map((r) => r.id);
    const check = async (want: [number, number][]) => {
      const got = await geoRows(db);
      ids.forEach((id, i) => {
        const [lat, lng] = want[i]!;
        const ctx = `${id}: ${lat}, ${lng}`;
        expect(got.get(id), ctx).toEqual({
          lat: publicMicro(micro(lat)),
          lng: publicMicro(micro(lng)),
          lat2: publicMicro(micro(lat)),
          lng2: publicMicro(micro(lng)),
        });
      });
    };
    await check(points);
    for (let i = 0; i < ids.length; i++)
      await db
        .update(investments)
        .set({ map: { lat: moved[i]![0], lng: moved[i]![1] } })
        .where(eq(investments.id, ids[i]!));
    await check(moved);
  });

  it("rows indexed before the migration are snapped by it, and logged for running snapshots", async () => {
    // drizzle/ up to the migration before this one, wherever it is numbered at merge
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag.endsWith("_map_public_position"));
    expect(at).toBeGreaterThan(0);
    const older = path.join(dir, "older");
    mkdirSync(path.join(older, "meta"), { recursive: true });
    for (const f of readdirSync(MIGRATIONS_DIR)) if (f.endsWith(".sql")) copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(older, f));
    writeFileSync(path.join(older, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

    const old = await openDb(await testDbUrl(dir, "old.db"));
    try {
      await migrateDb(old, { migrationsFolder: older });
      const points = fc.sample(fc.tuple(latArb, lngArb), { numRuns: 200, seed: 11 });
      // Plain SQL naming only the columns of the old schema (Drizzle's insert names every current column).
      const ids: number[] = [];
      for (const [i, [lat, lng]] of points.entries()) {
        const [row] = await old.all<{ id: number }>(
          sql`INSERT INTO investments (type_cd, name, pref_cd, city_cd, district_cd, locality, price, public, public_at, update_at, keywords, map)
              VALUES (${base.type_cd}, ${`旧${i}`}, ${base.pref_cd}, ${base.city_cd}, ${base.district_cd}, ${base.locality}, ${base.price}, 1,
                      ${base.public_at.getTime()}, ${base.update_at.getTime()}, '', ${JSON.stringify({ lat, lng })}) RETURNING id`,
        );
        ids.push(row!.id);
      }
      const before = await geoRows(old);
      // the old index held the stored point to the microdegree
      expect(ids.filter((id, i) => before.get(id)!.lat !== micro(points[i]![0])).length).toBe(0);
      const [{ seq }] = (await old.all<{ seq: number }>(sql`SELECT coalesce(max(seq), 0) AS seq FROM map_changes`)) as [{ seq: number }];

      await migrateDb(old);
      const after = await geoRows(old);
      ids.forEach((id, i) => {
        const [lat, lng] = points[i]!;
        expect(after.get(id), `${lat}, ${lng}`).toEqual({
          lat: publicMicro(micro(lat)),
          lng: publicMicro(micro(lng)),
          lat2: publicMicro(micro(lat)),
          lng2: publicMicro(micro(lng)),
        });
      });
      const logged = await old.all<{ id: number }>(sql`SELECT DISTINCT investment_id AS id FROM map_changes WHERE seq > ${seq}`);
      expect(logged.map((r) => r.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    } finally {
      old.$client.close();
    }
  });
});

/* ------------------------------------------------ every audience, every transport */

// Stored points to the microdegree (what staff type); the public ones are the 0.001° grid's.
const A = { lat: 34.702485, lng: 135.495951 }; // public
const B = { lat: 34.706349, lng: 135.502107 }; // members-only
const C = { lat: 34.700512, lng: 135.500499 }; // public, next to a grid line
const D = { lat: 34.703777, lng: 135.497333 }; // public, near A (a cluster with it when zoomed out)
const EXACT = [A, B, C, D];
const EXACT_TEXTS = EXACT.flatMap((p) => [String(p.lat), String(p.lng), p.lat.toFixed(5), p.lng.toFixed(5)]);

/** Every lat / lng number anywhere in a payload, with its path. */
function positionsIn(v: unknown, at = "$"): { path: string; key: string; value: number }[] {
  if (Array.isArray(v)) return v.flatMap((x, i) => positionsIn(x, `${at}[${i}]`));
  if (v === null || typeof v !== "object") return [];
  return Object.entries(v).flatMap(([k, x]) =>
    typeof x === "number" && /^(lat|lng|lon|latitude|longitude)$/i.test(k) ? [{ path: `${at}.${k}`, key: k, value: x }] : positionsIn(x, `${at}.${k}`),
  );
}

/** Nothing in the payload is finer than the grid; no stored coordinate in its text. */
function expectCoarse(label: string, payload: unknown): void {
  const text = typeof payload === "string" ? payload : JSON.stringify(payload);
  for (const t of EXACT_TEXTS) expect(text.includes(t), `${label} carries ${t}`).toBe(false);
  expect(/"map"\s*:/.test(text), `${label} carries a map column`).toBe(false);
}

/** A marker (one listing) sits on the grid; a cluster's position sums (mean × count) do too. */
function expectOnGrid(label: string, view: { markers: { lat: number; lng: number }[]; clusters: { lat: number; lng: number; count: number }[] }): void {
  for (const m of view.markers) for (const v of [m.lat, m.lng]) expect(Math.round(v * 1e6) % PUBLIC_POSITION_STEP, `${label} marker ${v}`).toBe(0);
  for (const c of view.clusters)
    for (const v of [c.lat, c.lng]) {
      const sum = Math.round(v * c.count * 1e6);
      expect(sum % PUBLIC_POSITION_STEP, `${label} cluster ${v}×${c.count}`).toBe(0);
    }
  expectCoarse(label, view);
}

describe("what each audience is sent", () => {
  let restore: () => void;
  const ids: Record<"A" | "B" | "C" | "D", number> = { A: 0, B: 0, C: 0, D: 0 };
  let memberId = 0;
  let adminId = 0;

  beforeAll(async () => {
    restore = setTestEnv({ DATABASE_URL: url, APP_URL: "http://localhost:3000" });
    await db.delete(investments);
    for (const [k, p] of Object.entries({ A, B, C, D }) as ["A" | "B" | "C" | "D", typeof A][]) {
      const [row] = await db
        .insert(investments)
        .values({ ...base, name: `物件${k}`, members: k === "B", map: { lat: p.lat, lng: p.lng, zoom: 16 } })
        .returning({ id: investments.id });
      ids[k] = row!.id;
    }
    memberId = (await createUser(db)).id;
    adminId = (await createAdmin(db)).id;
    resetMapCacheForTests();
  });
  afterAll(() => restore?.());

  const audiences = [
    { who: "visitor", seesB: false },
    { who: "member", seesB: true },
    { who: "staff", seesB: true },
  ] as const;

  async function as(who: (typeof audiences)[number]["who"]) {
    const opts = who === "member" ? { userId: memberId } : who === "staff" ? { adminId } : {};
    const { caller } = await callerFor(db, opts);
    const cookie =
      who === "member"
        ? `${SESSION_COOKIE.user}=${(await createSession(db, "user", memberId)).token}`
        : who === "staff"
          ? `${SESSION_COOKIE.admin}=${(await createSession(db, "admin", adminId)).token}`
          : "";
    const rest = async (p: string) => {
      const res = await handleRest(new Request(`http://localhost:3000${p}`, { headers: cookie ? { cookie } : {} }));
      expect(res.status, p).toBe(200);
      return (await res.json()) as Record<string, unknown>;
    };
    return { caller, rest };
  }

  // small enough that at zoom 18 the four public points fall in cells of their own
  const close = "135.49,34.695,135.51,34.71";
  const wide = "135.4,34.6,135.6,34.8";
  /** A box around a stored point small enough to leave out its public point. */
  const probe = (p: { lat: number; lng: number }) => [p.lng - 0.00002, p.lat - 0.00002, p.lng + 0.00002, p.lat + 0.00002].join(",");
  const around = (p: { lat: number; lng: number }) => {
    const q = publicPosition(p.lat, p.lng);
    return [q.lng - 0.000001, q.lat - 0.000001, q.lng + 0.000001, q.lat + 0.000001].join(",");
  };

  for (const { who, seesB } of audiences) {
    it(`${who}: tRPC public.map.*, the detail, REST, JSON-LD and the sitemap carry the grid's points at most`, async () => {
      const { caller, rest } = await as(who);
      const visible = (["A", "B", "C", "D"] as const).filter((k) => k !== "B" || seesB);
      const stored = { A, B, C, D };

      // the map search, zoomed in: one marker per listing, at its public point
      for (const [transport, view] of [
        ["tRPC", await caller.public.map.view({ bbox: close, zoom: 18 })],
        ["REST", (await rest(`/api/investments/map?bbox=${close}&zoom=18`)) as unknown as Awaited<ReturnType<typeof caller.public.map.view>>],
      ] as const) {
        expect(view.total, transport).toBe(visible.length);
        const byId = new Map(view.markers.map((m) => [m.id, m]));
        for (const k of visible) {
          const m = byId.get(ids[k]);
          expect(m, `${transport} ${k}`).toBeDefined();
          expect({ lat: m!.lat, lng: m!.lng }, `${transport} ${k}`).toEqual(publicPosition(stored[k].lat, stored[k].lng));
        }
        expectOnGrid(`${who} ${transport} zoom 18`, view);
      }
      // zoomed out: clusters, whose means are of public points
      const out = await caller.public.map.view({ bbox: wide, zoom: 11 });
      expect(out.clusters.length).toBeGreaterThan(0);
      expectOnGrid(`${who} tRPC zoom 11`, out);
      expectOnGrid(`${who} REST zoom 11`, (await rest(`/api/investments/map?bbox=${wide}&zoom=11`)) as unknown as typeof out);

      // no box finer than the grid finds a stored point; the public point's own box does
      for (const k of visible) {
        expect((await caller.public.map.view({ bbox: probe(stored[k]), zoom: 18 })).total, `probe ${k}`).toBe(0);
        expect(((await rest(`/api/investments/map?bbox=${probe(stored[k])}&zoom=18`)) as { total: number }).total, `REST probe ${k}`).toBe(0);
        expect((await caller.public.map.view({ bbox: around(stored[k]), zoom: 18 })).total, `around ${k}`).toBeGreaterThanOrEqual(1);
      }

      for (const k of visible) {
        // the detail's nearby map: centred on the public point, its neighbours on the grid
        const near = await caller.public.map.nearby({ id: ids[k] });
        expect(near, `nearby ${k}`).not.toBeNull();
        expect({ lat: near!.lat, lng: near!.lng }).toEqual(publicPosition(stored[k].lat, stored[k].lng));
        expectOnGrid(`${who} nearby ${k}`, near!.view);

        // the detail (tRPC and REST): no position at all
        const detail = await caller.public.investments.byId({ id: ids[k] });
        expect(detail && !detail.locked).toBe(true);
        expect(positionsIn(detail), `detail ${k}`).toEqual([]);
        expectCoarse(`${who} detail ${k}`, detail);
        const restDetail = await rest(`/api/investments/${ids[k]}`);
        expect(positionsIn(restDetail), `REST detail ${k}`).toEqual([]);
        expectCoarse(`${who} REST detail ${k}`, restDetail);

        // the detail page's JSON-LD, from everything the detail holds: no geo
        if (detail && !detail.locked) {
          const ld = realEstateListingJsonLd({ ...detail, images: [] }, "http://localhost:3000");
          expect(JSON.stringify(ld ?? {})).not.toMatch(/geo|latitude|longitude/i);
          expectCoarse(`${who} JSON-LD ${k}`, ld ?? {});
        }
      }
      // a members-only listing is still nobody's business but members'
      if (!seesB) expect(await caller.public.map.nearby({ id: ids.B })).toBeNull();
    });
  }

  it("the sitemap lists the listings and no position", async () => {
    const plan = await sitemapPlan(db, "http://localhost:3000");
    expect(plan.kind).toBe("single");
    const xml = plan.kind === "single" ? urlsetXml(plan.entries) : "";
    expect(xml).toContain(`/investments/${ids.A}`);
    expect(xml).not.toMatch(/geo|latitude|longitude/i);
    expectCoarse("sitemap", xml);
  });

  it("members are sent the same point as visitors", async () => {
    const v = await (await as("visitor")).caller.public.map.view({ bbox: close, zoom: 18 });
    const m = await (await as("member")).caller.public.map.view({ bbox: close, zoom: 18 });
    const pick = (x: typeof v) => x.markers.filter((p) => p.id !== ids.B).map((p) => [p.id, p.lat, p.lng]);
    expect(pick(m)).toEqual(pick(v));
  });

  it("the admin editor still gets the stored point", async () => {
    const { caller } = await callerFor(db, { adminId });
    for (const k of ["A", "B", "C", "D"] as const) {
      const form = await caller.admin.investments.byId({ id: ids[k] });
      expect(form.values.map, k).toEqual({ lat: String({ A, B, C, D }[k].lat), lng: String({ A, B, C, D }[k].lng) });
    }
    // and visitors and members cannot call it
    await expect((await callerFor(db)).caller.admin.investments.byId({ id: ids.A })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect((await callerFor(db, { userId: memberId })).caller.admin.investments.byId({ id: ids.A })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
