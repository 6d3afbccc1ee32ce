/**
 * Display text for the listing detail (物件概要). Pure functions; a missing
 * value gives null so the table can show its own placeholder (—, 未定, 相談).
 */
import { formatAge } from "@/lib/age";
import { LAND_RIGHTS, LAND_TYPES, SQM_PER_TSUBO, TRANSACTIONS, VACANCIES, codeName, codeWithOtherText, structureName } from "@/lib/constants/investment";
import { formatPrice, formatYen, withCommas } from "@/lib/price";
import type { TransportLike } from "@/lib/transport";
import { YIELD_TERMS } from "@/lib/yield-wording";
import type { BuiltGroup, CodeWithOther, FloorGroup, IncomeGroup, LandRatioGroup, LandRightsGroup, LandRoadEntry } from "@/schemas/investment-groups";

export { LAND_CATS, LAND_PLANS } from "@/lib/constants/investment";

const finite = (n: number | null | undefined): n is number => typeof n === "number" && Number.isFinite(n);

/** Trims a number to at most `digits` decimals without trailing zeros: 25.50 → "25.5". */
export function decimal(n: number, digits = 2): string {
  const [int = "0", frac = ""] = Math.abs(n).toFixed(digits).split(".");
  const f = frac.replace(/0+$/, "");
  return `${n < 0 ? "-" : ""}${withCommas(int)}${f ? `.${f}` : ""}`;
}

/** "7.25%" */
export function percentText(y: number | null | undefined): string | null {
  return finite(y) ? `${y.toFixed(2)}%` : null;
}

/** An area in ㎡ with its 坪 equivalent: "125.3㎡（37.90坪）". */
export function sqmText(sqm: number | null | undefined): string | null {
  if (!finite(sqm) || sqm <= 0) return null;
  return `${decimal(sqm)}㎡（${decimal(sqm / SQM_PER_TSUBO)}坪）`;
}

/** Land area in its entered unit (land_type 1 ㎡, 2 坪) with the other unit in brackets. */
export function landSizeText(size: number | null | undefined, landType: number | null | undefined): string | null {
  if (!finite(size) || size <= 0) return null;
  if (landType === 2) return `${decimal(size)}坪（${decimal(size * SQM_PER_TSUBO)}㎡）`;
  const unit = codeName(LAND_TYPES, landType ?? 1) ?? "㎡";
  return unit === "㎡" ? sqmText(size) : `${decimal(size)}${unit}`;
}

/** A yen amount given in yen, shown in 万円: 4812000 → "481.2万円". */
export function yenAsMan(yen: number | null | undefined): string | null {
  if (!finite(yen) || yen <= 0) return null;
  return formatPrice(decimal(yen / 10_000, 4).replace(/,/g, "")) || null;
}

/** 想定年収: "481.2万円（月額 401,000円）"; the yearly figure is 12 × monthly when only that is given. */
export function incomeText(income: IncomeGroup | null | undefined): string | null {
  if (!income) return null;
  const year = finite(income.year) ? income.year : finite(income.month) ? income.month * 12 : null;
  const y = yenAsMan(year);
  if (!y) return null;
  return finite(income.month) && income.month > 0 ? `${y}（月額 ${formatYen(income.month)}）` : y;
}

/** "月額 8,000円" */
export function monthlyYen(v: number | null | undefined): string | null {
  return finite(v) && v > 0 ? `月額 ${formatYen(v)}` : null;
}

/** "1998年3月（築28年）"; the month is left out when unknown. */
export function builtText(built: BuiltGroup | null | undefined, now: Date): string | null {
  if (!built?.year) return null;
  const age = formatAge(built, now);
  return `${built.year}年${built.month ? `${built.month}月` : ""}${age ? `（${age}）` : ""}`;
}

/** 残存耐用年数 by the simplified method: "約19年". */
export function structureText(cd: number | null | undefined, other: string | null | undefined): string | null {
  return structureName(cd, other);
}

/** "地上5階 地下1階建" */
export function floorsText(floor: FloorGroup | null | undefined): string | null {
  if (!floor || !finite(floor.ground) || floor.ground <= 0) return null;
  return `地上${floor.ground}階${finite(floor.under) && floor.under > 0 ? ` 地下${floor.under}階` : ""}建`;
}

/** The label of a code, or its 'other' text for その他 (shared with the free-word index). */
export { codeWithOtherText };

export function vacancyText(v: CodeWithOther | null | undefined): string | null {
  return codeWithOtherText(VACANCIES, v);
}

