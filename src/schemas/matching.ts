import { isoDateTime, recordId } from "./common";
import { investmentCardDto } from "./investment";
import { z } from "./zod";

/** Why a listing matched a saved condition: it is new, or its price went down. */
export const MATCHING_REASONS = ["new", "price_down"] as const;

/** One matching as GET /api/user/matchings lists it (the member's own, newest first). */
export const matchingDto = z.object({
  _id: recordId,
  investment_id: recordId,
  filter_id: recordId.nullable(),
  filter_name: z.string().nullable(),
  reason: z.enum(MATCHING_REASONS),
  /** The price when it matched (万円). */
  price: z.number().int(),
  price_before: z.number().int().nullable(),
  read_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  /** The listing's card now; null when it is no longer visible. */
  card: investmentCardDto.nullable(),
});
export type MatchingDto = z.infer<typeof matchingDto>;

/** DELETE /api/user/matchings: how many were removed. */
export const matchingsDeleted = z.object({ deleted: z.number().int().min(0) });
