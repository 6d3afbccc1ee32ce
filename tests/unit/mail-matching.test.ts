import { describe, expect, it } from "vitest";
import { cashFlow, listingEconomics, type EconomicsInput, type SimilarCandidate } from "@/lib/economics";
import { renderMail, type MatchingMailItem } from "@/server/mail/templates";
import { itemFigures } from "@/server/search/matching/notify";

/**
 * Issue 33 item 2 and the price-cut line of item 3 at the mail builder: the figure lines of a matching
 * mail (表面・実質利回り against the similar-listings median, 積算比, the former price's figures and the
 * member's 月間CF change) and where they come from (itemFigures: the economics model, nothing else).
 */
const FORMER = { formerPrice: 12_000, formerSince: "2026-06-01", formerUntil: "2026-11-25", cutAt: "2026-11-26" };
const base = {
  name: "梅田レジデンス",
  leasehold: false,
  deal: null,
  access: "御堂筋線「梅田」駅 徒歩5分",
  filterName: "条件1",
  url: "https://example.com/investments/1",
};
const mailOf = (items: MatchingMailItem[]) => {
  const m = renderMail("matching_instant", "a@example.com", {
    name: "甲野",
    items,
    more: 0,
    mypageUrl: "https://example.com/mypage",
    settingsUrl: "https://example.com/s",
    unsubscribeUrl: "https://example.com/u/x",
  });
  return { text: m.text, html: m.html ?? "" };
};
const htmlLine = (line: string) => line.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const cut: MatchingMailItem = {
  ...base,
  reason: "price_down",
  price: 9_000,
  former: FORMER,
  yield: 8,
  netYield: 6.3,
  sekisanRatio: 90.36,
  medians: { yield: 7, netYield: 5.4 },
  before: { yield: 6, netYield: 4.5, sekisanRatio: 67.77 },
  cashFlow: { before: 50_811, after: 173_108 },
};

describe("matching mail figures", () => {
  it("a 値下げ: both yields with the former price's figure, the median and the difference; 積算比; the 月間CF change — text and HTML alike", () => {
    const m = mailOf([cut]);
    const lines = [
      "■【値下げ】梅田レジデンス",
      "表面利回り※：6.00% → 8.00%（類似物件の中央値 7.00%より +1.00pt）",
      "実質利回り（概算）※：4.50% → 6.30%（類似物件の中央値 5.40%より +0.90pt）",
      "積算比：67% → 90%",
      "値下げで月間CF +12.2万円（+5.1万円 → +17.3万円・ご登録の融資条件）",
    ];
    expect(m.text).toContain(
      lines
        .join("\n")
        .replace(
          "■【値下げ】梅田レジデンス\n",
          "■【値下げ】梅田レジデンス\n価格：9,000万円\n値下げ前価格 1億2,000万円（2026年6月1日〜2026年11月25日）／2026年11月26日 価格変更\n",
        ),
    );
    for (const line of lines) expect(m.html).toContain(htmlLine(line));
    // what the medians, 積算比 and 月間CF are: once, under the items
    for (const note of ["類似物件の中央値：同じ種別・同じ市区町村・同じ築年帯", "積算比：路線価と再調達単価", "月間CF：マイページにご登録の融資条件"]) {
      expect(m.text.split(note)).toHaveLength(2);
      expect(m.html.split(note)).toHaveLength(2);
    }
  });

  it("a falling 月間CF, a yield under its median and a figure at the median read with their signs", () => {
    const m = mailOf([{ ...cut, netYield: 5.1, medians: { yield: 8, netYield: 5.4 }, cashFlow: { before: -8_000, after: -20_000 } }]);
    expect(m.text).toContain("表面利回り※：6.00% → 8.00%（類似物件の中央値 8.00%より ±0.00pt）");
    expect(m.text).toContain("実質利回り（概算）※：4.50% → 5.10%（類似物件の中央値 5.40%より −0.30pt）");
    expect(m.text).toContain("値下げで月間CF −1.2万円（−0.8万円 → −2.0万円・ご登録の融資条件）");
  });

  it("missing inputs show —, never a guess", () => {
    const m = mailOf([
      {
        ...cut,
        netYield: null,
        sekisanRatio: null,
        medians: { yield: null, netYield: 5.4 },
        before: { yield: null, netYield: null, sekisanRatio: null },
        cashFlow: { before: null, after: 173_108 },
      },
    ]);
    expect(m.text).toContain("表面利回り※：— → 8.00%（類似物件の中央値 —）");
    expect(m.text).toContain("実質利回り（概算）※：— → —（類似物件の中央値 5.40%）");
    expect(m.text).toContain("積算比：— → —");
    expect(m.text).toContain("値下げで月間CF —（ご登録の融資条件）");
    expect(m.text).not.toContain("NaN");
    expect(m.text).not.toContain("null");
  });

  it("a 価格変更 (no former price may be shown): today's figures only — no arrow, no former figure, no 値下げ claim", () => {
    const m = mailOf([{ ...cut, former: null }]);
    expect(m.text).toContain("■【価格変更】梅田レジデンス");
    expect(m.text).toContain("実質利回り（概算）※：6.30%（類似物件の中央値 5.40%より +0.90pt）");
    expect(m.text).toContain("積算比：90%");
    for (const absent of ["→", "値下げ", "4.50%", "67%", "月間CF"]) expect(m.text).not.toContain(absent);
  });

  it("a member without loan terms gets no 月間CF line; a new listing has no arrows", () => {
    const m = mailOf([
      { ...cut, cashFlow: null },
      { ...base, reason: "new", price: 5_000, former: null, yield: 7.2, netYield: 5.1, sekisanRatio: 101.9 },
    ]);
    expect(m.text).not.toContain("月間CF");
    expect(m.text).toContain("■【新着】梅田レジデンス\n価格：5,000万円\n表面利回り※：7.20%\n実質利回り（概算）※：5.10%\n積算比：101%");
  });

  it("a mail queued before issue 33 (no 積算比, medians or former figures in its data) renders as it did", () => {
    const m = mailOf([{ ...base, reason: "new", price: 5_000, former: null, yield: 7.2, netYield: 5.1 }]);
    expect(m.text).toContain("表面利回り※：7.20%\n実質利回り（概算）※：5.10%\n交通：");
    for (const absent of ["積算比", "中央値", "月間CF"]) expect(m.text).not.toContain(absent);
  });
});

