import { isoDateTime, recordId, storedEnum, type Timestamp } from "./common";
import { formerPriceSchema, investmentCard, investmentCardDto } from "./investment";
import { z } from "./zod";

/** Why a listing matched a saved condition: it is new, or its price went down. */
export const MATCHING_REASONS = ["new", "price_down"] as const;

/** PATCH /api/user/matchings/{id}: mark one of the member's own matchings read (or unread again). */
export const matchingReadInput = z.object({ id: z.coerce.number().int().positive(), read: z.boolean().default(true) });

/** DELETE /api/user/matchings: these of the member's own, or all of them when `ids` is left out. */
export const removeMatchingsInput = z.object({ ids: z.array(z.coerce.number().int().positive()).max(1000).optional() });

/** One matching (the member's own, newest first), `card` the listing's card now or null when it is no longer visible. */
const matchingOf = <T extends Timestamp, C extends z.ZodType>(at: T, card: C) =>
  z.object({
    _id: recordId,
    investment_id: recordId,
    filter_id: recordId.nullable(),
    filter_name: z.string().nullable(),
    reason: storedEnum(MATCHING_REASONS),
    /** The price when it matched (万円). */
    price: z.number().int(),
    /** The former price, only while 表示規約 allows it (then with its dates in `former_price`); a price_down row without it is a 価格変更. */
    price_before: z.number().int().nullable(),
    former_price: formerPriceSchema.nullable(),
    read_at: z.nullable(at),
    created_at: at,
    card: card.nullable(),
  });

/** member.matchings.list */
export const matching = matchingOf(z.date(), investmentCard);
/** GET /api/user/matchings */
export const matchingDto = matchingOf(isoDateTime, investmentCardDto);
export type MatchingDto = z.infer<typeof matchingDto>;

/** DELETE /api/user/matchings: how many were removed. */
export const matchingsDeleted = z.object({ deleted: z.number().int().min(0) });
