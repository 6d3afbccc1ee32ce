/**
 * The home page's search tiles, built from the code tables so a renamed area or type cannot drift.
 * Apart from site.ts so that the site constants carry no code tables (issue 21).
 */
import { AREAS, FEATURES, SEARCH_TYPES, STRUCTURES } from "@/lib/constants/investment";
import type { NavLink } from "@/lib/constants/site";

/** The list page with a single filter; the page segment is always explicit. */
const listPath = (param: string, id: number) => `/investments/page/1/?${param}=${id}`;

export const HOME_AREAS: readonly NavLink[] = AREAS.map((a) => ({ name: a.name, path: listPath("re", a.id) }));
export const HOME_TYPES: readonly NavLink[] = SEARCH_TYPES.map((t) => ({ name: t.name, path: listPath("ty", t.id) }));
export const HOME_STRUCTURES: readonly NavLink[] = STRUCTURES.map((s) => ({ name: s.name, path: listPath("sc", s.id) }));
export const HOME_FEATURES: readonly NavLink[] = FEATURES.map((f) => ({ name: f.name, path: listPath("fs", f.id) }));
