import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { netYield, sekisan, sekisanRatio } from "@/lib/economics";
import { residualAt } from "@/lib/age";
import { createSession, SESSION_COOKIE } from "@/server/auth/session";
import { closeDb, openDb, type Db } from "@/server/db";
import { investment_rent_rolls, investment_repairs, investments, site_options } from "@/server/db/schema";
import { rederiveEconomics } from "@/server/investments";
import { ECONOMICS_COLUMNS, economicsInputOf, loadRentRolls, loadRepairHistory } from "@/server/listings";
import { migrateDb } from "@/server/migrate";
import { PEER_HEADER, peerHeaderValue } from "@/server/request/client-ip";
import { handleRest } from "@/server/rest/handler";
import { Browser, errorOf, setTestEnv, uniquePrefix } from "../../helpers/accounts";
import { testDbUrl } from "../../helpers/db";
import { createAdmin } from "../../helpers/factories";
import { validForm } from "./helpers";

/**
 * Issue 35 (staff inputs): the 収支・積算 fields, the rent roll (by hand and by CSV, Shift_JIS
 * and UTF-8) and the 修繕履歴 go in through the editor's procedure and REST, come back unchanged
 * on reopening, and bad input is refused with Japanese field messages and changes nothing. The
 * derived net_yield / sekisan_ratio / residual_at follow their inputs on every write path
 * (editor save, REST, price change, rent roll, 路線価, duplicate, bulk, the data pass).
 */
const BASE = "http://localhost:3000";
let dir: string;
let db: Db;
let restoreEnv: () => void;
let admin: Browser;
let adminCookie: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-econ-inputs-"));
  const url = await testDbUrl(dir, "econ.db");
  restoreEnv = setTestEnv({ DATABASE_URL: url, APP_URL: BASE, REDIS_PREFIX: uniquePrefix() });
  db = await openDb(url);
  await migrateDb(db);
  const a = await createAdmin(db);
  admin = new Browser(db);
  const token = (await createSession(db, "admin", a.id)).token;
  admin.jar.set(SESSION_COOKIE.admin, token);
  adminCookie = `${SESSION_COOKIE.admin}=${token}`;
});

