import { MapPinned, SlidersHorizontal, TrainFront } from "@/components/icons";

/*
 * The refinement choices of the list's side column. In a module of their own
 * because refine-links.tsx is a client component: a server component that
 * imported these from there would get client references, not the arrays.
 */

/** Price bands in 万円 (lp / hp). */
export const PRICE_BANDS = [
  { label: "3,000万円未満", lp: null, hp: 3000 },
  { label: "3,000万〜5,000万円", lp: 3000, hp: 5000 },
  { label: "5,000万〜1億円", lp: 5000, hp: 10000 },
  { label: "1億〜3億円", lp: 10000, hp: 30000 },
  { label: "3億円以上", lp: 30000, hp: null },
] as const;

/** Gross-yield floors in percent (ly). */
export const YIELD_FLOORS = [6, 8, 10, 12] as const;

/** Station-walk limits in minutes (sw). */
export const WALK_LIMITS = [5, 10, 15] as const;

export const ENTRY_LINKS = [
  { name: "エリアから探す", path: "/investments/search/area", icon: MapPinned },
  { name: "路線・駅から探す", path: "/investments/search/train", icon: TrainFront },
  { name: "こだわり条件から探す", path: "/investments/search/feature", icon: SlidersHorizontal },
] as const;
