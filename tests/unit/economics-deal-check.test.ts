import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ageBand,
  dealCheck,
  listingEconomics,
  medianOf,
  similarMedians,
  DEAL_THRESHOLDS,
  type EconomicsInput,
  type SimilarCandidate,
  type SimilarSubject,
  type SimilarMedians,
} from "@/lib/economics";

const NOW = new Date("2026-11-21T12:00:00+09:00");

/** 一棟マンション RC 2015-11 (残存 36), 9,000万, 年630万 (表面 7.00, 実質 5.40), 400㎡ (22.5万円/㎡), 積算比 108.08. */
const RC: EconomicsInput = {
  type_cd: 1,
  price: 9_000,
  income: { year: 6_300_000 },
  structure_cd: 2,
  built: { year: 2015, month: 11 },
  land_size: 120,
  land_type: 1,
  building_size: 400,
  road_price: 300_000,
  vacancy_cd: 1,
};

const medians = (m: Partial<SimilarMedians>): SimilarMedians => ({
  yieldMedian: null,
  netYieldMedian: null,
  pricePerM2Median: null,
  n: 10,
  scope: "city",
  scopeLabel: "同じ市区町村・同じ種別・築11〜20年",
  ...m,
});

const byKey = (rows: ReturnType<typeof dealCheck>) => Object.fromEntries(rows.map((r) => [r.key, r]));

describe("dealCheck", () => {
  it("judges each row against the stated thresholds, with the figure and its basis", () => {
    // 表面 7.00 vs 6.20: +0.80 pt ≥ 0.5 → good; 実質 5.40 vs 5.20: +0.20 → fair
    // ㎡単価 22.5 vs 20.0: +12.5 % ≥ 10 % → poor; 積算比 108.08 ≥ 100 → good
    // 残存 36 ≥ 20 → good; no 地代・管理費: drag 0 % → good; 満室 (現況 = 満室): 空室率 0 → good
    const rows = byKey(dealCheck(listingEconomics(RC, { now: NOW }), medians({ yieldMedian: 6.2, netYieldMedian: 5.2, pricePerM2Median: 20 })));
    expect(rows.gross_yield).toMatchObject({ level: "good", figure: "7.00%（中央値 6.20%）" });
    expect(rows.gross_yield!.basis).toContain("n=10");
    expect(rows.net_yield!.level).toBe("fair");
    expect(rows.price_per_sqm).toMatchObject({ level: "poor", figure: "22.5万円/㎡（中央値 20.0万円/㎡）" });
    expect(rows.sekisan_ratio).toMatchObject({ level: "good", figure: "108.08%" });
    expect(rows.loan_term).toMatchObject({ level: "good", figure: "残存耐用年数36年" });
    expect(rows.fixed_costs).toMatchObject({ level: "good", figure: "満室想定年収の0.00%" });
    expect(rows.vacancy).toMatchObject({ level: "good", figure: "空室率 0.00%" });
    expect(rows.leasehold).toBeUndefined();
    expect(rows.rebuild).toBeUndefined();
  });

  it("a loan term beyond 残存耐用年数 is red", () => {
    const e = listingEconomics(RC, { now: NOW });
    expect(byKey(dealCheck(e, null, { loanYears: 40 })).loan_term!.level).toBe("poor");
    expect(byKey(dealCheck(e, null, { loanYears: 30 })).loan_term!.level).toBe("good");
  });

  it("/investments/320-like: 借地 flagged, 地代 drag red, lives run out, flags where stored", () => {
    // 地代 1,560,000 ÷ 満室 1,308,000 = 119.26 % > 30 % → poor; 木造 1990: 残存 0 → poor
    const l: EconomicsInput = {
      type_cd: 4,
      price: 1_100,
      income: { month: 109_000 },
      structure_cd: 5,
      built: { year: 1990 },
      land_rights: { type: 2, fee: 130_000 },
      rebuild_not_allowed: true,
      nonconforming: false,
    };
    const rows = byKey(dealCheck(listingEconomics(l, { now: NOW }), medians({ yieldMedian: 9, netYieldMedian: 5 })));
    expect(rows.fixed_costs).toMatchObject({ level: "poor", figure: "満室想定年収の119.26%" });
    expect(rows.net_yield).toMatchObject({ level: "poor", figure: "-4.58%（中央値 5.00%）" });
    expect(rows.loan_term).toMatchObject({ level: "poor", figure: "残存耐用年数0年" });
    expect(rows.leasehold!.level).toBe("fair");
    expect(rows.rebuild).toMatchObject({ level: "poor", figure: "再建築不可" });
    expect(rows.nonconforming).toMatchObject({ level: "good" });
    expect(rows.sekisan_ratio).toMatchObject({ level: "unknown", figure: "—" }); // no 路線価
    expect(rows.vacancy!.level).toBe("unknown"); // no rent roll, 現況 not 満室
  });

  it("too few similar listings: the median rows are 'unknown' but keep the figure", () => {
    const rows = byKey(dealCheck(listingEconomics(RC, { now: NOW }), medians({ yieldMedian: 6, n: 2 })));
    expect(rows.gross_yield).toMatchObject({ level: "unknown", figure: "7.00%" });
    expect(rows.gross_yield!.basis).toContain("n=2");
    expect(byKey(dealCheck(listingEconomics(RC, { now: NOW }), null)).price_per_sqm!.level).toBe("unknown");
  });

  it("hazard flags (issue 34) make a red row only inside a zone; outside or unknown says nothing (never 'safe')", () => {
    const inside = byKey(dealCheck(listingEconomics({ ...RC, hazard_out: true }, { now: NOW }), null));
    expect(inside.hazard).toMatchObject({ level: "poor", label: "ハザード" });
    expect(inside.hazard!.basis).toContain("参考");
    for (const h of [false, null, undefined]) expect(byKey(dealCheck(listingEconomics({ ...RC, hazard_out: h }, { now: NOW }), null)).hazard).toBeUndefined();
  });

  it("thresholds are the documented constants", () => {
    expect(DEAL_THRESHOLDS).toMatchObject({ yieldPt: 0.5, pricePct: 10, sekisanGood: 100, sekisanPoor: 70, remainingGood: 20, remainingPoor: 10 });
  });
});

