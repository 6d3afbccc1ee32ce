import { investments } from "@/server/db/schema";

/**
 * The stored columns of a listing's current former price (表示規約 rule: src/lib/former-price.ts),
 * selected wherever a surface must ask the rule with the clock (My Page matchings, matching mails).
 */
export const formerPriceColumns = {
  price: investments.price,
  price_down: investments.price_down,
  price_before: investments.price_before,
  price_down_at: investments.price_down_at,
  price_before_since: investments.price_before_since,
};
