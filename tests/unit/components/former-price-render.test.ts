import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InvestmentCard, type InvestmentCardData } from "@/components/investment/investment-card";
import { PriceHistory } from "@/components/investment/price-history";
import { matchingReasonText, savedPriceText } from "@/components/mypage/format";

/** What the public markup says about former prices (表示規約 第20条 / 施行規則 (過去の販売価格を比較対照価格とする二重価格表示)). */
const former = { formerPrice: 6280, formerSince: "2026-05-01", formerUntil: "2026-09-30", cutAt: "2026-10-01" };
const changedAt = new Date("2026-10-01T10:00:00+09:00");

describe("価格改定履歴 (public)", () => {
  it("lists the dates of changes without amounts when no former price may be shown", () => {
    const html = renderToStaticMarkup(createElement(PriceHistory, { history: [{ changed_at: changedAt }], former: null }));
    expect(html).toContain("2026年10月1日 価格変更");
    expect(html).not.toContain("万円");
    expect(html).not.toContain("<svg");
  });

  it("shows the allowed former price with its 公表日, last day and the 値下げ日", () => {
    const html = renderToStaticMarkup(createElement(PriceHistory, { history: [{ changed_at: changedAt }], former }));
    expect(html).toContain("値下げ前価格 6,280万円（2026年5月1日〜2026年9月30日）／2026年10月1日 価格変更");
  });
});

describe("the card's 値下げ badge", () => {
  const card: InvestmentCardData = {
    locked: false,
    id: 69,
    name: "テストレジデンス",
    type_cd: 1,
    type_other: null,
    pref_cd: 27,
    pref_name: "大阪府",
    city_cd: "271276",
    city_name: "大阪市北区",
    price: 26_800,
    yield: 7.5,
    net_yield: null,
    noi: null,
    leasehold: false,
    deal: [],
    structure_cd: 2,
    structure_other: null,
    land_size: null,
    building_size: null,
    occupied_size: null,
    total_units: null,
    transactions: 3,
    built: null,
    station_time: 5,
    line_name: null,
    station_name: null,
    members: false,
    premium: false,
    price_down: false,
    image: null,
    public_at: null,
  };
  it("appears only when the card says the rule allows it", () => {
    expect(renderToStaticMarkup(createElement(InvestmentCard, { card }))).not.toContain("値下げ");
    expect(renderToStaticMarkup(createElement(InvestmentCard, { card: { ...card, price_down: true } }))).toContain("値下げ");
  });
});

describe("My Page wording", () => {
  it("a matching shows a former price only with its dates; otherwise a 価格変更 without amount or arrow", () => {
    expect(matchingReasonText({ reason: "price_down", price: 5980, former_price: former })).toBe(
      "値下げ 5,980万円（値下げ前価格 6,280万円（2026年5月1日〜2026年9月30日）／2026年10月1日 価格変更）",
    );
    const plain = matchingReasonText({ reason: "price_down", price: 26_800, former_price: null });
    expect(plain).toBe("価格変更 2億6,800万円");
    expect(matchingReasonText({ reason: "new", price: 5980, former_price: null })).toBe("新着");
  });

  it("a bookmark keeps the member's own record, worded as theirs", () => {
    expect(savedPriceText(28_800, 26_800)).toBe("保存時の価格 2億8,800万円（現在 2億6,800万円）");
    expect(savedPriceText(6_000, 6_000)).toBe("");
  });
});
