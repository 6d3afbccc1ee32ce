/**
 * The editor's 「収支・積算」 inputs (issue 35): 路線価 and its year, 借地権割合, 固定資産税評価額,
 * 固都税, 再調達単価, 鉄骨の肉厚, 再建築不可 / 既存不適格, the レントロール and the 修繕履歴.
 * Part of the editor's form (src/schemas/admin/investment.ts), so the browser, the tRPC
 * procedures, REST (422 with these field paths) and the CSV import judge them by the same rules.
 *
 * Rules (Japanese messages under the field's path):
 *  - amounts: digits (full-width, commas and 円 accepted), never negative, within a sane bound;
 *  - 路線価 0 < x ≤ 50,000,000 円/㎡, with its year (1990 … this year); a year needs a 路線価;
 *  - 借地権割合 30–90 %, only for 借地権・定期借地権;
 *  - 鉄骨の肉厚 only for 鉄骨造・軽量鉄骨造;
 *  - a rent-roll row needs 号室 and 賃料 (0 allowed: a 管理人室), 共益費・敷金 ≥ 0, a status;
 *    a row left entirely blank is dropped;
 *  - a 修繕履歴 row needs 年月 (YYYY-MM) and 内容.
 * The rent roll's total differing from 想定年収 by more than 1 % is a warning (rentRollIncomeWarning), never an error.
 */
import { UNIT_STATUS_LABELS, type UnitStatus } from "@/lib/economics";
import { withCommas } from "@/lib/price";
import { toHalfWidth } from "@/schemas/common";
import { msg } from "@/schemas/messages";
import { label, z } from "@/schemas/zod";

export const UNIT_STATUSES = ["occupied", "vacant", "advertising"] as const satisfies readonly UnitStatus[];
export const UNIT_STATUS_CHOICES = UNIT_STATUSES.map((id) => ({ id, name: UNIT_STATUS_LABELS[id] }));
export const MAX_RENT_ROLL_ROWS = 500;
export const MAX_REPAIR_ROWS = 100;
/** 路線価 above this is a typo (the highest in Japan, 銀座, is about 4,000万円/㎡). */
export const ROAD_PRICE_MAX = 50_000_000;
export const ROAD_PRICE_YEAR_MIN = 1990;
export const LEASEHOLD_RATIO_MIN = 30;
export const LEASEHOLD_RATIO_MAX = 90;
/** 借地権・定期借地権 (LAND_RIGHTS 2, 3). */
export const LEASEHOLD_RIGHT_CODES: readonly number[] = [2, 3];
/** 鉄骨造, 軽量鉄骨造 (structure_cd 3, 4). */
export const STEEL_STRUCTURE_CODES: readonly number[] = [3, 4];
/** The rent roll may differ from 想定年収 by this share before the editor warns. */
export const RENT_ROLL_TOLERANCE_PCT = 1;

const blank = (v: unknown) => v === null || v === undefined || (typeof v === "string" && v.trim() === "");
const blankToUndefined = (v: unknown) => (blank(v) ? undefined : typeof v === "number" ? String(v) : v);
const yen = (n: number) => withCommas(String(n));

/** Typed amounts: full-width digits, thousands commas, a trailing 円 and spaces are accepted. */
export const normaliseAmount = (v: string) =>
  toHalfWidth(v)
    .replace(/[,，\s]/g, "")
    .replace(/円$/, "")
    .replace(/^[−ー－‐]/, "-");

/**
 * An optional number as typed (output: the normalised text, e.g. "320000"), never negative,
 * at most `max`; `integer` for yen amounts, `min` for the lower bound (exclusive when `positive`).
 */
export function amountField(name: string, o: { max: number; integer?: boolean; positive?: boolean; unit?: string }) {
  const unit = o.unit ?? "";
  return label(
    z.preprocess(
      blankToUndefined,
      z
        .string()
        .overwrite(normaliseAmount)
        .regex(/^-?[0-9]+(\.[0-9]+)?$/, { abort: true, error: msg.decimal(name) })
        .refine((v) => Number(v) >= 0, { abort: true, error: `${name}にマイナスの値は入力できません` })
        .refine((v) => !o.positive || Number(v) > 0, { abort: true, error: `${name}は0より大きい値を入力してください` })
        .refine((v) => !o.integer || Number.isInteger(Number(v)), { abort: true, error: msg.integer(name) })
        .refine((v) => Number(v) <= o.max, { error: `${name}は${yen(o.max)}${unit}以下で入力してください` })
        .optional(),
    ),
    name,
  );
}

