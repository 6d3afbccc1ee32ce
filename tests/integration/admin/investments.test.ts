import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jstToday } from "@/lib/jst-date";
import { addDaysIso, type InvestmentFormInput } from "@/schemas/admin/investment";
import { investment_images, investment_price_histories, investment_transports, investments, outbox } from "@/server/db/schema";
import { errorOf, type Caller } from "../../helpers/accounts";
import { useAccountSuite } from "../../helpers/accounts";
import { actors, expectRefused, PLACE, uploadDir, validForm, type Actors } from "./helpers";

/** Admin listing editor (issue 8): tiers, every spec §5 "Property (admin)" rule, derived fields, price cuts. */
const s = useAccountSuite({ mail: false, env: { UPLOAD_DIR: uploadDir } });
let a: Actors;
beforeAll(async () => {
  a = await actors(s.db);
});

const create = (data: InvestmentFormInput) => a.admin.call((c) => c.admin.investments.create(data as never));
async function fieldErrorsOf(data: InvestmentFormInput) {
  const e = await errorOf(create(data));
  expect(e.code).toBe("BAD_REQUEST");
  return e.fieldErrors ?? {};
}
function edit(mutate: (v: InvestmentFormInput & Record<string, unknown>) => void): InvestmentFormInput {
  const v = structuredClone(validForm()) as InvestmentFormInput & Record<string, unknown>;
  mutate(v);
  return v;
}

describe("every listing procedure refuses members and visitors", () => {
  const calls: [string, (c: Caller) => Promise<unknown>][] = [
    ["list", (c) => c.admin.investments.list({})],
    ["byId", (c) => c.admin.investments.byId({ id: 1 })],
    ["exists", (c) => c.admin.investments.exists({ id: 0, no: "X" })],
    ["create", (c) => c.admin.investments.create(validForm() as never)],
    ["update", (c) => c.admin.investments.update({ id: 1, ...validForm() } as never)],
    ["bulk", (c) => c.admin.investments.bulk({ ids: [1], action: "publish" })],
    ["duplicate", (c) => c.admin.investments.duplicate({ id: 1 })],
    ["remove", (c) => c.admin.investments.remove({ id: 1 })],
    ["preview", (c) => c.admin.investments.preview({ id: 1 })],
    ["masters", (c) => c.admin.investments.masters()],
    ["stations", (c) => c.admin.investments.stations({ line_cd: 99618 })],
  ];
  for (const [name, fn] of calls) it(name, () => expectRefused(a, fn));
});

