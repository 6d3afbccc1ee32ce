import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SimFigures } from "@/components/investment/cash-flow-simulator/figures";
import { InvestmentCard, type HomeCard } from "@/components/investment/investment-card";
import { YieldFootnote } from "@/components/investment/yield-footnote";
import { InvestmentTable } from "@/app/(site)/investments/_list/investment-table";
import { expenseDefaults, simulate } from "@/lib/simulator";
import {
  HAZARD_CAVEAT,
  incomeIncludesVacant,
  SIMULATOR_LABELS,
  SIMULATOR_NOTE,
  VACANT_INCLUDED_LABEL,
  YIELD_TERMS,
  yieldFootnote,
  yieldLabel,
} from "@/lib/yield-wording";
import { describeQuery, parseSearchParams } from "@/schemas/search";
import { renderMail } from "@/server/mail/templates";

/**
 * Issue 28 items 2 and 4: the 利回り wording (label with ※, one footnote that
 * says what the figure is, that it is before 公租公課 and costs and not
 * guaranteed, and 満室想定 with vacant units) written once in
 * src/lib/yield-wording.ts, and every surface printing it from there.
 */
const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&");

const card: HomeCard = {
  locked: false,
  id: 7,
  name: "テストレジデンス",
  type_cd: 1,
  type_other: null,
  pref_cd: 27,
  pref_name: "大阪府",
  city_cd: "271276",
  city_name: "大阪市北区",
  price: 12000,
  yield: 6,
  net_yield: 5.1,
  noi: 1_530_000,
  structure_cd: 2,
  structure_other: null,
  land_size: 200,
  building_size: 500,
  occupied_size: null,
  total_units: 12,
  transactions: 3,
  built: { year: 2001, month: 4 },
  station_time: 5,
  line_name: "御堂筋線",
  station_name: "梅田",
  members: false,
  premium: false,
  price_down: false,
  leasehold: false,
  deal: [],
  image: null,
  public_at: null,
} as HomeCard;

describe("the wording module", () => {
  it("says what each 利回り is, that it is before 公租公課 and costs, and that it is not guaranteed", () => {
    expect(YIELD_TERMS.gross.footnote).toBe(
      "表面利回りは満室想定年収÷価格。公租公課・諸経費を含まない税引前の数値で、将来の収益を保証するものではありません。",
    );
    for (const kind of ["gross", "current", "net"] as const) {
      const t = YIELD_TERMS[kind];
      expect(t.footnote).toContain(t.formula);
      expect(t.footnote).toContain("公租公課");
      expect(t.footnote).toContain("税引前");
      expect(t.footnote).toContain("保証するものではありません");
    }
    expect(YIELD_TERMS.current.formula).toBe("現況の年間賃料収入÷価格");
    expect(SIMULATOR_NOTE).toContain("保証するものではありません");
  });

  it("labels carry the ※ marker; one footnote per page starts with it", () => {
    expect(yieldLabel("gross")).toBe("表面利回り※");
    expect(yieldLabel("net")).toBe("実質利回り（概算）※");
    expect(yieldLabel("gross", false)).toBe("表面利回り");
    expect(yieldFootnote()).toBe(`※${YIELD_TERMS.gross.footnote}`);
    expect(yieldFootnote(["net", "gross"])).toBe(`※${YIELD_TERMS.gross.footnote}${YIELD_TERMS.net.footnote}`);
  });

  it("says 空室を含む満室想定 for 空室あり and 空室 only", () => {
    expect(VACANT_INCLUDED_LABEL).toBe("空室を含む満室想定");
    expect([1, 2, 3, 4, null].map((cd) => incomeIncludesVacant(cd))).toEqual([false, true, true, false, false]);
    expect(yieldFootnote(["gross"], { vacant: "listing" })).toContain("想定年収は空室を含む満室想定です。");
    expect(yieldFootnote(["gross"], { vacant: "list" })).toContain("空室部分の想定賃料を含む満室想定");
  });

  it("holds the hazard caveat (issue 34: reference only, 水防法 maps in 重要事項説明, no safety promise, blank may be unsurveyed)", () => {
    expect(HAZARD_CAVEAT).toBe(
      "ハザード情報は参考情報であり、重要事項説明では、市町村が水防法に基づき作成したハザードマップを用いて説明します。区域外であっても安全を保証するものではありません。地図上の空白は未調査の場合があります。",
    );
  });
});

