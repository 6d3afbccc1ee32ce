import { describe, expect, it } from "vitest";
import {
  applyPriceChange,
  buildKeywords,
  deriveInvestment,
  municipalityName,
  stationTime,
  type DeriveInput,
  type DeriveTransport,
} from "@/server/investments/derive";

// 2026-11-21 noon in Japan
const NOW = new Date("2026-11-21T12:00:00+09:00");

const base: DeriveInput = {
  no: "K-000123",
  name: "ルミエール天王寺",
  type_cd: 1,
  pref_cd: 27,
  city_cd: "271098", // 大阪市天王寺区 (area 3)
  district_cd: "上本町六丁目",
  locality: "3-12",
  structure_cd: 2,
  built: { year: 1995, month: 3 },
  layout: "1K×20戸",
  comments: { main: "駅徒歩5分の一棟マンション。", sub: "現況満室稼働中です。" },
  features: { cert: true, repair: false },
  vacancy: { cd: 1, other: null },
};

const transports: DeriveTransport[] = [
  { line_cd: 11623, line_name: "大阪環状線", station_cd: 1162310, station_name: "天王寺", group_cd: 1162310, distance: 1, station_walk: 7 },
  { line_cd: 99620, line_name: "大阪メトロ谷町線", station_cd: 9962010, station_name: "四天王寺前夕陽ケ丘", group_cd: 9962010, distance: 1, station_walk: 4 },
  {
    line_cd: 11623,
    line_name: "大阪環状線",
    station_cd: 1162311,
    station_name: "桃谷",
    group_cd: 1162311,
    distance: 2,
    station_walk: null,
    bus_name: "上本町六丁目",
  },
];