/** "所有権" / "借地権（地代 月額 30,000円）" */
export function landRightsText(v: LandRightsGroup | null | undefined): string | null {
  if (!v) return null;
  const name = codeName(LAND_RIGHTS, v.type);
  const label = name === "その他" ? v.other || name : name;
  if (!label) return null;
  return finite(v.fee) && v.fee > 0 ? `${label}（地代 月額 ${formatYen(v.fee)}）` : label;
}

/** 建ぺい率 / 容積率: "60%" or "60% / 80%" for two zones. */
export function ratioText(a: number | null | undefined, b: number | null | undefined): string | null {
  const parts = [a, b].filter(finite).map((n) => `${decimal(n)}%`);
  return parts.length ? parts.join(" / ") : null;
}

export function landRatio(r: LandRatioGroup | null | undefined): { bdr: string | null; far: string | null } {
  return { bdr: ratioText(r?.bdr_1, r?.bdr_2), far: ratioText(r?.far_1, r?.far_2) };
}

/** "北側 公道 幅員6m 間口12.5m"; one line per road. */
export function roadsText(roads: readonly LandRoadEntry[] | null | undefined): string[] {
  // Rows saved blank before the schema dropped them would print as empty cells: skipped.
  return (roads ?? [])
    .map((r) =>
      [
        r.direction ? `${r.direction}側` : null,
        r.kind,
        finite(r.width) ? `幅員${decimal(r.width, 1)}m` : null,
        finite(r.frontage) ? `間口${decimal(r.frontage, 1)}m` : null,
      ]
        .filter(Boolean)
        .join(" "),
    )
    .filter((line) => line !== "");
}

export function transactionText(cd: number | null | undefined): string | null {
  return codeName(TRANSACTIONS, cd);
}

export type { TransportLike };

/** "JR東海道本線「尼崎」駅 徒歩5分" / "…駅 バス12分「市役所前」停 徒歩3分" / other text. */
export function transportText(t: TransportLike): string {
  const station = t.station_name ? `「${t.station_name.replace(/駅$/, "")}」駅` : "";
  const head = `${t.line_name ?? ""}${station}`;
  if (t.distance === 2) {
    const bus = [
      finite(t.bus_time) ? `バス${t.bus_time}分` : "バス",
      t.bus_name ? `「${t.bus_name}」停` : null,
      finite(t.bus_walk) ? `徒歩${t.bus_walk}分` : null,
    ]
      .filter(Boolean)
      .join(" ");
    return `${head} ${bus}`.trim();
  }
  if (t.distance === 3) return [head, t.other].filter(Boolean).join(" ");
  return [head, finite(t.station_walk) ? `徒歩${t.station_walk}分` : null].filter(Boolean).join(" ");
}

/** 'YYYY-MM-DD' or a Date → "2026年12月5日" (Japan time for Dates). */
export function dateText(v: string | Date | null | undefined): string | null {
  if (!v) return null;
  let y: number, m: number, d: number;
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return null;
    const j = new Date(v.getTime() + 9 * 3_600_000);
    [y, m, d] = [j.getUTCFullYear(), j.getUTCMonth() + 1, j.getUTCDate()];
  } else {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
    if (!match) return v;
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  return `${y}年${m}月${d}日`;
}

/** 所在地 as shown: prefecture, municipality and 町名 (the 番地 is given on inquiry). */
export function addressText(d: { pref_name: string | null; city_name: string | null; district_cd: string | null }): string {
  return [d.pref_name, d.city_name, d.district_cd].filter(Boolean).join("");
}

/** The label every page gives the net yield: an estimate, never confused with the stated gross yield (src/lib/yield-wording.ts). */
export const NET_YIELD_LABEL = YIELD_TERMS.net.label;

/**
 * The one area a list shows for a listing, with what it measures: 専有 (区分),
 * 土地 (land), else 建物 (延床, falling back to the land when unknown). "25.3㎡".
 */
export function listAreaText(l: {
  type_cd: number;
  land_size: number | null;
  building_size: number | null;
  occupied_size: number | null;
}): { label: string; text: string } | null {
  const pick: [string, number | null][] =
    l.type_cd === 6
      ? [["専有", l.occupied_size]]
      : l.type_cd === 5
        ? [["土地", l.land_size]]
        : [
            ["建物", l.building_size],
            ["土地", l.land_size],
          ];
  for (const [label, v] of pick) if (finite(v) && v > 0) return { label, text: `${decimal(v)}㎡` };
  return null;
}

/** "12戸" (null when unknown) */
export function unitsText(n: number | null | undefined): string | null {
  return finite(n) && n > 0 ? `${n}戸` : null;
}
