import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { investments } from "@/server/db/schema";

/**
 * The listing rules every surface shares, written once (issue 29): search's SQL
 * and in-memory predicate, the map snapshot, bookmarks, market figures and the
 * detail's formatting cite these instead of repeating a code.
 */

/** investments.type_cd 5 = 土地: a lot without a building. */
export const TYPE_LAND = 5;
/** investments.type_cd 6 = 区分マンション: one unit, sized by its occupied area. */
export const TYPE_UNIT = 6;
/** investment_transports.distance: 1 徒歩, 2 バス, 3 その他; a walk condition counts only 1. */
export const DISTANCE_WALK = 1;

export interface SizedListing {
  type_cd: number;
  occupied_size: number | null;
  land_size: number | null;
}

/**
 * The size rule of the search's 面積 condition: a 区分 unit is sized by its
 * occupied area, everything else by its land. null when that figure is missing
 * (such a listing matches no size bound).
 */
export function searchSize(l: SizedListing): number | null {
  return l.type_cd === TYPE_UNIT ? l.occupied_size : l.land_size;
}

/**
 * The same rule as a Drizzle expression over investments; `typeCd` lets a
 * caller wrap the type column (search/sql.ts keeps the planner off its index).
 */
export function searchSizeSql(typeCd: SQLWrapper = investments.type_cd): SQL {
  return sql`(CASE WHEN ${typeCd} = ${TYPE_UNIT} THEN ${investments.occupied_size} ELSE ${investments.land_size} END)`;
}

/**
 * The same rule as SQL text over a table alias, for hand-written statements
 * (the map snapshot's load, search/sql.ts through searchSizeSql).
 */
export function searchSizeSqlText(alias: string): string {
  return `(CASE WHEN ${alias}.type_cd = ${TYPE_UNIT} THEN ${alias}.occupied_size ELSE ${alias}.land_size END)`;
}
