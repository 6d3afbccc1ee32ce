/**
 * Links between search states: the list URL of a query, and one removable
 * chip per condition (the search summary). Pure; server and client alike.
 */
import { describeQuery, parseSearchParams, type DescribeNames, type SearchQuery } from "@/schemas/search";
import { SINGLE_CONDITION_KEYS } from "@/schemas/search-params";
import { listHref, MULTI_KEYS } from "./query-hrefs";

// The link builders without the schemas (client components import them from ./query-hrefs).
export { emptyQuery, hasValue, LIST_PATH, listHref, patchQuery, queryParams, scalarValue, toggleValue } from "./query-hrefs";

/** Single-valued conditions (page and sr are not conditions: they never show as chips). */
const SINGLE_KEYS = SINGLE_CONDITION_KEYS;
/** Chip order (describeQuery's): a group of several keys is one chip (a range), a multi key one chip per value. */
const CHIP_GROUPS: readonly (readonly string[])[] = [
  ["re"],
  ["pf"],
  ["ct"],
  ["dt"],
  ["ty"],
  ["sc"],
  ["sl"],
  ["st"],
  ["rg"],
  ["sw"],
  ["lp", "hp"],
  ["ly", "hy"],
  ["ny"],
  ["sk"],
  ["bt"],
  ["rs"],
  ["ls", "hs"],
  ["fs"],
  ["ow"],
  ["oc"],
  ["ss"],
  ["sf"],
  ["dy"],
  ["up"],
  ["fw"],
  ["xw"],
  ["hz"],
];
type Loose = Record<string, unknown>;
const loose = (q: SearchQuery): Loose => q as unknown as Loose;
const fromLoose = (r: Loose): SearchQuery => r as unknown as SearchQuery;
const isMulti = (k: string) => (MULTI_KEYS as readonly string[]).includes(k);

const present = (v: unknown): boolean => v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && v.length === 0);

/** The list query of a page: the URL's parameters, with the page from the path. */
export function parseListQuery(raw: Record<string, string | string[] | undefined>, page: number): SearchQuery {
  return parseSearchParams({ ...raw, page: String(page) });
}

export interface QueryChip {
  key: string;
  label: string;
  /** The list without this condition (back to page 1). */
  removeHref: string;
}

/** One chip per condition (per value for several-valued keys), labelled by describeQuery, each with a link that drops it. */
export function queryChips(q: SearchQuery, names: DescribeNames = {}): QueryChip[] {
  const cur = loose(q);
  const chips: QueryChip[] = [];
  const describe = (part: Loose) => describeQuery(fromLoose(part), names).join(" ");
  for (const group of CHIP_GROUPS) {
    const [first] = group;
    if (first === undefined) continue;
    if (isMulti(first)) {
      const values = cur[first];
      if (!Array.isArray(values)) continue;
      for (const value of values as unknown[]) {
        const label = describe({ [first]: [value] });
        if (!label) continue;
        const rest = (values as unknown[]).filter((v) => v !== value);
        chips.push({
          key: `${first}-${String(value)}`,
          label,
          removeHref: listHref(fromLoose({ ...cur, [first]: rest.length ? rest : undefined, page: undefined })),
        });
      }
      continue;
    }
    const part: Loose = {};
    for (const k of group) if (present(cur[k])) part[k] = cur[k];
    if (Object.keys(part).length === 0) continue;
    const label = describe(part);
    if (!label) continue;
    const without: Loose = { ...cur, page: undefined };
    for (const k of group) without[k] = undefined;
    chips.push({ key: group.join("-"), label, removeHref: listHref(fromLoose(without)) });
  }
  return chips;
}

/** Number of conditions (chips) in a query. */
export function conditionCount(q: SearchQuery): number {
  const cur = loose(q);
  let n = 0;
  for (const key of MULTI_KEYS) if (Array.isArray(cur[key])) n += (cur[key] as unknown[]).length;
  for (const key of SINGLE_KEYS) if (present(cur[key])) n += 1;
  return n;
}

/** DescribeNames over plain records of names (as railwayNames gives them). */
export function describeNames(n: { lines: Record<number, string>; stations: Record<number, string>; groups: Record<number, string> }): DescribeNames {
  return { line: (cd) => n.lines[cd], station: (cd) => n.stations[cd], group: (cd) => n.groups[cd] };
}
