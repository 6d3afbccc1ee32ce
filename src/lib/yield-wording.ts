/**
 * The one place the site's 利回り wording (labels, formulas, footnotes) and the
 * hazard caveat are written (issue 28 items 2 and 4, 表示規約 as amended in
 * 2022). Isomorphic: pages, client components and mail templates import it, so
 * a wording change is made here once and every surface follows.
 *
 * Sources (clause numbers as the issue and the 協議会's guidance give them; the
 * business checks them before launch, see README "表示規約 compliance"):
 *  - 不動産の表示に関する公正競争規約 (表示規約) 第16条 and its 施行規則 第12条
 *    (収益物件の利回りの表示): a 利回り is the ratio of one year's expected rent
 *    to the price, said so beside it; the rent is not guaranteed; it is before
 *    公租公課 and the costs of keeping the property.
 *  - 不動産公正取引協議会連合会 guidance on 利回り表示: when the expected rent
 *    counts vacant units (満室想定), say so, so it is not read as rent received today.
 *  - 宅地建物取引業法施行規則 第16条の4の3 第3号の2 (2020): 重要事項説明 uses the
 *    municipality's 水防法 hazard map (the hazard caveat below).
 */

/** The footnote marker a label carries; the page prints the footnote once. */
export const YIELD_MARK = "※";

export type YieldKind = "gross" | "current" | "net";

/**
 * The bare labels, apart from the footnotes: a client component that prints a
 * label (最近見た物件, bookmarks) ships these few bytes, not every sentence.
 */
export const YIELD_LABELS: Record<YieldKind, string> = { gross: "表面利回り", current: "現況利回り", net: "実質利回り（概算）" };

/** The formula printed next to 実質利回り (src/lib/economics.ts netYield). */
export const NET_YIELD_FORMULA = "（満室想定年収−運営経費）÷価格";
/** 実質利回り's footnote: what the costs are, before income tax, not guaranteed. */
export const NET_YIELD_NOTE = `${YIELD_LABELS.net}は${NET_YIELD_FORMULA}。運営経費（地代・管理費・修繕積立金・管理委託費・修繕費・固定資産税等の公租公課・保険料）は掲載の額と、掲載のない費目の既定率による概算で、所得税等を含まない税引前の参考値です。将来の収益を保証するものではありません。`;

/** Said with every 利回り: before 公租公課 and costs, not guaranteed. */
const BEFORE_COSTS = "公租公課・諸経費を含まない税引前の数値で、将来の収益を保証するものではありません。";

export interface YieldTerm {
  /** The label printed beside the figure. */
  label: string;
  /** The formula, in words (施行規則 第12条: say what the ratio is). */
  formula: string;
  /** One sentence: what it is, that it is before costs, that it is not guaranteed. */
  footnote: string;
}

export const YIELD_TERMS: Record<YieldKind, YieldTerm> = {
  // 表面利回り = 満室想定年収 ÷ 価格 (src/lib/yield.ts grossIncomeYield, truncated to 2 decimals)
  gross: {
    label: YIELD_LABELS.gross,
    formula: "満室想定年収÷価格",
    footnote: `表面利回りは満室想定年収÷価格。${BEFORE_COSTS}`,
  },
  // 現況利回り = 現況の年間賃料収入 ÷ 価格: only where the rent received today is known.
  // The listing data holds one income (想定年収), so no page prints it yet.
  current: {
    label: YIELD_LABELS.current,
    formula: "現況の年間賃料収入÷価格",
    footnote: `現況利回りは現況の年間賃料収入÷価格。${BEFORE_COSTS}`,
  },
  // 実質利回り（概算） = NOI ÷ 価格 = (満室想定年収 − 運営経費) ÷ 価格 (src/lib/economics.ts netYield, the site's one definition).
  // Unlike 表面利回り it does include costs (some at default rates), so BEFORE_COSTS would be wrong here; it stays
  // before income tax and not guaranteed.
  net: {
    label: YIELD_LABELS.net,
    formula: NET_YIELD_FORMULA,
    footnote: NET_YIELD_NOTE,
  },
};

