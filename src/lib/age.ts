/**
 * Building age and remaining useful life (spec §4: 完成予定・新築 / 新築 / 築N年).
 *
 * "Now" is read in Japan time (UTC+9, no DST) so that the server (often UTC)
 * and the browser render the same text around New Year and month ends.
 */
import { STRUCTURES, type StructureId } from "@/lib/constants/listing-kinds";

export interface Built {
  year: number | null | undefined;
  month?: number | null | undefined;
}

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Calendar year and month (1-12) of `now` in Japan time. */
export function jstYearMonth(now: Date): { year: number; month: number } {
  const d = new Date(now.getTime() + JST_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

const validYear = (y: unknown): y is number => typeof y === "number" && Number.isInteger(y) && y > 0 && y <= 9999;
const validMonth = (m: unknown): m is number => typeof m === "number" && Number.isInteger(m) && m >= 1 && m <= 12;

export type AgeKind = "planned" | "new" | "aged";

/**
 * Age in calendar years (now.year − built.year) and its kind:
 * - planned: the build year/month is after the current year/month (完成予定・新築);
 *   with no month, only a later year counts as planned;
 * - new: built in the current calendar year (新築);
 * - aged: otherwise (築N年, N ≥ 1).
 * Calendar years rather than elapsed months, because the spec's "same year is
 * 新築" rule would otherwise produce "築0年" for a December build seen in January.
 * Returns null when the build year is unknown.
 */
export function buildingAge(built: Built | null | undefined, now: Date = new Date()): { kind: AgeKind; years: number } | null {
  if (!built || !validYear(built.year)) return null;
  const cur = jstYearMonth(now);
  const month = validMonth(built.month) ? built.month : null;
  const years = cur.year - built.year;
  const future = years < 0 || (years === 0 && month !== null && month > cur.month);
  if (future) return { kind: "planned", years: 0 };
  if (years === 0) return { kind: "new", years: 0 };
  return { kind: "aged", years };
}

export const AGE_PLANNED = "完成予定・新築";
export const AGE_NEW = "新築";

/** "完成予定・新築" | "新築" | "築N年"; "" when the build year is unknown. */
export function formatAge(built: Built | null | undefined, now: Date = new Date()): string {
  return format(built, now, "築");
}

/** Short form for tables: "完成予定・新築" | "新築" | "N年"; "" when unknown. */
export function formatAgeShort(built: Built | null | undefined, now: Date = new Date()): string {
  return format(built, now, "");
}

function format(built: Built | null | undefined, now: Date, prefix: string): string {
  const age = buildingAge(built, now);
  if (!age) return "";
  if (age.kind === "planned") return AGE_PLANNED;
  if (age.kind === "new") return AGE_NEW;
  return `${prefix}${age.years}年`;
}

const pad2 = (n: number) => String(n).padStart(2, "0");
const isoMonth = (year: number, month: number) => `${String(year).padStart(4, "0")}-${pad2(month)}-01`;

/**
 * The `built_at` column: 'YYYY-MM-01'. An unknown month is stored as January
 * (the older end of the year, so age filters and residual life err on the safe
 * side). Null when the year is missing or the month is out of range.
 */
export function builtAt(year: number | null | undefined, month?: number | null): string | null {
  if (!validYear(year)) return null;
  if (month === null || month === undefined) return isoMonth(year, 1);
  if (!validMonth(month)) return null;
  return isoMonth(year, month);
}

/**
 * New earthquake-resistance standard (新耐震基準): in force from 1 June 1981.
 * Strictly it depends on the building-permit date, which listings do not carry,
 * so the build date stands in for it. 1981 with an unknown month → false
 * (cannot be shown to qualify).
 */
export function isNewQuakeStandard(year: number | null | undefined, month?: number | null): boolean {
  if (!validYear(year)) return false;
  if (year !== 1981) return year > 1981;
  return validMonth(month) && month >= 6;
}

/** Legal useful life (法定耐用年数, residential use) of a structure; null for unknown/other. */
export function usefulLife(structure_cd: number | null | undefined): number | null {
  return STRUCTURES.find((s) => s.id === structure_cd)?.life ?? null;
}

/**
 * Remaining useful life in whole years by the simplified method for used
 * buildings (中古資産の耐用年数・簡便法):
 * - age ≥ life: floor(life × 0.2)
 * - otherwise: floor(life − age + age × 0.2)
 * Age is counted in months (as the tax rule does) from the build month to the
 * current month in Japan time; an unknown build month counts as January.
 * A building not yet completed has its full life. The legal 2-year minimum
 * never applies: with the lives used here the result is at least 4.
 * Null when the structure has no legal life here (unknown, その他) or no year.
 */
export function residualYears(structure_cd: StructureId | number | null | undefined, built: Built | null | undefined, now: Date = new Date()): number | null {
  const life = usefulLife(structure_cd);
  if (life === null || !built || !validYear(built.year)) return null;
  const month = validMonth(built.month) ? built.month : 1;
  const cur = jstYearMonth(now);
  const elapsed = Math.max(0, cur.year * 12 + cur.month - (built.year * 12 + month));
  const lifeMonths = life * 12;
  if (elapsed >= lifeMonths) return Math.floor((life * 2) / 10);
  // months: lifeMonths − elapsed + elapsed × 0.2 = (5·lifeMonths − 4·elapsed) / 5;
  // kept in integers so that whole years come out exactly.
  return Math.floor((5 * lifeMonths - 4 * elapsed) / 60);
}

/**
 * The `residual_at` column: the first day of the month in which the remaining
 * useful life (residualYears, counted from now) ends, 'YYYY-MM-01'.
 * Null when residualYears is null.
 */
export function residualAt(structure_cd: StructureId | number | null | undefined, built: Built | null | undefined, now: Date = new Date()): string | null {
  const years = residualYears(structure_cd, built, now);
  if (years === null) return null;
  const cur = jstYearMonth(now);
  return isoMonth(cur.year + years, cur.month);
}
