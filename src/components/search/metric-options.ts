/**
 * The 投資指標 conditions of the search forms (issue 33/34): 実質利回り (ny), 積算比 (sk), 所有権のみ
 * (ow), 現況満室のみ (oc) and the hazard exclusion (hz). Pure, without zod or the search schemas, so
 * the dialog, the feature form (client) and the list's side column (server) share one wording and
 * one set of steps.
 */
import { HAZARD_SEARCH_LABEL } from "@/schemas/search/limits";
import { YIELD_LABELS } from "@/lib/yield-wording";

export { METRIC_KEYS } from "./metric-keys";

/** 実質利回り floors in % (ny): net yields run 1–2 points under the gross ones (YIELD_STEPS 5–15). */
export const NET_YIELD_STEPS = [3, 4, 5, 6, 7, 8, 9, 10] as const;
/** 積算比 floors in % (sk): 積算価格 ÷ 価格, 100 % and more is what banks like to see. */
export const SEKISAN_STEPS = [50, 70, 80, 100, 120] as const;
/** The side column's one-click 実質利回り floors (the gross ones are 6/8/10/12). */
export const NET_YIELD_FLOORS = [4, 5, 6, 8] as const;
/** The side column's one-click 積算比 floors. */
export const SEKISAN_FLOORS = [70, 100] as const;

/** 「実質利回り（概算）」: the model's estimate, named as the cards and the detail name it. */
export const NET_YIELD_LABEL = YIELD_LABELS.net;
export const SEKISAN_LABEL = "積算比";

/** The yes/no conditions, each `key=1`, in the order the forms list them. */
export const METRIC_FLAGS = [
  { key: "ow", label: "所有権のみ", note: "借地権・底地・定期借地権の物件を除きます" },
  { key: "oc", label: "現況満室のみ", note: "レントロール（ない物件は掲載の現況）で満室の物件です" },
  { key: "hz", label: HAZARD_SEARCH_LABEL, note: "ハザード情報が未確認の物件は除外しません" },
] as const;

/** "5%以上" / "5.5%以上" (a decimal step given in the URL keeps its decimals). */
export const floorLabel = (v: number | string) => `${v}%以上`;