describe("spec §5 Property (admin): one rule each, Japanese message under the field", () => {
  const cases: [string, (v: InvestmentFormInput & Record<string, unknown>) => void, string, string][] = [
    ["no required", (v) => (v.no = ""), "no", "物件番号を入力してください"],
    ["type_cd required", (v) => (v.type_cd = ""), "type_cd", "物件種別を選択してください"],
    ["type_cd その他 requires text", (v) => ((v.type_cd = "99"), (v.type_other = "")), "type_other", "物件種別（その他）を入力してください"],
    ["name required", (v) => (v.name = " "), "name", "物件名を入力してください"],
    ["prefecture required", (v) => (v.pref_cd = ""), "pref_cd", "都道府県を選択してください"],
    ["city required", (v) => (v.city_cd = ""), "city_cd", "市区町村を選択してください"],
    ["district required", (v) => (v.district_cd = ""), "district_cd", "町名を入力してください"],
    ["prohibited word in name", (v) => (v.name = "格安レジデンス"), "name", "物件名に使用できない語句「格安」が含まれています"],
    [
      "prohibited word in comments.main",
      (v) => ((v.comments as { main: string }).main = "日本一の立地"),
      "comments.main",
      "キャッチコピーに使用できない語句「日本一」が含まれています",
    ],
    [
      "prohibited word in comments.sub",
      (v) => ((v.comments as { sub: string }).sub = "早い者勝ちです"),
      "comments.sub",
      "備考・コメントに使用できない語句「早い者勝ち」が含まれています",
    ],
    [
      "表示規約 Art.18 term (今だけ)",
      (v) => ((v.comments as { sub: string }).sub = "今だけの価格"),
      "comments.sub",
      "備考・コメントに使用できない語句「今だけ」が含まれています",
    ],
    ["price required", (v) => (v.price = ""), "price", "価格（万円）を入力してください"],
    ["price below 1e8", (v) => (v.price = "100000000"), "price", "その価格は表示できません"],
    ["numeric: digits only", (v) => (v.price = "1,200万"), "price", "価格（万円）は数値で入力してください"],
    ["numeric: one decimal point at most", (v) => (v.land_size = "1.2.3"), "land_size", "土地面積は数値で入力してください"],
    ["numeric: not zero", (v) => (v.building_size = "0.0"), "building_size", "建物面積（㎡）は0以外の値を入力してください"],
    ["structure required for a building", (v) => (v.structure_cd = ""), "structure_cd", "構造を選択してください"],
    ["land area unit required", (v) => (v.land_type = ""), "land_type", "土地面積の単位を選択してください"],
    ["vacancy code required", (v) => ((v.vacancy as { cd: string }).cd = ""), "vacancy.cd", "現況を選択してください"],
    [
      "transport: station walk for 徒歩",
      (v) => ((v.transports as { station_walk: string }[])[0]!.station_walk = ""),
      "transports.0.station_walk",
      "徒歩（分）を入力してください",
    ],
    [
      "transport: bus stop name for バス",
      (v) => ((v.transports as { bus_name: string }[])[1]!.bus_name = ""),
      "transports.1.bus_name",
      "バス停名を入力してください",
    ],
    [
      "transport: bus ride time for バス",
      (v) => ((v.transports as { bus_time: string }[])[1]!.bus_time = ""),
      "transports.1.bus_time",
      "バス乗車時間（分）を入力してください",
    ],
    [
      "transport: bus walk for バス",
      (v) => ((v.transports as { bus_walk: string }[])[1]!.bus_walk = ""),
      "transports.1.bus_walk",
      "バス停から徒歩（分）を入力してください",
    ],
    [
      "transport: text for その他",
      (v) => ((v.transports as { distance: string; other: string }[])[0]!.distance = "3"),
      "transports.0.other",
      "その他の交通を入力してください",
    ],
    [
      "transport: a station for 徒歩",
      (v) => ((v.transports as { station_cd: string }[])[0]!.station_cd = ""),
      "transports.0.station_cd",
      "駅を選択してください",
    ],
    ["dates valid: built month", (v) => ((v.built as { month: string }).month = "13"), "built.month", "築月の日付が正しくありません"],
    ["dates valid: 情報登録日", (v) => (v.registered_at = "2026-02-30"), "registered_at", "情報登録日の日付が正しくありません"],
    [
      "dates valid: original.check_at",
      (v) => ((v.original as { check_at: string }).check_at = "2026/13/01"),
      "original.check_at",
      "確認日の日付が正しくありません",
    ],
    [
      "original.tel digits and hyphens",
      (v) => ((v.original as { tel: string }).tel = "06-abcd-5678"),
      "original.tel",
      "元付電話番号は半角数字とハイフンで入力してください",
    ],
    ["original.tel at least 10", (v) => ((v.original as { tel: string }).tel = "06-1234"), "original.tel", "元付電話番号は10文字以上で入力してください"],
    ["publishing needs 取引態様", (v) => (v.transactions = ""), "transactions", "取引態様を選択してください"],
    ["publishing needs 情報登録日", (v) => (v.registered_at = ""), "registered_at", "情報登録日を入力してください"],
    ["publishing needs 次回更新予定日", (v) => (v.next_update_at = ""), "next_update_at", "次回更新予定日を入力してください"],
    [
      "次回更新予定日 at most 14 days after 情報更新日 (the save's day)",
      (v) => (v.next_update_at = addDaysIso(jstToday(), 15)),
      "next_update_at",
      "次回更新予定日は情報更新日から14日以内の日付を入力してください",
    ],
  ];
  for (const [name, mutate, path, message] of cases) {
    it(name, async () => {
      const errors = await fieldErrorsOf(edit(mutate));
      expect(errors[path]).toContain(message);
    });
  }

  it("no must be unique (the save refuses a duplicate; exists answers true, empty passes)", async () => {
    const first = validForm();
    await create(first);
    const errors = await fieldErrorsOf(validForm({ no: first.no }));
    expect(errors.no).toEqual(["この物件番号は既に使われています"]);
    expect(await a.admin.call((c) => c.admin.investments.exists({ id: 0, no: first.no }))).toEqual({ exists: true });
    expect(await a.admin.call((c) => c.admin.investments.exists({ id: 0, no: "" }))).toEqual({ exists: false });
    expect(await a.admin.call((c) => c.admin.investments.exists({ id: 0, no: "NOPE-404" }))).toEqual({ exists: false });
    const own = await s.db.select({ id: investments.id }).from(investments).where(eq(investments.no, first.no)).get();
    expect(await a.admin.call((c) => c.admin.investments.exists({ id: own!.id, no: first.no }))).toEqual({ exists: false });
  });

  it("structure is not required for land (5) and その他 (99)", async () => {
    for (const type_cd of ["5", "99"]) {
      const r = await create(validForm({ type_cd, type_other: "月極駐車場", structure_cd: "", built: { year: "", month: "" } } as never));
      expect(r.id).toBeGreaterThan(0);
    }
  });

  it("full-width digits are converted", async () => {
    const r = await create(validForm({ price: "９８００", land_size: "１２３．４" }));
    const row = await s.db.select().from(investments).where(eq(investments.id, r.id)).get();
    expect(row?.price).toBe(9800);
    expect(row?.land_size).toBe(123.4);
  });

  it("a draft (not published) may leave the 表示規約 dates empty", async () => {
    const r = await create(validForm({ public: false, transactions: "", registered_at: "", next_update_at: "" } as never));
    expect(r.published).toBe(false);
  });

  it("a station that is not on the chosen line is refused", async () => {
    const v = validForm();
    (v.transports as { line_cd: string }[])[0]!.line_cd = "34002";
    const errors = await fieldErrorsOf(v);
    expect(errors["transports.0.station_cd"]).toEqual(["駅を選択し直してください"]);
  });

  it("a city outside the chosen prefecture is refused", async () => {
    const errors = await fieldErrorsOf(validForm({ pref_cd: "28" }));
    expect(errors.city_cd).toEqual(["市区町村を選択し直してください"]);
  });
});