/**
 * The simulator's labels. Its 実質利回り is the summary's (NOI ÷ 価格, src/lib/economics.ts), so the same
 * label; NOI ÷ (価格＋購入諸費用) is its own 総投資利回り.
 */
export const SIMULATOR_LABELS = {
  gross: `表面利回り${YIELD_MARK}`,
  net: `${YIELD_LABELS.net}${YIELD_MARK}`,
  totalCost: `総投資利回り${YIELD_MARK}`,
  cashOnCash: `自己資金利回り${YIELD_MARK}`,
} as const;

/** The simulator's own figures are projections from the visitor's inputs, not the listing's stated yields. */
export const SIMULATOR_NOTE = `シミュレーションの各利回りは入力された条件による試算です。表面利回りは満室想定年収÷価格、${YIELD_LABELS.net}は${NET_YIELD_FORMULA}（運営経費は空室率控除後の実効収入に対する管理委託費を含む）、総投資利回りはNOI÷（価格＋購入諸費用）。税引前の数値で、将来の収益を保証するものではありません。`;

/** Beside the income / yield of a listing whose 想定年収 counts vacant units. */
export const VACANT_INCLUDED_LABEL = "空室を含む満室想定";
/** The list pages' sentence for the same (cards stay light: no per-card marker). */
export const VACANT_INCLUDED_NOTE = "空室のある物件の想定年収・利回りは、空室部分の想定賃料を含む満室想定です。";

/** 現況 codes (VACANCIES) whose 想定年収 counts vacant units: 空室あり (2), 空室 (3). */
const VACANT_CODES = new Set([2, 3]);

/** Whether a listing's 想定年収 (and so its 利回り) includes vacant units' assumed rent. */
export function incomeIncludesVacant(vacancyCd: number | null | undefined): boolean {
  return typeof vacancyCd === "number" && VACANT_CODES.has(vacancyCd);
}

/** "表面利回り※": the label with its footnote marker. */
export function yieldLabel(kind: YieldKind, marked = true): string {
  return marked ? `${YIELD_LABELS[kind]}${YIELD_MARK}` : YIELD_LABELS[kind];
}

/**
 * The one footnote a page prints for the 利回り it shows: "※" then each kind's
 * sentence (gross first), then the vacancy sentence when asked for.
 */
export function yieldFootnote(kinds: readonly YieldKind[] = ["gross"], opts: { vacant?: "listing" | "list" } = {}): string {
  const order: YieldKind[] = ["gross", "current", "net"];
  const parts = order.filter((k) => kinds.includes(k)).map((k) => YIELD_TERMS[k].footnote);
  if (opts.vacant === "listing") parts.push(`想定年収は${VACANT_INCLUDED_LABEL}です。`);
  if (opts.vacant === "list") parts.push(VACANT_INCLUDED_NOTE);
  return `${YIELD_MARK}${parts.join("")}`;
}

/** A search condition that bounds a 利回り, as a chip or a heading says it ("表面利回り8%以上"). */
export const SEARCH_YIELD_LABEL = YIELD_LABELS.gross;
/** The ny condition as a chip or heading says it ("実質利回り5%以上"): the label without （概算）, which the figure itself carries. */
export const SEARCH_NET_YIELD_LABEL = YIELD_LABELS.net.replace("（概算）", "");

/**
 * Hazard caveat (issue 28 item 4, issue 34): printed wherever hazard flags or layers are
 * shown (the detail's ハザード section, the map's hazard layers). The last sentence is the
 * portal's own warning: a blank area may be one nobody has surveyed yet.
 */
export const HAZARD_CAVEAT =
  "ハザード情報は参考情報であり、重要事項説明では、市町村が水防法に基づき作成したハザードマップを用いて説明します。区域外であっても安全を保証するものではありません。地図上の空白は未調査の場合があります。";
