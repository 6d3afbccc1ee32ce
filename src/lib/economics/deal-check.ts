/**
 * The deal check (issue 35 item 4): a listing's figures against the median of
 * similar listings and fixed thresholds, as rows green / amber / red with the
 * figure and how it was judged. 参考: a screening aid, not an appraisal.
 * Pure; the caller supplies the similar listings (their figures computed with
 * listingEconomics, so the medians use the same definitions).
 */
import type { ListingEconomics } from "@/lib/economics";
import { YIELD_LABELS } from "@/lib/yield-wording";

export type DealLevel = "good" | "fair" | "poor" | "unknown";

export interface DealRow {
  key:
    | "gross_yield"
    | "net_yield"
    | "price_per_sqm"
    | "sekisan_ratio"
    | "loan_term"
    | "fixed_costs"
    | "vacancy"
    | "leasehold"
    | "rebuild"
    | "nonconforming"
    | "hazard";
  label: string;
  level: DealLevel;
  /** The figure as shown, e.g. "8.50%（中央値 7.20%）"; "—" when unknown. */
  figure: string;
  /** How the level was decided, in Japanese. */
  basis: string;
}

/**
 * Thresholds (house rules, stated so a reader can check a row):
 *  - yieldPt: a 利回り within ± 0.5 points of the median is amber; above green, below red.
 *  - pricePct: a price per ㎡ within ± 10 % of the median is amber; cheaper green, dearer red.
 *  - sekisan: 積算比 ≥ 100 % green (the cost approach covers the price, as banks like),
 *    70–100 % amber, < 70 % red.
 *  - remaining: 残存耐用年数 ≥ 20 years green (the site's 特徴 "残存耐用年数20年以上"),
 *    10–19 amber, < 10 red; with a loan term given, a term beyond it is red.
 *  - drag: the listing's own 地代・管理費・修繕積立金 ≤ 15 % of 満室想定年収 green,
 *    15–30 % amber, > 30 % red.
 *  - vacancy: 空室率 (rent) ≤ 5 % green, 5–15 % amber, > 15 % red.
 */
export const DEAL_THRESHOLDS = {
  yieldPt: 0.5,
  pricePct: 10,
  sekisanGood: 100,
  sekisanPoor: 70,
  remainingGood: 20,
  remainingPoor: 10,
  dragGood: 15,
  dragPoor: 30,
  vacancyGood: 5,
  vacancyPoor: 15,
} as const;

/** The similar set is widened from the city to the area below this many listings. */
export const SIMILAR_MIN_N = 5;
/** Below this many listings even after widening, a median row is 'unknown' (a median of 1–2 says nothing). */
export const MEDIAN_MIN_N = 3;

export const DEAL_CHECK_NOTE =
  "参考：類似物件（同じ種別・同じ市区町村・同じ築年帯、5件未満ならエリアに広げる）の中央値と、表示の基準による機械的な判定です。物件の価値や融資の可否を保証するものではありません。";

/** 築年帯: 築10年以内, 11–20, 21–30, 31年以上. */
export const AGE_BANDS = [
  { max: 10, label: "築10年以内" },
  { max: 20, label: "築11〜20年" },
  { max: 30, label: "築21〜30年" },
  { max: Number.POSITIVE_INFINITY, label: "築31年以上" },
] as const;

/** Index into AGE_BANDS of an age in years; null when unknown. */
export function ageBand(age: number | null | undefined): number | null {
  if (typeof age !== "number" || !Number.isFinite(age) || age < 0) return null;
  return AGE_BANDS.findIndex((b) => age <= b.max);
}

export interface SimilarSubject {
  /** Excluded from its own median. */
  id?: number | null;
  type_cd: number;
  city_cd: string | null;
  area_cd: number | null;
  /** 築年数 (years); null for land or unknown */
  age: number | null;
}

export interface SimilarCandidate extends SimilarSubject {
  id: number;
  grossYield: number | null;
  netYield: number | null;
  /** 万円/㎡ */
  pricePerSqm: number | null;
}

export interface SimilarMedians {
  yieldMedian: number | null;
  netYieldMedian: number | null;
  pricePerM2Median: number | null;
  /** Listings in the scope (each median uses those of them that have the figure). */
  n: number;
  scope: "city" | "area";
  /** e.g. "同じ市区町村・一棟マンション・築11〜20年" */
  scopeLabel: string;
}