describe("derived fields are computed on save", () => {
  it("built_at, residual_at, walk, line/station/group codes, keywords, 新耐震, area, yield", async () => {
    const r = await create(validForm({ name: "派生テスト梅田ハイツ", built: { year: "1981", month: "6" } }));
    const row = await s.db.select().from(investments).where(eq(investments.id, r.id)).get();
    expect(row).toMatchObject({
      built_at: "1981-06-01",
      station_time: 5,
      area_cd: 3,
      new_quake: true,
      is_full: true,
      price: 12000,
      yield: 6,
      income: { month: 600000, year: 7200000 },
    });
    expect(row?.residual_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(row?.line_cds).toEqual([99618]);
    expect(row?.station_cds).toEqual([9961806, 9961807]);
    expect(row?.station_group_cds).toEqual([1160214, 3300140]);
    expect(row?.keywords).toContain("梅田駅");
    expect(row?.keywords).toContain("大阪市北区");
    const transports = await s.db.select().from(investment_transports).where(eq(investment_transports.investment_id, r.id)).all();
    expect(transports.map((t) => [t.station_name, t.line_name, t.operator, t.distance])).toEqual([
      ["梅田", "大阪メトロ御堂筋線", 249, 1],
      ["淀屋橋", "大阪メトロ御堂筋線", 249, 2],
    ]);
    const before = await s.db
      .select({ new_quake: investments.new_quake })
      .from(investments)
      .where(eq(investments.id, (await create(validForm({ built: { year: "1981", month: "5" } }))).id))
      .get();
    expect(before?.new_quake).toBe(false);
  });
});

describe("publication and price cuts", () => {
  it("a price cut saved from the editor's own values recomputes the yield from the unchanged income (5.78 % → 5.90 %)", async () => {
    const { id } = await create(validForm({ price: "20200", income: { month: "974000", year: "" } }));
    expect((await s.db.select({ y: investments.yield }).from(investments).where(eq(investments.id, id)).get())?.y).toBe(5.78);
    // What the editor sends: the stored values as loaded (yield "5.78" included), with only the price changed.
    const { values } = await a.admin.call((c) => c.admin.investments.byId({ id }));
    expect(values.yield).toBe("5.78");
    await a.admin.call((c) => c.admin.investments.update({ id, ...values, price: "19800" } as never));
    const row = await s.db.select().from(investments).where(eq(investments.id, id)).get();
    expect(row).toMatchObject({ price: 19800, yield: 5.9, income: { month: 974000, year: 11688000 } });
    // and the editor shows the new figure when reopened
    expect((await a.admin.call((c) => c.admin.investments.byId({ id }))).values.yield).toBe("5.9");
  });

  it("publishing queues matchInvestment (new) in the same transaction and sets public_at", async () => {
    const r = await create(validForm());
    expect(r.published).toBe(true);
    const row = await s.db.select().from(investments).where(eq(investments.id, r.id)).get();
    expect(row?.public_at).toBeInstanceOf(Date);
    const jobs = await s.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.job, "matchInvestment"), eq(outbox.job_id, `matchInvestment-new-${r.id}`)))
      .all();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.payload).toEqual({ investmentId: r.id, reason: "new" });
  });

  it("a price cut writes a history row and a matchInvestment (price_down) outbox row; it sets price_down / price_before only when the former price was offered two months (表示規約)", async () => {
    const v = validForm();
    const { id } = await create(v);
    // cut the day it was published: recorded as a 価格変更, no former price may be shown
    const quick = await a.admin.call((c) => c.admin.investments.update({ id, ...v, price: "11000" } as never));
    expect(quick).toMatchObject({ priceCut: true, formerPriceShown: false });
    expect(await s.db.select().from(investments).where(eq(investments.id, id)).get()).toMatchObject({
      price: 11000,
      price_before: null,
      price_down: false,
      price_down_at: null,
      price_before_since: null,
    });
    const jobs = (await s.db.select().from(outbox).where(eq(outbox.job, "matchInvestment")).all()).filter(
      (j) => (j.payload as { investmentId: number }).investmentId === id,
    );
    expect(jobs.map((j) => (j.payload as { reason: string }).reason).sort()).toEqual(["new", "price_down"]);
    // 11,000万円 has been offered since 90 days ago (its change backdated): a cut now qualifies
    const since = new Date(Date.now() - 90 * 86_400_000);
    await s.db.update(investment_price_histories).set({ changed_at: since }).where(eq(investment_price_histories.investment_id, id));
    await s.db
      .update(investments)
      .set({ public_at: new Date(since.getTime() - 86_400_000) })
      .where(eq(investments.id, id));
    const r = await a.admin.call((c) => c.admin.investments.update({ id, ...v, price: "10500" } as never));
    expect(r).toMatchObject({ priceCut: true, formerPriceShown: true });
    const row = await s.db.select().from(investments).where(eq(investments.id, id)).get();
    expect(row).toMatchObject({ price: 10500, price_before: 11000, price_down: true, price_before_since: since });
    expect(row?.price_down_at).toBeInstanceOf(Date);
    const history = await s.db.select().from(investment_price_histories).where(eq(investment_price_histories.investment_id, id)).all();
    expect(history.map((h) => [h.price, h.price_before])).toEqual([
      [11000, 12000],
      [10500, 11000],
    ]);
    // the same price again: no new history; a rise clears the price-down state
    await a.admin.call((c) => c.admin.investments.update({ id, ...v, price: "10500" } as never));
    await a.admin.call((c) => c.admin.investments.update({ id, ...v, price: "11500" } as never));
    const after = await s.db.select().from(investments).where(eq(investments.id, id)).get();
    expect(after).toMatchObject({ price: 11500, price_down: false, price_before: null, price_before_since: null });
    expect(await s.db.select().from(investment_price_histories).where(eq(investment_price_histories.investment_id, id)).all()).toHaveLength(3);
  });

  it("the editor loads what was saved, and the preview shows an unpublished listing", async () => {
    const v = validForm({ public: false });
    const { id } = await create(v);
    const loaded = await a.admin.call((c) => c.admin.investments.byId({ id }));
    expect(loaded.values).toMatchObject({ no: v.no, name: v.name, price: "12000", public: false, city_cd: PLACE.city_cd });
    expect(loaded.values.transports).toHaveLength(2);
    const preview = await a.admin.call((c) => c.admin.investments.preview({ id }));
    expect(preview.locked).toBe(false);
    const visitorView = await errorOf(a.visitor.call((c) => c.public.investments.byId({ id })));
    expect(visitorView.code).toBe("NOT_FOUND");
  });
});

