import { INTENT_NEXT_MAX } from "@/lib/intent";
import { z } from "./zod";

/**
 * A visitor's intent (src/lib/intent.ts) as the sign-up and member.intent.carryOut take it. Shapes
 * only: `next` is re-checked as a same-site path where it is used (readIntent), the listing's
 * visibility where the action is done (members/intent.ts).
 */
const listingId = z.coerce.number().int().positive().max(9_999_999_999);
export const intentInput = z.object({
  next: z.string().max(INTENT_NEXT_MAX).nullish(),
  bookmark: listingId.optional(),
  compare: listingId.optional(),
  save: z.boolean().optional(),
});
export type IntentInput = z.infer<typeof intentInput>;

/** What was done: `next` is where to go now; `notice` a sentence for the page the member lands on. */
export const intentResult = z.object({
  next: z.string(),
  bookmarked: z.number().int().nullable(),
  compare: z.number().int().nullable(),
  savedFilter: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  notice: z.string().nullable(),
});
export type IntentResult = z.infer<typeof intentResult>;