const textField = (name: string, max: number) => label(z.preprocess(blankToUndefined, z.string().trim().max(max).optional()), name);

/** 'YYYY-MM' (or 'YYYY/M', 'YYYY年M月') → 'YYYY-MM'; null when not a month. */
export function parseYearMonth(v: string): string | null {
  const m = /^(\d{4})[-/年.](\d{1,2})月?$/.exec(toHalfWidth(v).trim());
  if (!m) return null;
  const month = Number(m[2]);
  if (month < 1 || month > 12) return null;
  return `${m[1]}-${String(month).padStart(2, "0")}`;
}

/** 'YYYY-MM' or 'YYYY-MM-DD' ('/', 年月日 accepted) → normalised; null when not a valid month or day. */
export function parseLeaseStart(v: string): string | null {
  const s = toHalfWidth(v).trim();
  const month = parseYearMonth(s);
  if (month) return month;
  const m = /^(\d{4})[-/年.](\d{1,2})[-/月.](\d{1,2})日?$/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return null;
  return `${m[1]}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

const monthField = (name: string, parse: (v: string) => string | null) =>
  label(
    z.preprocess(
      blankToUndefined,
      z
        .string()
        .overwrite((v) => parse(v) ?? v)
        .refine((v) => parse(v) !== null && Number(v.slice(0, 4)) >= 1900 && Number(v.slice(0, 4)) <= 2100, { error: msg.invalidDate(name) })
        .optional(),
    ),
    name,
  );

/** 入居中 / 空室 / 募集中 or the key; "" → undefined. */
const statusField = label(
  z.preprocess((v) => {
    if (blank(v)) return undefined;
    const s = String(v).trim();
    return UNIT_STATUSES.find((k) => k === s || UNIT_STATUS_LABELS[k] === s) ?? s;
  }, z.enum(UNIT_STATUSES).optional()),
  "状態",
  { select: true },
);

/** 再建築不可 / 既存不適格: "true" | "false" | not stated (undefined). */
const triState = (name: string) =>
  label(
    z.preprocess(
      (v) => (blank(v) ? undefined : v === true || v === "true" || v === "1" ? "true" : v === false || v === "false" || v === "0" ? "false" : v),
      z.enum(["true", "false"]).optional(),
    ),
    name,
    { select: true },
  );

export const rentRollRowInput = z.object({
  room: textField("号室", 20),
  layout: textField("間取り", 20),
  area: amountField("面積（㎡）", { max: 100_000, positive: true, unit: "㎡" }),
  rent: amountField("賃料（円/月）", { max: 100_000_000, integer: true, unit: "円" }),
  common_fee: amountField("共益費（円/月）", { max: 10_000_000, integer: true, unit: "円" }),
  deposit: amountField("敷金（円）", { max: 1_000_000_000, integer: true, unit: "円" }),
  status: statusField,
  lease_start: monthField("契約開始", parseLeaseStart),
});
export const repairRowInput = z.object({
  year_month: monthField("年月", parseYearMonth),
  description: textField("内容", 200),
  cost: amountField("費用（円）", { max: 100_000_000_000, integer: true, unit: "円" }),
});
export type RentRollRowInput = z.input<typeof rentRollRowInput>;
export type RentRollRowOutput = z.output<typeof rentRollRowInput>;
export type RepairRowInput = z.input<typeof repairRowInput>;
export type RepairRowOutput = z.output<typeof repairRowInput>;

const filled = (row: Record<string, unknown>, ignore: readonly string[] = []) => Object.entries(row).some(([k, v]) => !ignore.includes(k) && v !== undefined);

/** The rent roll: blank rows dropped (a default 状態 alone does not count), then 号室・賃料・状態 required. */
export const rentRollInput = label(
  z
    .array(rentRollRowInput)
    .max(MAX_RENT_ROLL_ROWS)
    .overwrite((rows) => rows.filter((r) => filled(r, ["status"])))
    .superRefine((rows, ctx) =>
      rows.forEach((r, i) => {
        if (r.room === undefined) ctx.addIssue({ code: "custom", path: [i, "room"], message: msg.required("号室") });
        if (r.rent === undefined) ctx.addIssue({ code: "custom", path: [i, "rent"], message: msg.required("賃料（円/月）") });
        if (r.status === undefined) ctx.addIssue({ code: "custom", path: [i, "status"], message: msg.required("状態", true) });
      }),
    ),
  "レントロール",
);
export const repairHistoryInput = label(
  z
    .array(repairRowInput)
    .max(MAX_REPAIR_ROWS)
    .overwrite((rows) => rows.filter((r) => filled(r)))
    .superRefine((rows, ctx) =>
      rows.forEach((r, i) => {
        if (r.year_month === undefined) ctx.addIssue({ code: "custom", path: [i, "year_month"], message: msg.required("年月") });
        if (r.description === undefined) ctx.addIssue({ code: "custom", path: [i, "description"], message: msg.required("内容") });
      }),
    ),
  "修繕履歴",
);

/**
 * The form's 収支・積算 fields. The two lists are optional on the wire: a REST client that
 * does not send them keeps the stored rows (the editor always sends them).
 */
export const economicsFields = {
  road_price: amountField("路線価（円/㎡）", { max: ROAD_PRICE_MAX, integer: true, positive: true, unit: "円" }),
  road_price_year: label(
    z.preprocess(
      blankToUndefined,
      z
        .string()
        .overwrite((v) => toHalfWidth(v).trim().replace(/年$/, ""))
        .regex(/^[0-9]{4}$/, { error: msg.invalidDate("路線価の年") })
        .optional(),
    ),
    "路線価の年",
  ),
  leasehold_ratio: amountField("借地権割合（%）", { max: 100, integer: true }),
  assessed_land_value: amountField("固定資産税評価額・土地（円）", { max: 1_000_000_000_000, integer: true, unit: "円" }),
  assessed_building_value: amountField("固定資産税評価額・建物（円）", { max: 1_000_000_000_000, integer: true, unit: "円" }),
  property_tax: amountField("固定資産税・都市計画税 年額（円）", { max: 10_000_000_000, integer: true, unit: "円" }),
  replacement_cost: amountField("再調達単価（円/㎡）", { max: 2_000_000, integer: true, positive: true, unit: "円" }),
  steel_thickness: amountField("鉄骨の肉厚（mm）", { max: 100, positive: true, unit: "mm" }),
  rebuild_not_allowed: triState("再建築不可"),
  nonconforming: triState("既存不適格"),
  rent_roll: rentRollInput.optional(),
  repair_history: repairHistoryInput.optional(),
};

type EconomicsValues = {
  road_price?: string | undefined;
  road_price_year?: string | undefined;
  leasehold_ratio?: string | undefined;
  steel_thickness?: string | undefined;
  land_rights: { type?: number | undefined };
  structure_cd?: number | undefined;
};

/** Cross-field rules of the 収支・積算 fields; `today` is the JST date the form is judged on. */
export function checkEconomics(v: EconomicsValues, addIssue: (path: (string | number)[], message: string) => void, today: string): void {
  const thisYear = Number(today.slice(0, 4));
  if (v.road_price !== undefined && v.road_price_year === undefined) addIssue(["road_price_year"], "路線価の年を入力してください");
  if (v.road_price_year !== undefined) {
    const y = Number(v.road_price_year);
    if (v.road_price === undefined) addIssue(["road_price"], "路線価の年を入力する場合は路線価（円/㎡）も入力してください");
    else if (!(y >= ROAD_PRICE_YEAR_MIN && y <= thisYear))
      addIssue(["road_price_year"], `路線価の年は${ROAD_PRICE_YEAR_MIN}年から${thisYear}年の間で入力してください`);
  }
  if (v.leasehold_ratio !== undefined) {
    const r = Number(v.leasehold_ratio);
    if (!LEASEHOLD_RIGHT_CODES.includes(v.land_rights.type ?? -1))
      addIssue(["leasehold_ratio"], "借地権割合は土地権利が借地権・定期借地権のときだけ入力できます");
    else if (r < LEASEHOLD_RATIO_MIN || r > LEASEHOLD_RATIO_MAX)
      addIssue(["leasehold_ratio"], `借地権割合（%）は${LEASEHOLD_RATIO_MIN}〜${LEASEHOLD_RATIO_MAX}の数値で入力してください`);
  }
  if (v.steel_thickness !== undefined && !STEEL_STRUCTURE_CODES.includes(v.structure_cd ?? -1))
    addIssue(["steel_thickness"], "鉄骨の肉厚は構造が鉄骨造・軽量鉄骨造のときだけ入力できます");
}

const amountOf = (v: string | number | null | undefined): number | null => {
  if (v === null || v === undefined || v === "") return null;
  const n = Number(typeof v === "number" ? v : normaliseAmount(v));
  return Number.isFinite(n) ? n : null;
};

export interface RentRollTotals {
  units: number;
  vacant: number;
  /** Σ 賃料 + 共益費 円/月 over every unit (a vacant unit at its 募集 rent) */
  monthly: number;
  annual: number;
  /** 入居中 only ×12 */
  currentAnnual: number;
}

/** Totals of rent-roll rows as typed (rows without a 賃料 count as 0); shown under the row editor. */
export function rentRollTotals(
  rows: readonly { rent?: string | number | null; common_fee?: string | number | null; status?: string | null }[],
): RentRollTotals {
  let monthly = 0;
  let current = 0;
  let vacant = 0;
  for (const r of rows) {
    const m = (amountOf(r.rent) ?? 0) + (amountOf(r.common_fee) ?? 0);
    monthly += m;
    if (r.status === "occupied" || r.status === UNIT_STATUS_LABELS.occupied) current += m;
    else vacant++;
  }
  return { units: rows.length, vacant, monthly, annual: monthly * 12, currentAnnual: current * 12 };
}

/**
 * A warning (not an error) when the rent roll's annual total (賃料 + 共益費, every unit, × 12)
 * differs from the listing's 想定年収 (年額, else 月額 × 12) by more than 1 %; null when it
 * does not or either side is missing.
 */
export function rentRollIncomeWarning(
  rows: readonly { rent?: string | number | null; common_fee?: string | number | null; status?: string | null }[],
  income: { year?: string | number | null; month?: string | number | null },
): string | null {
  if (rows.length === 0) return null;
  const year = amountOf(income.year);
  const month = amountOf(income.month);
  const stated = year && year > 0 ? year : month && month > 0 ? month * 12 : null;
  if (stated === null) return null;
  const { annual } = rentRollTotals(rows);
  const gap = annual - stated;
  if (Math.abs(gap) * 100 <= stated * RENT_ROLL_TOLERANCE_PCT) return null;
  return `レントロールの年額合計${yen(annual)}円が想定年収${yen(stated)}円と${RENT_ROLL_TOLERANCE_PCT}%を超えて異なります（差${gap > 0 ? "+" : "−"}${yen(Math.abs(gap))}円）。内容をご確認ください。`;
}

/** Blank values of the section (a new listing). */
export const EMPTY_ECONOMICS = {
  road_price: "",
  road_price_year: "",
  leasehold_ratio: "",
  assessed_land_value: "",
  assessed_building_value: "",
  property_tax: "",
  replacement_cost: "",
  steel_thickness: "",
  rebuild_not_allowed: "",
  nonconforming: "",
  rent_roll: [] as RentRollRowInput[],
  repair_history: [] as RepairRowInput[],
};
export const EMPTY_RENT_ROLL_ROW: RentRollRowInput = {
  room: "",
  layout: "",
  area: "",
  rent: "",
  common_fee: "",
  deposit: "",
  status: "occupied",
  lease_start: "",
};
export const EMPTY_REPAIR_ROW: RepairRowInput = { year_month: "", description: "", cost: "" };

/* ------------------------------------------------------------ CSV import */

/** POST …/rent-roll/csv and the editor's import: the file's bytes as base64 (1 MB of CSV at most). */
export const rentRollCsvInput = z.object({
  csv: label(
    z
      .string()
      .min(1)
      .max(1_400_000)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: "CSVファイルを読み込めませんでした" }),
    "CSVファイル",
  ),
});
/** A rent-roll row as form values (what the import answers). */
export const rentRollFormRow = z.object({
  room: z.string(),
  layout: z.string(),
  area: z.string(),
  rent: z.string(),
  common_fee: z.string(),
  deposit: z.string(),
  status: z.enum(UNIT_STATUSES),
  lease_start: z.string(),
});
/** The import's answer: every row as form values, or every error by line number (then no rows). */
export const rentRollCsvResult = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), encoding: z.enum(["UTF-8", "Shift_JIS"]), rows: z.array(rentRollFormRow) }),
  z.object({ ok: z.literal(false), errors: z.array(z.object({ line: z.number().int().min(1), message: z.string() })) }),
]);
export type RentRollFormRow = z.output<typeof rentRollFormRow>;
export type RentRollCsvResult = z.output<typeof rentRollCsvResult>;