describe("list, bulk actions, duplicate, delete, masters", () => {
  it("the admin list finds unpublished listings by property number and publication state", async () => {
    const v = validForm({ public: false });
    const { id } = await create(v);
    const r = await a.admin.call((c) => c.admin.investments.list({ no: v.no, ps: "private" }));
    expect(r.items.map((i) => i.id)).toEqual([id]);
    expect(r.items[0]!.admin).toMatchObject({ no: v.no, public: false });
  });

  it("bulk publish skips a listing that misses 表示規約 fields and publishes the rest", async () => {
    const ok = await create(validForm({ public: false }));
    const bad = await create(validForm({ public: false, transactions: "" } as never));
    const r = await a.admin.call((c) => c.admin.investments.bulk({ ids: [ok.id, bad.id], action: "publish" }));
    expect(r.updated).toBe(1);
    expect(r.skipped).toEqual([expect.objectContaining({ id: bad.id, reason: "取引態様が未入力です" })]);
    const rows = await s.db.select({ id: investments.id, public: investments.public }).from(investments).all();
    expect(rows.find((x) => x.id === ok.id)?.public).toBe(true);
    expect(rows.find((x) => x.id === bad.id)?.public).toBe(false);
    await a.admin.call((c) => c.admin.investments.bulk({ ids: [ok.id], action: "members_on" }));
    await a.admin.call((c) => c.admin.investments.bulk({ ids: [ok.id], action: "unpublish" }));
    const row = await s.db.select().from(investments).where(eq(investments.id, ok.id)).get();
    expect(row).toMatchObject({ public: false, members: true });
  });

  it("duplicate copies an unpublished listing without a number; remove deletes it", async () => {
    const src = await create(validForm());
    const copy = await a.admin.call((c) => c.admin.investments.duplicate({ id: src.id }));
    const row = await s.db.select().from(investments).where(eq(investments.id, copy.id)).get();
    expect(row).toMatchObject({ no: null, public: false, price_down: false });
    expect(row?.name).toContain("（コピー）");
    expect(await s.db.select().from(investment_transports).where(eq(investment_transports.investment_id, copy.id)).all()).toHaveLength(2);
    await a.admin.call((c) => c.admin.investments.remove({ id: copy.id }));
    expect(await s.db.select().from(investments).where(eq(investments.id, copy.id)).get()).toBeUndefined();
    expect((await errorOf(a.admin.call((c) => c.admin.investments.remove({ id: copy.id })))).code).toBe("NOT_FOUND");
    const bulkDelete = await a.admin.call((c) => c.admin.investments.bulk({ ids: [src.id], action: "delete" }));
    expect(bulkDelete.updated).toBe(1);
  });

  it("masters and stations feed the pickers", async () => {
    const m = await a.admin.call((c) => c.admin.investments.masters());
    expect(m.municipalities.find((x) => x.code === PLACE.city_cd)?.name).toBe("大阪市北区");
    expect(m.lines.find((l) => l.line_cd === 99618)?.name).toBe("大阪メトロ御堂筋線");
    const st = await a.admin.call((c) => c.admin.investments.stations({ line_cd: 99618 }));
    expect(st.map((x) => x.name)).toContain("梅田");
  });

  it("images: unknown image ids are refused", async () => {
    const errors = await fieldErrorsOf(validForm({ images: [{ id: 999999, comment: "" }] } as never));
    expect(errors["images.0"]).toBeDefined();
    expect(await s.db.select().from(investment_images).all()).toHaveLength(0);
  });
});