describe("similarMedians", () => {
  const cand = (id: number, over: Partial<SimilarCandidate>): SimilarCandidate => ({
    id,
    type_cd: 1,
    city_cd: "271276",
    area_cd: 1,
    age: 12,
    grossYield: 6,
    netYield: 4.5,
    pricePerSqm: 30,
    ...over,
  });
  const subject = { id: 1, type_cd: 1, city_cd: "271276", area_cd: 1, age: 11 };

  it("same type, city and 築年帯; the subject itself excluded", () => {
    const cands = [
      cand(1, { grossYield: 99 }), // the subject
      ...[6, 7, 8, 9, 10].map((y, i) => cand(10 + i, { grossYield: y })),
      cand(20, { type_cd: 2, grossYield: 1 }), // other type
      cand(21, { age: 25, grossYield: 1 }), // other age band
    ];
    const m = similarMedians(subject, cands);
    expect(m).toMatchObject({ scope: "city", n: 5, yieldMedian: 8 });
    expect(m.scopeLabel).toBe("同じ市区町村・同じ種別・築11〜20年");
  });

  it("widened to the area when the city has fewer than 5", () => {
    // city: 2 listings; area: those 2 + 4 others = 6 → yields 5,6,7,8,9,10 → median 7.5
    const cands = [
      cand(10, { grossYield: 5 }),
      cand(11, { grossYield: 6 }),
      ...[7, 8, 9, 10].map((y, i) => cand(20 + i, { city_cd: "271004", grossYield: y })),
    ];
    expect(similarMedians(subject, cands)).toMatchObject({ scope: "area", n: 6, yieldMedian: 7.5, pricePerM2Median: 30 });
  });

  it("equals the definition (filter the peers by id, take each figure's median) on random candidate lists", () => {
    // The index keeps each set's figures sorted and takes the subject out by position; this is the rule written plainly.
    const reference = (s: SimilarSubject, cs: SimilarCandidate[]) => {
      const band = ageBand(s.age);
      const peers = cs.filter((c) => c.id !== s.id && c.type_cd === s.type_cd && (band === null || ageBand(c.age) === band));
      let scope = "city";
      let set = s.city_cd ? peers.filter((c) => c.city_cd === s.city_cd) : [];
      if (set.length < 5 && s.area_cd !== null) {
        scope = "area";
        set = peers.filter((c) => c.area_cd === s.area_cd);
      }
      return {
        yieldMedian: medianOf(set.map((c) => c.grossYield)),
        netYieldMedian: medianOf(set.map((c) => c.netYield)),
        pricePerM2Median: medianOf(set.map((c) => c.pricePerSqm)),
        n: set.length,
        scope,
      };
    };
    const figure = fc.option(
      fc.integer({ min: 0, max: 40 }).map((v) => v / 4),
      { nil: null },
    );
    const place = {
      city_cd: fc.option(fc.constantFrom("271276", "271004", "281000"), { nil: null }),
      area_cd: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    };
    const shape = { type_cd: fc.integer({ min: 1, max: 2 }), age: fc.option(fc.integer({ min: 0, max: 45 }), { nil: null }), ...place };
    const candidate = fc.record({ ...shape, grossYield: figure, netYield: figure, pricePerSqm: figure });
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 60 }), fc.record(shape), fc.integer({ min: 0, max: 70 }), (raw, s, id) => {
        const cs = raw.map((c, i) => ({ ...c, id: i }));
        const subj = { ...s, id };
        expect(similarMedians(subj, cs)).toMatchObject(reference(subj, cs));
      }),
      { numRuns: 400 },
    );
  });

  it("age bands and the median rule", () => {
    expect([ageBand(0), ageBand(10), ageBand(11), ageBand(20), ageBand(21), ageBand(31), ageBand(null)]).toEqual([0, 0, 1, 1, 2, 3, null]);
    expect(medianOf([3, 1, 2])).toBe(2);
    expect(medianOf([4, 1, 3, 2])).toBe(2.5);
    expect(medianOf([null, Number.NaN])).toBeNull();
  });
});