/** Median (mean of the middle two for an even count); null when empty. Same rule as the 相場 page. */
export function medianOf(values: readonly (number | null)[]): number | null {
  const v = values.filter((x): x is number => typeof x === "number" && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/**
 * One similar set (種別 × 築年帯 × city, or × area) of a candidate list, with each figure's values
 * sorted once: a card's median is then a lookup, the subject taken out by position instead of by
 * filtering (the same multiset, so the same median as filtering the list by id).
 */
interface PeerGroup {
  members: Set<number>;
  grossYield: number[];
  netYield: number[];
  pricePerSqm: number[];
}
interface PeerIndex {
  byId: Map<number, SimilarCandidate>;
  groups: Map<string, PeerGroup>;
}

const finite = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * The candidates grouped by 種別 × 築年帯 (or any 築年, for a subject without one) × city and × area,
 * built once per candidate list (the list is computed once per content version and shared): a page
 * of cards looks its medians up instead of scanning and sorting peers per card (~1 ms a card at
 * 100,000 listings; issue 33's speed target).
 */
const peerIndexes = new WeakMap<readonly SimilarCandidate[], PeerIndex>();
const groupKey = (type: number, band: number | null, scope: "c" | "a", place: string | number) => `${type}|${band ?? "*"}|${scope}|${place}`;
function peerIndex(candidates: readonly SimilarCandidate[]): PeerIndex {
  let index = peerIndexes.get(candidates);
  if (index) return index;
  const groups = new Map<string, PeerGroup>();
  const add = (key: string, c: SimilarCandidate) => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { members: new Set(), grossYield: [], netYield: [], pricePerSqm: [] }));
    g.members.add(c.id);
    if (finite(c.grossYield)) g.grossYield.push(c.grossYield);
    if (finite(c.netYield)) g.netYield.push(c.netYield);
    if (finite(c.pricePerSqm)) g.pricePerSqm.push(c.pricePerSqm);
  };
  const byId = new Map<number, SimilarCandidate>();
  for (const c of candidates) {
    byId.set(c.id, c);
    const band = ageBand(c.age);
    for (const b of band === null ? [null] : [null, band]) {
      if (c.city_cd) add(groupKey(c.type_cd, b, "c", c.city_cd), c);
      if (c.area_cd !== null) add(groupKey(c.type_cd, b, "a", c.area_cd), c);
    }
  }
  const ascending = (a: number, b: number) => a - b;
  for (const g of groups.values()) {
    g.grossYield.sort(ascending);
    g.netYield.sort(ascending);
    g.pricePerSqm.sort(ascending);
  }
  index = { byId, groups };
  peerIndexes.set(candidates, index);
  return index;
}

