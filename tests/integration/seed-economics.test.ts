import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { deriveEconomics } from "@/server/investments/derive";
import { ECONOMICS_COLUMNS, loadRentRolls, loadRepairHistory } from "@/server/listings";
import { migrateDb } from "@/server/migrate";
import { seedDemo } from "@/seed";
import municipalitiesJson from "@/master-data/municipalities.json";
import { testDbUrl } from "../helpers/db";

/**
 * Issue 35 item 6: the demo seed's 収支・積算 inputs are Kansai-plausible and agree with the
 * listing: rent rolls add up to 想定年収 within 1 % and their empty units match 現況, 借地権割合
 * only on 借地, and every derived column is what the model computes from the stored inputs.
 */
const NOW = new Date("2026-11-21T12:00:00+09:00");
let dir: string;
let db: Db;
const muniName = new Map((municipalitiesJson as { municipalities: { code: string; name: string }[] }).municipalities.map((m) => [m.code, m.name]));

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-seed-econ-"));
  db = await openDb(await testDbUrl(dir, "seed.db"));
  await migrateDb(db);
  await seedDemo(db, { now: NOW, images: false, root: path.join(dir, "uploads") });
}, 120_000);
afterAll(() => {
  db?.$client.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the demo seed's economics inputs", () => {
  it("most 一棟 listings carry 路線価 (this year) and a rent roll that matches 想定年収 within 1 % and 現況's vacancies", async () => {
    const rows = await db
      .select({ id: investments.id, city_cd: investments.city_cd, land_use_1: investments.land_use_1, ...ECONOMICS_COLUMNS })
      .from(investments)
      .all();
    const rolls = await loadRentRolls(
      db,
      rows.map((r) => r.id),
    );
    const oneBuilding = rows.filter((r) => [1, 2, 3].includes(r.type_cd));
    const withRoad = oneBuilding.filter((r) => r.road_price !== null);
    const withRoll = oneBuilding.filter((r) => rolls.has(r.id));
    expect(withRoad.length / oneBuilding.length).toBeGreaterThan(0.7);
    expect(withRoll.length / oneBuilding.length).toBeGreaterThan(0.7);
    expect(new Set(withRoad.map((r) => r.road_price_year))).toEqual(new Set([2026]));

    const bad: string[] = [];
    for (const r of withRoll) {
      const roll = rolls.get(r.id)!;
      const annual = roll.reduce((s, u) => s + (u.rent ?? 0) + (u.commonFee ?? 0), 0) * 12;
      const stated = r.income?.year ?? 0;
      if (Math.abs(annual - stated) > stated * 0.01) bad.push(`#${r.id} rent roll ${annual} vs 想定年収 ${stated}`);
      const empty = roll.filter((u) => u.status !== "occupied").length;
      const cd = r.vacancy?.cd;
      if (cd === 1 && empty !== 0) bad.push(`#${r.id} 満室 with ${empty} empty`);
      if (cd === 2 && !(empty >= 1 && empty < roll.length)) bad.push(`#${r.id} 空室あり with ${empty}/${roll.length} empty`);
      if (cd === 3 && empty !== roll.length) bad.push(`#${r.id} 空室 with ${empty}/${roll.length} empty`);
    }
    expect(bad.slice(0, 5)).toEqual([]);
  });

  it("路線価 by place: 大阪市北区・中央区 commercial 0.9–5百万円/㎡, every 路線価 between 80千 and 5百万; 借地権割合 60–70 % only on 借地; some flags and 修繕履歴", async () => {
    const rows = await db
      .select({ id: investments.id, city_cd: investments.city_cd, land_use_1: investments.land_use_1, ...ECONOMICS_COLUMNS })
      .from(investments)
      .all();
    const priced = rows.filter((r) => r.road_price !== null);
    for (const r of priced) expect(r.road_price, `#${r.id}`).toBeGreaterThanOrEqual(80_000);
    for (const r of priced) expect(r.road_price, `#${r.id}`).toBeLessThanOrEqual(5_000_000);
    const cbd = priced.filter((r) => ["大阪市北区", "大阪市中央区"].includes(muniName.get(r.city_cd) ?? "") && r.land_use_1 === "商業地域");
    for (const r of cbd) expect(r.road_price, `#${r.id}`).toBeGreaterThanOrEqual(900_000);
    for (const r of rows) {
      const leasehold = [2, 3].includes(r.land_rights?.type ?? 0);
      if (r.leasehold_ratio !== null) expect(leasehold && [60, 70].includes(r.leasehold_ratio), `#${r.id}`).toBe(true);
      if (r.property_tax !== null) {
        const pct = (r.property_tax / (r.price * 10_000)) * 100;
        expect(pct, `#${r.id}`).toBeGreaterThanOrEqual(0.29);
        expect(pct, `#${r.id}`).toBeLessThanOrEqual(0.61);
      }
    }
    expect(rows.some((r) => r.rebuild_not_allowed === true)).toBe(true);
    expect(rows.some((r) => r.nonconforming === true)).toBe(true);
    const repairs = await loadRepairHistory(
      db,
      rows.map((r) => r.id),
    );
    expect(repairs.size).toBeGreaterThan(10);
  });

  it("every listing's residual_at, net_yield and sekisan_ratio are what the model computes from its stored inputs", async () => {
    const rows = await db
      .select({
        id: investments.id,
        ...ECONOMICS_COLUMNS,
        residual_at: investments.residual_at,
        net_yield: investments.net_yield,
        sekisan_ratio: investments.sekisan_ratio,
      })
      .from(investments)
      .all();
    const rolls = await loadRentRolls(
      db,
      rows.map((r) => r.id),
    );
    const off = rows.filter((r) => {
      const want = deriveEconomics({ ...r, rent_roll: rolls.get(r.id) ?? null }, NOW);
      return want.residual_at !== r.residual_at || want.net_yield !== r.net_yield || want.sekisan_ratio !== r.sekisan_ratio;
    });
    expect(off.map((r) => r.id).slice(0, 5)).toEqual([]);
    expect(rows.filter((r) => r.sekisan_ratio !== null).length).toBeGreaterThan(100);
  });
});