describe("deriveInvestment", () => {
  const d = deriveInvestment(base, transports, NOW);

  it("area from the municipality code (null outside the six areas)", () => {
    expect(d.area_cd).toBe(3);
    expect(deriveInvestment({ ...base, city_cd: "281069" }, [], NOW).area_cd).toBeNull(); // 神戸市長田区
    expect(deriveInvestment({ ...base, city_cd: "272051" }, [], NOW).area_cd).toBe(2); // 吹田市
  });

  it("built_at is the first of the build month; unknown month → January", () => {
    expect(d.built_at).toBe("1995-03-01");
    expect(deriveInvestment({ ...base, built: { year: 1988, month: null } }, [], NOW).built_at).toBe("1988-01-01");
    expect(deriveInvestment({ ...base, built: null }, [], NOW).built_at).toBeNull();
  });

  it("residual_at is the month the legal useful life ends (法定 − 経過, not the 簡便法 period)", () => {
    // RC 47 years, built 1995-03 → 2042-03 (残存 15 years at 2026-11; the 簡便法 said 21)
    expect(d.residual_at).toBe("2042-03-01");
    // Wood (22 years) built 1990-01: its life ended 2012-01 (残存 0)
    expect(deriveInvestment({ ...base, structure_cd: 5, built: { year: 1990, month: 1 } }, [], NOW).residual_at).toBe("2012-01-01");
    // 軽量鉄骨 with 肉厚 2.3 mm: 19 years, not 27
    expect(deriveInvestment({ ...base, structure_cd: 4, steel_thickness: 2.3, built: { year: 2010, month: 4 } }, [], NOW).residual_at).toBe("2029-04-01");
    // Land has no structure → no residual life
    expect(deriveInvestment({ ...base, type_cd: 5, structure_cd: null, built: null }, [], NOW).residual_at).toBeNull();
  });

  describe("net_yield and sekisan_ratio (src/lib/economics.ts, by hand)", () => {
    // RC 一棟マンション built 2015-11 (残存 47 − 11 = 36 at 2026-11), 1億円, 想定年収 600万円, 土地 200㎡, 延床 500㎡.
    const econ: DeriveInput = {
      ...base,
      built: { year: 2015, month: 11 },
      price: 10_000,
      income: { year: 6_000_000, month: null },
      land_size: 200,
      land_type: 1,
      building_size: 500,
    };
    it("実質利回り: default rates 管理5%+修繕5% of 600万, 固都税0.8%+保険0.1% of 1億 = 150万 → (600−150)/10,000 = 4.5 %", () => {
      expect(deriveInvestment(econ, [], NOW).net_yield).toBe(4.5);
    });
    it("an entered 固都税 42万 replaces the 0.8 % (80万): costs 112万 → 4.88 %", () => {
      expect(deriveInvestment({ ...econ, property_tax: 420_000 }, [], NOW).net_yield).toBe(4.88);
    });
    it("without an income, the rent roll's rents + 共益費 × 12 are the income", () => {
      const roll = [
        { room: "101", rent: 240_000, commonFee: 10_000, status: "occupied" as const },
        { room: "102", rent: 250_000, commonFee: 0, status: "vacant" as const },
      ];
      // 50万/月 × 12 = 600万: the same 4.5 %
      expect(deriveInvestment({ ...econ, income: null, rent_roll: roll }, [], NOW).net_yield).toBe(4.5);
      expect(deriveInvestment({ ...econ, income: null }, [], NOW).net_yield).toBeNull();
    });
    it("積算比: 30万円/㎡ × 200㎡ = 6,000万 + 20万円/㎡ × 500㎡ × 36/47 = 7,659.57万 → 13,659.57万 ÷ 1億 = 136.59 %", () => {
      expect(deriveInvestment({ ...econ, road_price: 300_000 }, [], NOW).sekisan_ratio).toBe(136.59);
      // no 路線価, no 積算
      expect(deriveInvestment(econ, [], NOW).sekisan_ratio).toBeNull();
      // a 再調達単価 override of 25万: 6,000万 + 25万 × 500 × 36/47 = 9,574.46万 → 155.74 %
      expect(deriveInvestment({ ...econ, road_price: 300_000, replacement_cost: 250_000 }, [], NOW).sekisan_ratio).toBe(155.74);
      // 借地 with 借地権割合 60 %: 3,600万 + 7,659.57万 → 112.59 %; without the ratio: none
      const leasehold = { ...econ, road_price: 300_000, land_rights: { type: 2, other: null, fee: 50_000 } };
      expect(deriveInvestment({ ...leasehold, leasehold_ratio: 60 }, [], NOW).sekisan_ratio).toBe(112.59);
      expect(deriveInvestment(leasehold, [], NOW).sekisan_ratio).toBeNull();
    });
  });

  it("station_time is the nearest walk over walking entries only", () => {
    expect(d.station_time).toBe(4);
    expect(stationTime([{ distance: 2, station_walk: 1 }])).toBeNull();
    expect(stationTime([])).toBeNull();
  });

  it("distinct line, station and station-group codes in entry order", () => {
    expect(d.line_cds).toEqual([11623, 99620]);
    expect(d.station_cds).toEqual([1162310, 9962010, 1162311]);
    expect(d.station_group_cds).toEqual([1162310, 9962010, 1162311]);
    // a missing group falls back to the station itself
    expect(deriveInvestment(base, [{ station_cd: 5, line_cd: 1, distance: 1, station_walk: 3 }], NOW).station_group_cds).toEqual([5]);
  });

  it("flags: new earthquake standard, certificate, repair, fully occupied", () => {
    expect(d.new_quake).toBe(true);
    expect(d.has_cert).toBe(true);
    expect(d.has_repair).toBe(false);
    expect(d.is_full).toBe(true);
    const old = deriveInvestment({ ...base, built: { year: 1981, month: 5 }, features: { repair: true }, vacancy: { cd: 2 } }, [], NOW);
    expect(old).toMatchObject({ new_quake: false, has_cert: false, has_repair: true, is_full: false });
    expect(deriveInvestment({ ...base, built: { year: 1981, month: 6 } }, [], NOW).new_quake).toBe(true);
  });

  it("keywords hold name, number, address, lines, stations, type, structure, layout and comments (katakana folded to hiragana)", () => {
    for (const part of [
      "るみえーる天王寺",
      "K-000123",
      "大阪府",
      "大阪市天王寺区",
      "上本町六丁目",
      "大阪市中心部",
      "大阪環状線",
      "天王寺駅",
      "四天王寺前夕陽け丘駅",
      "一棟まんしょん",
      "RC造",
      "1K×20戸",
      "駅徒歩5分の一棟まんしょん。",
      "現況満室稼働中です。",
    ]) {
      expect(d.keywords).toContain(part);
    }
    // each line name once
    expect(d.keywords.split("大阪環状線").length).toBe(2);
  });

  it("keywords never hold the 番地 (locality) the detail page hides", () => {
    expect(base.locality).toBe("3-12");
    expect(d.keywords).not.toContain("3-12");
    const k = buildKeywords({ ...base, locality: "24番1号" }, transports);
    expect(k).not.toContain("24番1号");
    expect(k).not.toContain("24番");
  });

  it("keywords hold the labels the detail page shows for its conditions: 現況, feature badges, 取引態様, land", () => {
    const k = buildKeywords(
      {
        ...base,
        vacancy: { cd: 1, other: null },
        features: { cert: true, repair: true },
        built: { year: 1990, month: 4 },
        transactions: 3,
        land_rights: { type: 1, other: null, fee: null },
        land_cat: { cd: 1, other: null },
        land_plan: { cd: 1, other: null },
        land_use_1: "第一種住居地域",
        land_use_2: "商業地域",
      },
      [],
    );
    for (const label of ["満室", "検査済証あり", "大規模修繕済", "新耐震基準", "専任媒介", "所有権", "宅地", "市街化区域", "第一種住居地域", "商業地域"]) {
      expect(k).toContain(label);
    }
    const empty = buildKeywords(
      { ...base, comments: null, vacancy: { cd: 2, other: null }, features: { cert: false, repair: false }, built: { year: 1975, month: 1 } },
      [],
    );
    expect(empty).toContain("空室あり");
    for (const label of ["満室", "検査済証あり", "大規模修繕済", "新耐震基準"]) expect(empty).not.toContain(label);
    // その他: the typed text, as the page shows it
    expect(buildKeywords({ ...base, vacancy: { cd: 4, other: "一部空室（3月退去予定）" } }, [])).toContain("一部空室(3月退去予定)");
  });

  it("keywords hold the readings of stations, municipality and prefecture (hiragana)", () => {
    const k = buildKeywords(base, [
      { line_cd: 11623, line_name: "大阪環状線", station_cd: 1162301, station_name: "天王寺", group_cd: 1160719, distance: 1, station_walk: 7 },
      { line_cd: 11623, line_name: "大阪環状線", station_cd: 1162318, station_name: "桃谷", group_cd: 1162318, distance: 1, station_walk: 9 },
    ]);
    for (const reading of ["てんのうじ", "ももだに", "おおさかしてんのうじく", "おおさかふ"]) expect(k).toContain(reading);
  });

  it("keywords are NFKC-normalised and use type_other for その他", () => {
    const k = buildKeywords({ ...base, name: "ＡＢＣハイツ１０１", type_cd: 99, type_other: "店舗付住宅", structure_cd: null }, []);
    expect(k).toContain("ABCはいつ101");
    expect(k).toContain("店舗付住宅");
  });
});

