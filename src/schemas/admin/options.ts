import { toHalfWidth } from "@/schemas/common";
import { label, z } from "@/schemas/zod";

/** A count override: blank keeps the computed value. */
const count = (name: string) =>
  label(
    z.preprocess(
      (v) => (v === null || v === undefined || (typeof v === "string" && v.trim() === "") ? null : typeof v === "string" ? toHalfWidth(v).trim() : v),
      z.union([z.null(), z.coerce.number().int().min(0).max(10_000_000)]),
    ),
    name,
  );

/** POST /api/admin/options: header counts override and the holiday note. */
export const siteOptionsInput = z.object({
  counts_override: z.object({
    members: count("会員数"),
    investment: z.object({ members: count("会員限定物件数"), public: count("公開物件数") }),
  }),
  holiday_note: label(z.string().trim().max(200), "休業のお知らせ"),
});
export type SiteOptionsInput = z.input<typeof siteOptionsInput>;
export type SiteOptionsOutput = z.output<typeof siteOptionsInput>;
