import { CLASS_NONE, HAZARD_LAYER_IDS, isLayerClass } from "@/lib/hazard";
import { label, z } from "@/schemas/zod";

/**
 * Staff's override of one hazard flag (issue 34, the editor's ハザード block): the layer,
 * the class it is (a legend key of that layer, or 'none' = 区域外), and a note saying
 * what it rests on (the municipality's map, a 重要事項説明 check…). class null clears
 * the override (the worker's reading counts again).
 */
export const hazardOverrideInput = z
  .object({
    investmentId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    layer: label(z.enum(HAZARD_LAYER_IDS), "ハザードの種類", { select: true }),
    class: label(z.string().max(40).nullable(), "区分", { select: true }),
    note: label(z.string().trim().max(500).optional(), "根拠・メモ"),
  })
  .superRefine((v, ctx) => {
    if (v.class === null) return;
    if (!isLayerClass(v.layer, v.class)) ctx.addIssue({ code: "custom", path: ["class"], message: "区分を選択し直してください" });
    if (!v.note) ctx.addIssue({ code: "custom", path: ["note"], message: "根拠・メモを入力してください（確認した資料など）" });
  });
export type HazardOverrideInput = z.output<typeof hazardOverrideInput>;

export { CLASS_NONE };