describe("municipalityName", () => {
  it("reads the shipped master", () => {
    expect(municipalityName("271276")).toBe("大阪市北区");
    expect(municipalityName("999999")).toBeNull();
    expect(municipalityName(null)).toBeNull();
  });
});

describe("applyPriceChange", () => {
  const at = new Date("2026-11-01T10:00:00+09:00");
  // Published on 8/1: the first price was offered three months before a cut on 11/1.
  const ctx = { history: [], publicAt: new Date("2026-08-01T10:00:00+09:00") };

  it("a cut whose former price was offered two months or more sets price_down with the old price, its 公表日 and the 値下げ日", () => {
    const r = applyPriceChange({ price: 5000 }, 4800, at, ctx);
    expect(r).toEqual({
      price: 4800,
      price_down: true,
      price_before: 5000,
      price_down_at: at,
      price_before_since: ctx.publicAt,
      cut: true,
      history: { price: 4800, price_before: 5000, changed_at: at },
    });
  });

  it("a cut of a price offered less than two months is recorded but shows no former price (表示規約)", () => {
    const r = applyPriceChange({ price: 5000 }, 4800, at, { history: [], publicAt: new Date("2026-09-24T10:00:00+09:00") });
    expect(r).toEqual({
      price: 4800,
      price_down: false,
      price_before: null,
      price_down_at: null,
      price_before_since: null,
      cut: true,
      history: { price: 4800, price_before: 5000, changed_at: at },
    });
  });

  it("a second cut a day later: its former price was offered one day, so nothing is shown", () => {
    const first = applyPriceChange({ price: 5000 }, 4800, at, ctx);
    const later = new Date(at.getTime() + 86_400_000);
    const second = applyPriceChange(first, 4500, later, { ...ctx, history: [first.history!] });
    expect(second).toMatchObject({ price: 4500, price_down: false, price_before: null, price_down_at: null, cut: true });
    expect(second.history).toEqual({ price: 4500, price_before: 4800, changed_at: later });
  });

  it("a rise clears price_down and the former price", () => {
    const cut = applyPriceChange({ price: 5000 }, 4800, at, ctx);
    const r = applyPriceChange(cut, 4900, at, { ...ctx, history: [cut.history!] });
    expect(r).toMatchObject({ price: 4900, price_down: false, price_before: null, price_down_at: null, price_before_since: null, cut: false });
    expect(r.history).toEqual({ price: 4900, price_before: 4800, changed_at: at });
  });

  it("an unchanged price keeps the state and writes no history", () => {
    const cut = applyPriceChange({ price: 5000 }, 4800, at, ctx);
    const r = applyPriceChange(cut, 4800, new Date(), { ...ctx, history: [cut.history!] });
    expect(r).toEqual({ ...cut, cut: false, history: null });
  });

  it("a new listing starts without a cut or history", () => {
    expect(applyPriceChange(null, 3000, at, ctx)).toEqual({
      price: 3000,
      price_down: false,
      price_before: null,
      price_down_at: null,
      price_before_since: null,
      cut: false,
      history: null,
    });
  });
});