describe("each surface prints the module's label", () => {
  it("card: 表面利回り※ and 実質利回り（概算）※, no paragraph per card", () => {
    const t = text(renderToStaticMarkup(createElement(InvestmentCard, { card })));
    expect(t).toContain("表面利回り※");
    expect(t).toContain("実質利回り（概算）※");
    expect(t).not.toContain("公租公課");
  });

  it("list footnote: one paragraph with the gross and net sentences and the vacancy sentence", () => {
    const t = text(renderToStaticMarkup(createElement(YieldFootnote, { kinds: ["gross", "net"], vacant: "list" })));
    expect(t).toBe(yieldFootnote(["gross", "net"], { vacant: "list" }));
  });

  it("table view: headers with ※ and the footnote once", () => {
    const html = renderToStaticMarkup(createElement(InvestmentTable, { cards: [card, { ...card, id: 8 } as HomeCard] }));
    const t = text(html);
    expect(t).toContain(yieldLabel("gross"));
    expect(t).toContain(yieldLabel("net"));
    expect(t.split(YIELD_TERMS.gross.footnote)).toHaveLength(2);
  });

  it("simulator figures: its own labels and note", () => {
    const r = simulate({
      listing: { type_cd: 1, price: 12_000 },
      price: 120_000_000,
      grossIncome: 7_200_000,
      loan: 90_000_000,
      interest: 2,
      years: 25,
      vacancy: 5,
      expenses: expenseDefaults(1),
      purchaseCosts: 7,
    });
    const t = text(renderToStaticMarkup(createElement(SimFigures, { r })));
    for (const l of Object.values(SIMULATOR_LABELS)) expect(t).toContain(l);
    expect(t).toContain(SIMULATOR_NOTE);
  });

  it("search chips say 表面利回り", () => {
    expect(describeQuery(parseSearchParams({ ly: "8" }))).toEqual(["表面利回り8%以上"]);
  });

  it("matching mail: 表面利回り※ per item and the footnote once", () => {
    const item = {
      name: "A棟",
      reason: "new" as const,
      price: 5000,
      former: null,
      yield: 7.2,
      netYield: 5.1,
      leasehold: false,
      deal: null,
      access: "",
      filterName: null,
      url: "https://example.com/investments/1",
    };
    const m = renderMail("matching_instant", "a@example.com", {
      name: "甲野",
      items: [item, { ...item, name: "B棟" }],
      more: 0,
      mypageUrl: "https://example.com/mypage",
      settingsUrl: "https://example.com/s",
      unsubscribeUrl: "https://example.com/u/x",
    });
    expect(m.text.split("表面利回り※：")).toHaveLength(3);
    expect(m.text.split("実質利回り（概算）※：5.10%")).toHaveLength(3);
    expect(m.text.split(YIELD_TERMS.net.footnote)).toHaveLength(2);
    expect(m.text.split(YIELD_TERMS.gross.footnote)).toHaveLength(2);
  });

  it("newsletter mail: the footnote follows a body that speaks of 利回り, and only then", () => {
    const mail = (body: string) => renderMail("newsletter", "a@example.com", { subject: "お知らせ", body, unsubscribeUrl: "https://example.com/u/x" }).text;
    expect(mail("今月の新着は表面利回り8%の一棟です。")).toContain(YIELD_TERMS.gross.footnote);
    expect(mail("年末年始の営業のお知らせです。")).not.toContain(YIELD_TERMS.gross.footnote);
  });
});

/**
 * The surfaces that are client components with data hooks (bookmarks, compare,
 * matchings) or need a request (detail, list pages) are held by their source:
 * no file outside the module writes a bare 利回り label before a figure.
 */
describe("no surface writes its own 利回り label", () => {
  const ROOT = path.resolve(import.meta.dirname, "../../../src");
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) => {
      const p = path.join(dir, n);
      return statSync(p).isDirectory() ? files(p) : /\.(tsx?)$/.test(n) ? [p] : [];
    });
  const SURFACES = [
    "components/investment/investment-card.tsx",
    "components/investment/investment-detail/spec-rows.tsx",
    "components/investment/investment-detail/aside.tsx",
    "components/investment/investment-detail/index.tsx",
    "components/investment/cash-flow-simulator/figures.tsx",
    "components/mypage/bookmark-list.tsx",
    "components/mypage/matching-list.tsx",
    "app/(site)/investments/_list/investment-table.tsx",
    "app/(site)/investments/_list/list-page.tsx",
    "app/(site)/page.tsx",
    "components/map/map-search.tsx",
    "server/mail/templates.ts",
  ];

  it("every surface imports the wording module", () => {
    for (const f of SURFACES) expect(readFileSync(path.join(ROOT, f), "utf8"), f).toMatch(/yield-wording|yield-footnote/);
  });

  it("no JSX label or template prints 表面利回り / 実質利回り / 利回り as a literal beside a figure", () => {
    // A label literal: in JSX text (>表面利回り<), a label: "…" property, or `利回り：${…}` / `利回り ${…}`.
    const literal = /(>\s*(表面|実質|現況)?利回り\s*<)|(label:\s*"(表面|実質|現況)?利回り")|(`[^`]*(表面|実質)?利回り[ ：]?\$\{)/;
    const offenders = files(ROOT)
      .filter((f) => !f.endsWith("yield-wording.ts") && !f.includes(`${path.sep}seed${path.sep}`) && !f.includes(`${path.sep}admin`))
      .filter((f) => literal.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});
