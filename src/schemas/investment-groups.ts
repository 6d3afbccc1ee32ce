import { z } from "@/schemas/zod";

/**
 * Display-only groups of a listing, stored as JSON columns (ARCHITECTURE:
 * "columns for what is searched or sorted, JSON for display-only groups").
 * These structural schemas validate what goes into and comes out of the
 * database; the admin form schema (with Japanese labels and the spec §5 rules)
 * builds on them.
 */
const num = z.number().finite();
const optNum = num.nullable().optional();
const optText = z.string().max(2000).nullable().optional();

export const mapGroup = z.object({ lat: num.min(-90).max(90), lng: num.min(-180).max(180), zoom: z.number().int().min(1).max(21).optional() });
/** Rent income in yen (price is in 万円; income is shown to the yen as portals do). */
export const incomeGroup = z.object({ month: optNum, year: optNum });
export const floorGroup = z.object({ ground: optNum, under: optNum, location: optNum });
export const builtGroup = z.object({ year: z.number().int().min(1868).max(2100), month: z.number().int().min(1).max(12).nullable().optional() });
export const specificationsGroup = z.object({ parking: optText, elevator: optText, renovation: optText, separat: optText });
/** cert: 検査済証あり; repair: 大規模修繕済 (with an optional note such as the year). */
export const featuresGroup = z.object({ cert: z.boolean().optional(), repair: z.boolean().optional(), repair_note: optText });
export const landRightsGroup = z.object({ type: z.number().int().nullable().optional(), other: optText, fee: optNum });
export const landRatioGroup = z.object({ bdr_1: optNum, bdr_2: optNum, far_1: optNum, far_2: optNum });
export const codeWithOther = z.object({ cd: z.number().int().nullable().optional(), other: optText });
export const landRoadEntry = z.object({ direction: optText, width: optNum, kind: optText, frontage: optNum });
export const originalGroup = z.object({ reins: optText, check_at: optText, staff: optText, company: optText, tel: optText });
export const commentsGroup = z.object({ main: optText, sub: optText });

export type MapGroup = z.infer<typeof mapGroup>;
export type IncomeGroup = z.infer<typeof incomeGroup>;
export type FloorGroup = z.infer<typeof floorGroup>;
export type BuiltGroup = z.infer<typeof builtGroup>;
export type SpecificationsGroup = z.infer<typeof specificationsGroup>;
export type FeaturesGroup = z.infer<typeof featuresGroup>;
export type LandRightsGroup = z.infer<typeof landRightsGroup>;
export type LandRatioGroup = z.infer<typeof landRatioGroup>;
export type CodeWithOther = z.infer<typeof codeWithOther>;
export type LandRoadEntry = z.infer<typeof landRoadEntry>;
export type OriginalGroup = z.infer<typeof originalGroup>;
export type CommentsGroup = z.infer<typeof commentsGroup>;
