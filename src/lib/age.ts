/**
 * Building age and remaining useful life (spec §4: 完成予定・新築 / 新築 / 築N年).
 * The useful lives themselves are src/lib/economics.ts's; this module delegates to it.
 *
 * "Now" is read in Japan time (UTC+9, no DST) so that the server (often UTC)
 * and the browser render the same text around New Year and month ends.
 */
import type { StructureId } from "@/lib/constants/listing-kinds";
import { elapsedMonths, remainingLife, statutoryLife, type Built, type EconomicsInput } from "@/lib/economics";
import { jstYearMonth } from "@/lib/jst-date";

// The lives are economics.ts's (one definition); this module formats ages and keeps the stored columns' rules.
export type { Built };
export { jstYearMonth };

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

/** A structure as the lives need it: a structure_cd alone, or with its その他 text and 鉄骨の肉厚. */
export type StructureInput = StructureId | number | null | undefined | Pick<EconomicsInput, "structure_cd" | "structure_other" | "steel_thickness_mm">;
const structureOf = (s: StructureInput) => (typeof s === "object" && s !== null ? s : { structure_cd: s });

/** Legal useful life (法定耐用年数, residential use): economics.statutoryLife, the one definition. */
export function usefulLife(structure: StructureInput): number | null {
  return statutoryLife(structureOf(structure));
}

/**
 * 残存耐用年数 = max(0, 法定耐用年数 − 経過年数) in whole years (economics.remainingLife over
 * economics.elapsedMonths): the figure banks cut loan terms to. Not the 簡便法 depreciation
 * period (economics.simplifiedUsefulLife), which this function computed before issue 35.
 * Null when the structure has no legal life here or the build year is unknown.
 */
export function residualYears(structure: StructureInput, built: Built | null | undefined, now: Date = new Date()): number | null {
  return remainingLife(usefulLife(structure), elapsedMonths(built, now));
}

/**
 * The `residual_at` column: 'YYYY-MM-01' of the month the legal useful life ends, the build
 * month + 法定耐用年数 (an unknown build month counts as January, like elapsedMonths). It does
 * not move with the date: residualYears(now) ≥ N exactly when residual_at ≥ jstMonthPlusYears(now, N),
 * which is how the rs filter and 特徴 1 read it. Null when residualYears would be.
 */
export function residualAt(structure: StructureInput, built: Built | null | undefined): string | null {
  const life = usefulLife(structure);
  if (life === null || !built || !validYear(built.year)) return null;
  return isoMonth(built.year + life, validMonth(built.month) ? built.month : 1);
}