afterAll(async () => {
  await closeDb();
  db?.$client.close();
  restoreEnv?.();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function send(method: string, p: string, body: unknown) {
  const csrf = await handleRest(new Request(BASE + "/sanctum/csrf-cookie"));
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const token = decodeURIComponent(jar.find((c) => c.startsWith("XSRF-TOKEN="))!.slice("XSRF-TOKEN=".length));
  const res = await handleRest(
    new Request(BASE + p, {
      method,
      headers: {
        "content-type": "application/json",
        "x-xsrf-token": token,
        [PEER_HEADER]: peerHeaderValue("10.77.0.10") ?? "",
        cookie: [...jar, adminCookie].join("; "),
      },
      body: JSON.stringify(body),
    }),
  );
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const byId = (id: number) => admin.call((c) => c.admin.investments.byId({ id }));
const update = (id: number, values: object) => admin.call((c) => c.admin.investments.update({ id, ...values } as never));
const rowOf = (id: number) => db.select().from(investments).where(eq(investments.id, id)).get();

/** The derived columns as the economics model computes them from what is stored now (the one loader). */
async function expectDerivedFollowInputs(id: number) {
  const row = (await db
    .select({ ...ECONOMICS_COLUMNS, residual_at: investments.residual_at, net_yield: investments.net_yield, sekisan_ratio: investments.sekisan_ratio })
    .from(investments)
    .where(eq(investments.id, id))
    .get())!;
  const input = economicsInputOf(row, { rentRoll: (await loadRentRolls(db, [id])).get(id) ?? null });
  expect(row.net_yield, `#${id} net_yield`).toBe(netYield(input));
  expect(row.sekisan_ratio, `#${id} sekisan_ratio`).toBe(sekisanRatio(sekisan(input), input));
  expect(row.residual_at, `#${id} residual_at`).toBe(residualAt({ structure_cd: row.structure_cd, steel_thickness_mm: row.steel_thickness }, row.built));
  return row;
}

const ROW = { room: "", layout: "1K", area: "25", rent: "", common_fee: "", deposit: "", status: "occupied", lease_start: "" };
// 8 units × (57,000 + 3,000) = 480,000円/月 → 576万円/年; 2 of them empty.
const handRoll = Array.from({ length: 8 }, (_, i) => ({
  ...ROW,
  room: String(101 + i),
  rent: "57000",
  common_fee: "3000",
  status: i < 6 ? "occupied" : i === 6 ? "vacant" : "advertising",
  lease_start: i < 6 ? `202${i % 5}-0${1 + i}` : "",
}));

describe("the editor's procedure", () => {
  it("saves the 収支・積算 fields, a hand-entered rent roll and 修繕履歴; reopening shows every value; an unchanged save changes nothing", async () => {
    const { id } = await admin.call((c) =>
      c.admin.investments.create(
        validForm({
          // no stated income: the rent roll's total is the 満室想定年収
          income: { month: "", year: "" },
          price: "9800",
          building_size: "240",
          road_price: "２８０,０００",
          road_price_year: "2026",
          property_tax: "392000",
          assessed_land_value: "48000000",
          assessed_building_value: "31000000",
          replacement_cost: "210000",
          rebuild_not_allowed: "false",
          nonconforming: "true",
          rent_roll: handRoll,
          repair_history: [
            { year_month: "2018/6", description: "大規模修繕（外壁・屋上防水）", cost: "12,800,000" },
            { year_month: "2023-03", description: "給湯器交換", cost: "" },
          ],
        } as never) as never,
      ),
    );
    const opened = await byId(id);
    expect(opened.values).toMatchObject({
      road_price: "280000",
      road_price_year: "2026",
      property_tax: "392000",
      assessed_land_value: "48000000",
      assessed_building_value: "31000000",
      replacement_cost: "210000",
      rebuild_not_allowed: "false",
      nonconforming: "true",
      leasehold_ratio: "",
      steel_thickness: "",
      repair_history: [
        { year_month: "2018-06", description: "大規模修繕（外壁・屋上防水）", cost: "12800000" },
        { year_month: "2023-03", description: "給湯器交換", cost: "" },
      ],
    });
    expect(opened.values.rent_roll).toEqual(handRoll.map((r) => ({ ...r, deposit: "" })));
    const stored = await expectDerivedFollowInputs(id);
    // 576万 − (管理5% + 修繕5% of 576万 = 57.6万) − 固都税 39.2万 − 保険 0.1% of 9,800万 = 9.8万 = 469.4万 → ÷ 9,800万 = 4.78 %
    expect(stored.net_yield).toBe(4.78);
    expect(stored.sekisan_ratio).not.toBeNull();
    expect((await loadRepairHistory(db, [id])).get(id)?.length).toBe(2);

    await update(id, opened.values);
    expect((await byId(id)).values).toEqual(opened.values);
  });

  it("a price change, a rent-roll change and a 路線価 change each move the derived columns", async () => {
    const { id } = await admin.call((c) =>
      c.admin.investments.create(
        validForm({
          income: { month: "", year: "" },
          building_size: "600",
          rent_roll: handRoll,
          road_price: "300000",
          road_price_year: "2025",
        } as never) as never,
      ),
    );
    const v = (await byId(id)).values;
    const first = await expectDerivedFollowInputs(id);

    await update(id, { ...v, price: "13000" });
    const cut = await expectDerivedFollowInputs(id);
    expect(cut.net_yield).not.toBe(first.net_yield);
    expect(cut.sekisan_ratio).toBeLessThan(first.sekisan_ratio!);

    await update(id, { ...v, price: "13000", rent_roll: handRoll.map((r) => ({ ...r, rent: "67000" })) });
    const raised = await expectDerivedFollowInputs(id);
    expect(raised.net_yield).toBeGreaterThan(cut.net_yield!);

    await update(id, { ...v, price: "13000", rent_roll: handRoll.map((r) => ({ ...r, rent: "67000" })), road_price: "450000" });
    const road = await expectDerivedFollowInputs(id);
    expect(road.sekisan_ratio).toBeGreaterThan(raised.sekisan_ratio!);
    expect(road.net_yield).toBe(raised.net_yield);
  });

  it("bad input: Japanese messages under each field, and nothing saved", async () => {
    const { id } = await admin.call((c) => c.admin.investments.create(validForm({ rent_roll: handRoll } as never) as never));
    const v = (await byId(id)).values;
    const before = await rowOf(id);
    const rollsBefore = await db.select().from(investment_rent_rolls).where(eq(investment_rent_rolls.investment_id, id)).all();
    const e = await errorOf(
      update(id, {
        ...v,
        name: "保存されないはずの名前",
        road_price: "60000000",
        road_price_year: "2026",
        property_tax: "-5",
        building_size: "0",
        rent_roll: [{ ...handRoll[0], rent: "" }],
      }),
    );
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.fieldErrors).toMatchObject({
      road_price: ["路線価（円/㎡）は50,000,000円以下で入力してください"],
      property_tax: ["固定資産税・都市計画税 年額（円）にマイナスの値は入力できません"],
      building_size: [expect.stringContaining("建物面積（㎡）")],
      "rent_roll.0.rent": ["賃料（円/月）を入力してください"],
    });
    // The cross-field rules (judged once every field parses): 借地権割合 without 借地, a 路線価 year out of range.
    const cross = await errorOf(update(id, { ...v, leasehold_ratio: "60", road_price: "300000", road_price_year: "1989" }));
    expect(cross.fieldErrors).toEqual({
      leasehold_ratio: ["借地権割合は土地権利が借地権・定期借地権のときだけ入力できます"],
      road_price_year: [`路線価の年は1990年から${new Date().getFullYear()}年の間で入力してください`],
    });
    expect(await rowOf(id)).toEqual(before);
    expect(await db.select().from(investment_rent_rolls).where(eq(investment_rent_rolls.investment_id, id)).all()).toEqual(rollsBefore);
  });
});

describe("REST and the CSV import", () => {
  const CSV =
    '号室,間取り,面積,賃料,共益費,敷金,状態,契約開始\n101,1K,24.5,"58,000",3000,58000,入居中,2022/4\n102,1K,24.5,58000,3000,0,空室,\n201,1LDK,40.1,79000,3000,79000,入居中,2024-10-01\n';

  it("a Shift_JIS CSV read over REST, saved by PATCH, reopens with every value; a UTF-8 one through the procedure gives the same rows", async () => {
    const sjis = await send("POST", "/api/admin/investment/rent-roll/csv", { csv: iconv.encode(CSV, "Shift_JIS").toString("base64") });
    expect(sjis.status).toBe(200);
    expect(sjis.json).toMatchObject({ ok: true, encoding: "Shift_JIS" });
    const rows = sjis.json!.rows as Record<string, string>[];
    expect(rows).toEqual([
      { room: "101", layout: "1K", area: "24.5", rent: "58000", common_fee: "3000", deposit: "58000", status: "occupied", lease_start: "2022-04" },
      { room: "102", layout: "1K", area: "24.5", rent: "58000", common_fee: "3000", deposit: "0", status: "vacant", lease_start: "" },
      { room: "201", layout: "1LDK", area: "40.1", rent: "79000", common_fee: "3000", deposit: "79000", status: "occupied", lease_start: "2024-10-01" },
    ]);
    const utf8 = await admin.call((c) => c.admin.investments.importRentRoll({ csv: Buffer.from(CSV, "utf8").toString("base64") }));
    expect(utf8).toEqual({ ok: true, encoding: "UTF-8", rows });

    const created = await send("POST", "/api/admin/investment", validForm());
    expect(created.status).toBe(201);
    const id = created.json!._id as number;
    const v = (await byId(id)).values;
    const patch = await send("PATCH", `/api/admin/investment/${id}`, { ...v, rent_roll: rows, road_price: "260000", road_price_year: "2026" });
    expect(patch.status).toBe(200);
    const reopened = (await byId(id)).values;
    expect(reopened.rent_roll).toEqual(rows);
    expect(reopened.road_price).toBe("260000");
    await expectDerivedFollowInputs(id);

    // A REST client that does not send the lists keeps the stored rows.
    const { rent_roll: _r, repair_history: _h, ...withoutLists } = reopened;
    expect((await send("PATCH", `/api/admin/investment/${id}`, { ...withoutLists, price: "13000" })).status).toBe(200);
    expect((await byId(id)).values.rent_roll).toEqual(rows);
    await expectDerivedFollowInputs(id);
  });

  it("a CSV with errors: every error by line number, no rows; REST 422 for a bad 路線価 changes nothing", async () => {
    const bad = CSV + "202,1K,24.5,,3000,,入居中,\n203,1K,24.5,58000,-1,,募集中,\n";
    const r = await send("POST", "/api/admin/investment/rent-roll/csv", { csv: iconv.encode(bad, "Shift_JIS").toString("base64") });
    expect(r.json).toEqual({
      ok: false,
      errors: [
        { line: 5, message: "5行目: 賃料（円/月）を入力してください" },
        { line: 6, message: "6行目: 共益費（円/月）にマイナスの値は入力できません" },
      ],
    });

    const created = await send("POST", "/api/admin/investment", validForm());
    const id = created.json!._id as number;
    const before = await rowOf(id);
    const v = (await byId(id)).values;
    const patch = await send("PATCH", `/api/admin/investment/${id}`, { ...v, road_price: "50000001", road_price_year: "2026" });
    expect(patch.status).toBe(422);
    expect((patch.json!.errors as Record<string, string[]>).road_price).toEqual(["路線価（円/㎡）は50,000,000円以下で入力してください"]);
    expect(await rowOf(id)).toEqual(before);
  });
});

describe("the other write paths", () => {
  it("duplicate copies the rent roll and 修繕履歴 with the derived columns; bulk publish keeps them; delete cascades", async () => {
    const { id } = await admin.call((c) =>
      c.admin.investments.create(
        validForm({
          public: false,
          income: { month: "", year: "" },
          rent_roll: handRoll,
          road_price: "300000",
          road_price_year: "2026",
          repair_history: [{ year_month: "2020-01", description: "屋上防水", cost: "2000000" }],
        } as never) as never,
      ),
    );
    const copy = await admin.call((c) => c.admin.investments.duplicate({ id }));
    const a = await expectDerivedFollowInputs(id);
    const b = await expectDerivedFollowInputs(copy.id);
    expect([b.net_yield, b.sekisan_ratio]).toEqual([a.net_yield, a.sekisan_ratio]);
    expect((await byId(copy.id)).values.rent_roll).toEqual((await byId(id)).values.rent_roll);
    expect((await loadRepairHistory(db, [copy.id])).get(copy.id)).toEqual((await loadRepairHistory(db, [id])).get(id));

    await admin.call((c) => c.admin.investments.bulk({ ids: [id], action: "publish" }));
    await expectDerivedFollowInputs(id);

    await admin.call((c) => c.admin.investments.remove({ id: copy.id }));
    const left = await db
      .select({ n: sql<number>`count(*)` })
      .from(investment_rent_rolls)
      .where(eq(investment_rent_rolls.investment_id, copy.id))
      .get();
    expect(left?.n).toBe(0);
    expect(await db.select().from(investment_repairs).where(eq(investment_repairs.investment_id, copy.id)).all()).toEqual([]);
  });

  it("the data pass re-derives rows written under the old definition (residual_at by the 簡便法, no net_yield / sekisan_ratio), once", async () => {
    const { id } = await admin.call((c) => c.admin.investments.create(validForm({ road_price: "300000", road_price_year: "2026" } as never) as never));
    const want = await expectDerivedFollowInputs(id);
    const before = await rowOf(id);
    await db.update(investments).set({ residual_at: "2058-11-01", net_yield: null, sekisan_ratio: null }).where(eq(investments.id, id));
    await db.delete(site_options).where(eq(site_options.key, "economics_version"));
    const r = await rederiveEconomics(db);
    expect(r.rederived).toBe(true);
    expect(r.changed).toBeGreaterThanOrEqual(1);
    const after = await expectDerivedFollowInputs(id);
    expect([after.residual_at, after.net_yield, after.sekisan_ratio]).toEqual([want.residual_at, want.net_yield, want.sekisan_ratio]);
    // only those columns: the listing's 情報更新日 stays
    expect((await rowOf(id))?.update_at).toEqual(before?.update_at);
    expect(await rederiveEconomics(db)).toEqual({ rederived: false, changed: 0 });
  });
});