describe("itemFigures: every figure from the economics model", () => {
  const now = new Date("2026-11-27T03:00:00Z");
  // RC 築10年, 延床400㎡, 土地200.5㎡, 路線価10万円/㎡, 想定月収60万円 (the integration test's listing)
  const input: EconomicsInput = {
    type_cd: 1,
    price: 12_000,
    income: { month: 600_000, year: null },
    structure_cd: 2,
    built: { year: 2016, month: 4 },
    land_size: 200.5,
    land_type: 1,
    building_size: 400,
    road_price: 100_000,
    road_price_year: 2026,
  };
  const row = { id: 1, city_cd: "271276", area_cd: 3, input };
  const peer = (id: number, grossYield: number, netYield: number): SimilarCandidate => ({
    id,
    type_cd: 1,
    city_cd: "271276",
    area_cd: 3,
    age: 10,
    grossYield,
    netYield,
    pricePerSqm: 30,
  });
  const peers = [peer(2, 6, 4.5), peer(3, 7, 5.4), peer(4, 8, 6.3)];
  const terms = { downPaymentPct: 10, interestPct: 2, years: 30, purchaseCostPct: 7 };

  it("at the recorded price, the former price's figures and the 月間CF at both prices under the member's terms", () => {
    const f = itemFigures(row, 9_000, FORMER, terms, peers, now);
    const after = listingEconomics({ ...input, price: 9_000 }, { now });
    const prior = listingEconomics({ ...input, price: 12_000 }, { now });
    expect(f).toEqual({
      yield: after.grossYield,
      netYield: after.netYield,
      sekisanRatio: after.sekisanRatio,
      leasehold: false,
      medians: { yield: 7, netYield: 5.4 },
      before: { yield: prior.grossYield, netYield: prior.netYield, sekisanRatio: prior.sekisanRatio },
      cashFlow: {
        before: Math.round(cashFlow({ ...input, price: 12_000 }, terms)!.monthlyCashFlow),
        after: Math.round(cashFlow({ ...input, price: 9_000 }, terms)!.monthlyCashFlow),
      },
    });
    // the hand-computed figures (see the integration test): 6.00 → 8.00 %, 4.50 → 6.30 %, 月間CF 50,811 → 173,108 円
    expect(f).toMatchObject({ yield: 8, netYield: 6.3, before: { yield: 6, netYield: 4.5 }, cashFlow: { before: 50_811, after: 173_108 } });
  });

  it("no former price shown: no former figures and no CF change; no terms: no CF; under MEDIAN_MIN_N similar listings: no median", () => {
    expect(itemFigures(row, 9_000, null, terms, peers, now)).toMatchObject({ before: null, cashFlow: null });
    expect(itemFigures(row, 9_000, FORMER, null, peers, now)).toMatchObject({ before: { netYield: 4.5 }, cashFlow: null });
    expect(itemFigures(row, 9_000, FORMER, terms, peers.slice(0, 2), now).medians).toEqual({ yield: null, netYield: null });
  });

  it("an income known only as price × the typed 表面利回り has no figure at the former price (not the same yield twice)", () => {
    const typed = { ...row, input: { ...input, income: null, yield: 8 } };
    const f = itemFigures(typed, 9_000, FORMER, terms, peers, now);
    expect(f.yield).toBe(8);
    expect(f.before).toEqual({ yield: null, netYield: null, sekisanRatio: listingEconomics({ ...typed.input, price: 12_000 }, { now }).sekisanRatio });
    expect(f.cashFlow).toEqual({ before: null, after: Math.round(cashFlow({ ...typed.input, price: 9_000 }, terms)!.monthlyCashFlow) });
  });
});