/** First index of `v` in ascending `a` (a holds it). */
function indexOf(a: readonly number[], v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** medianOf of sorted `a` without the element at `skip` (-1: none). */
function sortedMedian(a: readonly number[], skip: number): number | null {
  const n = skip < 0 ? a.length : a.length - 1;
  if (n <= 0) return null;
  const at = (k: number) => a[skip >= 0 && k >= skip ? k + 1 : k]!;
  const mid = n >> 1;
  return n % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

/**
 * Medians of similar listings: same type, same city or ward, same 築年帯 (any
 * age for a subject without one); widened to the same area (re 1–6) when
 * fewer than SIMILAR_MIN_N. The subject itself is excluded.
 */
export function similarMedians(subject: SimilarSubject, candidates: readonly SimilarCandidate[]): SimilarMedians {
  const band = ageBand(subject.age);
  const { byId, groups } = peerIndex(candidates);
  // the subject as the candidate list has it (its own figures leave the set, by position)
  const self = subject.id != null ? byId.get(subject.id) : undefined;
  const pick = (key: string | null) => {
    const g = key === null ? undefined : groups.get(key);
    const inside = g !== undefined && self !== undefined && g.members.has(self.id);
    return { g, inside, n: g ? g.members.size - (inside ? 1 : 0) : 0 };
  };
  const bandLabel = band === null ? "" : `・${AGE_BANDS[band]!.label}`;
  let scope: SimilarMedians["scope"] = "city";
  let set = pick(subject.city_cd ? groupKey(subject.type_cd, band, "c", subject.city_cd) : null);
  if (set.n < SIMILAR_MIN_N && subject.area_cd !== null) {
    scope = "area";
    set = pick(groupKey(subject.type_cd, band, "a", subject.area_cd));
  }
  const median = (values: readonly number[] | undefined, own: number | null | undefined) => {
    if (!values) return null;
    return sortedMedian(values, set.inside && finite(own) ? indexOf(values, own) : -1);
  };
  return {
    yieldMedian: median(set.g?.grossYield, self?.grossYield),
    netYieldMedian: median(set.g?.netYield, self?.netYield),
    pricePerM2Median: median(set.g?.pricePerSqm, self?.pricePerSqm),
    n: set.n,
    scope,
    scopeLabel: `${scope === "city" ? "同じ市区町村" : "同じエリア"}・同じ種別${bandLabel}`,
  };
}

const pct = (v: number) => `${v.toFixed(2)}%`;
const UNKNOWN = "—";

export interface DealCheckOptions {
  /** A loan term the visitor entered (the simulator); compared with 残存耐用年数. */
  loanYears?: number | null;
}

/**
 * The deal-check rows, in a fixed order. Every row that cannot be judged is
 * 'unknown' with "—" rather than left out, except the 再建築不可 / 既存不適格
 * flags, which appear only where the listing states them.
 */
export function dealCheck(econ: ListingEconomics, medians: SimilarMedians | null, opts: DealCheckOptions = {}): DealRow[] {
  const T = DEAL_THRESHOLDS;
  const rows: DealRow[] = [];
  const enough = medians !== null && medians.n >= MEDIAN_MIN_N;
  const scope = medians ? `${medians.scopeLabel}の中央値・n=${medians.n}` : "類似物件なし";

  const yieldRow = (key: "gross_yield" | "net_yield", label: string, v: number | null, m: number | null) => {
    if (v === null) return rows.push({ key, label, level: "unknown", figure: UNKNOWN, basis: `${label}を計算できる入力がありません。` });
    if (!enough || m === null)
      return rows.push({ key, label, level: "unknown", figure: pct(v), basis: `比較できる類似物件が${MEDIAN_MIN_N}件未満です（${scope}）。` });
    const d = v - m;
    const level: DealLevel = d >= T.yieldPt ? "good" : d <= -T.yieldPt ? "poor" : "fair";
    rows.push({
      key,
      label,
      level,
      figure: `${pct(v)}（中央値 ${pct(m)}）`,
      basis: `${scope}との差 ${d >= 0 ? "+" : ""}${d.toFixed(2)}ポイント。±${T.yieldPt}ポイント以内を中位とします。`,
    });
  };
  yieldRow("gross_yield", YIELD_LABELS.gross, econ.grossYield, medians?.yieldMedian ?? null);
  yieldRow("net_yield", YIELD_LABELS.net, econ.netYield, medians?.netYieldMedian ?? null);

  {
    const v = econ.pricePerSqm;
    const m = medians?.pricePerM2Median ?? null;
    const label = "㎡単価";
    if (v === null) rows.push({ key: "price_per_sqm", label, level: "unknown", figure: UNKNOWN, basis: "価格または面積が未入力です。" });
    else if (!enough || m === null || m <= 0)
      rows.push({
        key: "price_per_sqm",
        label,
        level: "unknown",
        figure: `${v.toFixed(1)}万円/㎡`,
        basis: `比較できる類似物件が${MEDIAN_MIN_N}件未満です（${scope}）。`,
      });
    else {
      const r = ((v - m) / m) * 100;
      const level: DealLevel = r <= -T.pricePct ? "good" : r >= T.pricePct ? "poor" : "fair";
      rows.push({
        key: "price_per_sqm",
        label,
        level,
        figure: `${v.toFixed(1)}万円/㎡（中央値 ${m.toFixed(1)}万円/㎡）`,
        basis: `${scope}より${r >= 0 ? "+" : ""}${r.toFixed(1)}%。±${T.pricePct}%以内を中位とします。`,
      });
    }
  }

  {
    const v = econ.sekisanRatio;
    const label = "積算比";
    if (v === null)
      rows.push({
        key: "sekisan_ratio",
        label,
        level: "unknown",
        figure: UNKNOWN,
        basis: "路線価・面積・構造・築年のいずれかが未入力のため積算価格を計算できません。",
      });
    else {
      const level: DealLevel = v >= T.sekisanGood ? "good" : v < T.sekisanPoor ? "poor" : "fair";
      rows.push({
        key: "sekisan_ratio",
        label,
        level,
        figure: pct(v),
        basis: `積算価格÷価格。${T.sekisanGood}%以上を良好、${T.sekisanPoor}%未満を低いとします。`,
      });
    }
  }

  {
    const lives = econ.lives;
    const label = "融資期間と残存耐用年数";
    const years = opts.loanYears;
    if (lives === null) rows.push({ key: "loan_term", label, level: "unknown", figure: UNKNOWN, basis: "構造または築年が未入力です。" });
    else if (typeof years === "number" && Number.isFinite(years) && years > 0) {
      const over = years > lives.remaining;
      rows.push({
        key: "loan_term",
        label,
        level: over ? "poor" : "good",
        figure: `融資期間${years}年／残存耐用年数${lives.remaining}年`,
        basis: over ? "融資期間が残存耐用年数を超えています。多くの金融機関は残存耐用年数までしか融資しません。" : "融資期間は残存耐用年数の範囲内です。",
      });
    } else {
      const r = lives.remaining;
      const level: DealLevel = r >= T.remainingGood ? "good" : r < T.remainingPoor ? "poor" : "fair";
      rows.push({
        key: "loan_term",
        label,
        level,
        figure: `残存耐用年数${r}年`,
        basis: `${lives.basis}。${T.remainingGood}年以上を良好、${T.remainingPoor}年未満を短いとします。`,
      });
    }
  }

  {
    const v = econ.fixedCostDrag;
    const label = "地代・管理費等の負担";
    if (v === null) rows.push({ key: "fixed_costs", label, level: "unknown", figure: UNKNOWN, basis: "想定年収が未入力です。" });
    else if (econ.costs.missing.length > 0) rows.push({ key: "fixed_costs", label, level: "unknown", figure: UNKNOWN, basis: econ.costs.missing.join("、") });
    else {
      const level: DealLevel = v <= T.dragGood ? "good" : v > T.dragPoor ? "poor" : "fair";
      rows.push({
        key: "fixed_costs",
        label,
        level,
        figure: `満室想定年収の${pct(v)}`,
        basis: `掲載の地代・管理費・修繕積立金の年額÷満室想定年収。${T.dragGood}%以下を良好、${T.dragPoor}%超を重いとします。`,
      });
    }
  }

  {
    const v = econ.vacancyByIncome;
    const label = "現況と満室想定（空室率）";
    if (v === null) rows.push({ key: "vacancy", label, level: "unknown", figure: UNKNOWN, basis: "現況の賃料収入（レントロール）が未入力です。" });
    else {
      const level: DealLevel = v <= T.vacancyGood ? "good" : v > T.vacancyPoor ? "poor" : "fair";
      rows.push({
        key: "vacancy",
        label,
        level,
        figure: `空室率 ${pct(v)}`,
        basis: `1−現況年収÷満室想定年収。${T.vacancyGood}%以下を良好、${T.vacancyPoor}%超を高いとします。`,
      });
    }
  }

  if (econ.leasehold) {
    rows.push({
      key: "leasehold",
      label: "借地権",
      level: "fair",
      figure: "借地",
      basis: "借地権の物件です。地代・更新料・譲渡承諾料がかかり、融資や売却で評価が下がりやすい点に注意してください。",
    });
  }
  if (econ.flags.hazardOut) {
    // Issue 34: the flags feed the check only when they put the listing in a zone; outside is not "safe".
    rows.push({
      key: "hazard",
      label: "ハザード",
      level: "poor",
      figure: "浸水想定0.5m以上または土砂災害警戒区域",
      basis: "ハザードマップポータルサイトのタイルによる参考判定です（詳細はハザード欄）。重要事項説明では市町村のハザードマップで説明します。",
    });
  }
  if (econ.flags.rebuildNotAllowed !== null) {
    rows.push(
      econ.flags.rebuildNotAllowed
        ? { key: "rebuild", label: "再建築", level: "poor", figure: "再建築不可", basis: "建て替えができず、融資を受けにくい物件です。" }
        : { key: "rebuild", label: "再建築", level: "good", figure: "再建築可", basis: "掲載情報による。" },
    );
  }
  if (econ.flags.nonconforming !== null) {
    rows.push(
      econ.flags.nonconforming
        ? {
            key: "nonconforming",
            label: "既存不適格",
            level: "fair",
            figure: "既存不適格",
            basis: "現行の法令に適合しない部分があり、建て替え時に同規模で建てられない場合があります。",
          }
        : { key: "nonconforming", label: "既存不適格", level: "good", figure: "該当なし", basis: "掲載情報による。" },
    );
  }
  return rows;
}
