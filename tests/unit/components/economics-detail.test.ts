import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EconomicsFiguresList } from "@/components/investment/investment-detail/economics";
import { DealLine } from "@/components/investment/deal-check";
import { listingEconomicsDto } from "@/server/listings";

/** 2026-11-21 noon in Japan. */
const NOW = new Date("2026-11-21T12:00:00+09:00");
const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("the detail's numbers (issue 35)", () => {
  it("an RC built 11 years ago: 残存耐用年数 36年 and, labelled apart, 減価償却期間（簡便法）38年", () => {
    // built 2015-11: 132 months = 11 years; 47 − 11 = 36; 簡便法 (47 − 11) + 11 × 0.2 = 38.2 → 38
    const { dto } = listingEconomicsDto(
      { type_cd: 1, price: 20_000, income: { year: 14_000_000 }, structure_cd: 2, built: { year: 2015, month: 11 } },
      null,
      "visitor",
      NOW,
    );
    expect(dto.figures.remaining_life).toBe(36);
    expect(dto.figures.simplified_life).toBe(38);
    const html = renderToStaticMarkup(createElement(EconomicsFiguresList, { economics: dto }));
    expect(html).toContain('data-slot="econ-remaining-life">36年<');
    expect(html).toContain('data-slot="econ-simplified-life">38年<');
    expect(text(html)).toContain("減価償却期間（簡便法）");
    // no 路線価: no 積算, no misleading figure
    expect(text(html)).toContain("積算価格—（路線価の記載なし）");
    // 実質利回り with its formula beside it: (14,000,000 − 700,000 − 700,000 − 1,600,000 − 200,000) ÷ 200,000,000 = 5.40 %
    expect(text(html)).toContain("実質利回り（概算）※5.40%= （満室想定年収−運営経費）÷価格");
  });

  it("the card's deal line is a few hundred bytes of server HTML", () => {
    const html = renderToStaticMarkup(
      createElement(DealLine, {
        chips: [
          { key: "gross_yield", level: "good", text: "表面+0.82pt" },
          { key: "net_yield", level: "fair", text: "実質−0.31pt" },
          { key: "price_per_sqm", level: "poor", text: "㎡単価+15%" },
          { key: "sekisan_ratio", level: "fair", text: "積算比85%" },
          { key: "loan_term", level: "good", text: "残存36年" },
        ],
      }),
    );
    expect(Buffer.byteLength(html)).toBeLessThan(1536);
    expect(text(html)).toBe("参考●表面+0.82pt▲実質−0.31pt■㎡単価+15%▲積算比85%●残存36年");
  });
});
