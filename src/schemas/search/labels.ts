/** The query in words: the Japanese chips of the list page's title, summary and saved conditions. */
import { SEARCH_YIELD_LABEL } from "@/lib/yield-wording";
import { TRANSACTIONS, areaName, codeName, featureName, prefectureName, structureName, typeName } from "@/lib/constants/investment";
import { formatPrice } from "@/lib/price";
import { HAZARD_SEARCH_LABEL, PUBLICATION_STATES } from "./limits";
import { muniName } from "./municipalities";
import type { SearchQuery } from "./schema";

/** Optional name lookups for codes whose names live in the database. */
export interface DescribeNames {
  line?: (line_cd: number) => string | null | undefined;
  station?: (station_cd: number) => string | null | undefined;
  group?: (group_cd: number) => string | null | undefined;
}

const num = (n: number) => String(Number(n.toFixed(2)));
const range = (lo: string | null, hi: string | null, upTo = "以下", from = "以上"): string =>
  lo !== null && hi !== null ? `${lo}〜${hi}` : lo !== null ? `${lo}${from}` : `${hi}${upTo}`;

/**
 * Japanese chips describing the conditions, in table order, e.g.
 * ["大阪市内", "一棟マンション", "5,000万円〜2億円", "表面利回り8%以上", "駅徒歩10分以内", "築20年以内"].
 * Several values of one key share a chip ("大阪市内・北摂"), except features
 * (fs), which must all hold and get one chip each. Sort and page are not
 * conditions and give no chip.
 */
export function describeQuery(q: SearchQuery, names: DescribeNames = {}): string[] {
  const chips: string[] = [];
  const join = (xs: (string | null | undefined)[]) => xs.filter((x): x is string => !!x).join("・");
  const push = (s: string) => {
    if (s) chips.push(s);
  };
  if (q.re) push(join(q.re.map((id) => areaName(id))));
  if (q.pf) push(join(q.pf.map((id) => prefectureName(id))));
  if (q.ct) push(join(q.ct.map((c) => muniName.get(c))));
  if (q.dt) push(`町名「${q.dt}」`);
  if (q.ty) push(join(q.ty.map((id) => typeName(id))));
  if (q.sc) push(join(q.sc.map((id) => structureName(id))));
  if (q.sl) {
    const ns = q.sl.map((cd) => names.line?.(cd));
    push(ns.every(Boolean) ? join(ns) : `路線（${q.sl.length}）`);
  }
  const stationCodes = [...(q.st ?? []).map((cd) => names.station?.(cd)), ...(q.rg ?? []).map((cd) => names.group?.(cd))];
  if (stationCodes.length) {
    push(stationCodes.every(Boolean) ? join([...new Set(stationCodes)].map((n) => `${n}駅`)) : `駅（${stationCodes.length}）`);
  }
  if (q.sw !== undefined) push(`駅徒歩${q.sw}分以内`);
  if (q.lp !== undefined || q.hp !== undefined) {
    push(range(q.lp !== undefined ? formatPrice(q.lp) : null, q.hp !== undefined ? formatPrice(q.hp) : null));
  }
  if (q.ly !== undefined || q.hy !== undefined) {
    push(`${SEARCH_YIELD_LABEL}${range(q.ly !== undefined ? `${num(q.ly)}%` : null, q.hy !== undefined ? `${num(q.hy)}%` : null)}`);
  }
  if (q.ny !== undefined) push(`実質利回り${num(q.ny)}%以上`);
  if (q.sk !== undefined) push(`積算比${num(q.sk)}%以上`);
  if (q.bt !== undefined) push(`築${q.bt}年以内`);
  if (q.rs !== undefined) push(`残存耐用年数${q.rs}年以上`);
  if (q.ls !== undefined || q.hs !== undefined) {
    push(`面積${range(q.ls !== undefined ? `${num(q.ls)}㎡` : null, q.hs !== undefined ? `${num(q.hs)}㎡` : null)}`);
  }
  if (q.fs) for (const id of q.fs) push(featureName(id) ?? "");
  if (q.ow) push("所有権のみ");
  if (q.oc) push("現況満室");
  if (q.ss) push("おすすめ物件");
  if (q.sf) push(join(q.sf.map((id) => codeName(TRANSACTIONS, id))));
  if (q.dy !== undefined) push(`新着${q.dy}日以内`);
  if (q.up !== undefined) push(`更新${q.up}日以内`);
  if (q.fw) push(`「${q.fw}」`);
  if (q.xw) push(`除外「${q.xw}」`);
  if (q.hz) push(`${HAZARD_SEARCH_LABEL}（未確認の物件は含む）`);
  if (q.no) push(`物件番号「${q.no}」`);
  if (q.ps) push(PUBLICATION_STATES.find((s) => s.key === q.ps)?.name ?? "");
  if (q.nu || q.xu) push(`更新日${range(q.nu ?? null, q.xu ?? null, "まで", "から")}`);
  if (q.cp) push(`元付「${q.cp}」`);
  return chips;
}
