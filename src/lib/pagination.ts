/**
 * Pagination model (spec §4, §9), free of any rendering.
 *
 * For total > 0, with `current` clamped to 1..last (last ≥ 1), the items are,
 * in this order:
 *   1. { type: "first", page: 1 }               when current > 2
 *   2. { type: "prev", page: current - 1 }      when current > 1
 *   3. { type: "ellipsis", position: "start" }  when page 1 is outside the window
 *   4. { type: "page", page, current }          for every page in
 *                                               max(1, current-2)..min(last, current+2)
 *   5. { type: "ellipsis", position: "end" }    when page `last` is outside the window
 *   6. { type: "next", page: current + 1 }      when current < last
 *   7. { type: "last", page: last }             when current < last - 1
 * A single page therefore yields only [{ type: "page", page: 1, current: true }].
 * (first/last are the mirror of each other: they appear only when they would
 * not duplicate prev/next.)
 *
 * `open`: the total was counted to a bound (issue 31, 「1,000件以上」), so `last`
 * is only the last page known to exist: no "last" item (it would not be the
 * end), and the end ellipsis always (more pages follow).
 */

export const PAGE_WINDOW = 2;
export const EMPTY_MESSAGE = "検索内容に合致するデータがありません。";

export type PageItem =
  | { type: "first"; page: 1 }
  | { type: "prev"; page: number }
  | { type: "ellipsis"; position: "start" | "end" }
  | { type: "page"; page: number; current: boolean }
  | { type: "next"; page: number }
  | { type: "last"; page: number };

export type Pagination =
  { empty: true; message: typeof EMPTY_MESSAGE } | { empty: false; current: number; last: number; total: number; open: boolean; items: PageItem[] };

export interface PaginateInput {
  current: number;
  last: number;
  total: number;
  /** The total is a lower bound and pages may follow `last`. */
  open?: boolean;
}

const toInt = (n: number, fallback: number) => (Number.isFinite(n) ? Math.trunc(n) : fallback);

export function paginate({ current, last, total, open = false }: PaginateInput): Pagination {
  if (!(total > 0)) return { empty: true, message: EMPTY_MESSAGE };
  const lastPage = Math.max(1, toInt(last, 1));
  const cur = Math.min(lastPage, Math.max(1, toInt(current, 1)));
  const items: PageItem[] = [];

  if (cur > 2) items.push({ type: "first", page: 1 });
  if (cur > 1) items.push({ type: "prev", page: cur - 1 });

  const start = Math.max(1, cur - PAGE_WINDOW);
  const end = Math.min(lastPage, cur + PAGE_WINDOW);
  if (start > 1) items.push({ type: "ellipsis", position: "start" });
  for (let p = start; p <= end; p++) items.push({ type: "page", page: p, current: p === cur });
  if (end < lastPage || open) items.push({ type: "ellipsis", position: "end" });

  if (cur < lastPage) items.push({ type: "next", page: cur + 1 });
  if (cur < lastPage - 1 && !open) items.push({ type: "last", page: lastPage });

  return { empty: false, current: cur, last: lastPage, total, open, items };
}

/** Number of pages for a total and a page size (at least 1). */
export function lastPage(total: number, pageSize: number): number {
  if (!(total > 0) || !(pageSize > 0)) return 1;
  return Math.ceil(total / pageSize);
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryInput = URLSearchParams | string | Record<string, QueryValue>;

/**
 * Link to page `n` of a paged list: `{basePath}/page/{n}/?{query}`, e.g.
 * pageHref("/investments", 2, { re: 3 }) → "/investments/page/2/?re=3".
 * The query is kept in its given order; the page lives in the path, so any
 * `page` parameter is dropped, as are empty values. Arrays become repeated
 * keys (ty=1&ty=2); a string or URLSearchParams query is kept as written.
 */
export function pageHref(basePath: string, n: number, query?: QueryInput): string {
  const base = basePath.replace(/\/+$/, "");
  const page = Math.max(1, toInt(n, 1));
  const qs = toSearchParams(query);
  qs.delete("page");
  const q = qs.toString();
  return `${base}/page/${page}/${q ? `?${q}` : ""}`;
}

function toSearchParams(query: QueryInput | undefined): URLSearchParams {
  if (query === undefined) return new URLSearchParams();
  if (typeof query === "string" || query instanceof URLSearchParams) {
    const qs = new URLSearchParams();
    for (const [k, v] of new URLSearchParams(query)) if (v !== "") qs.append(k, v);
    return qs;
  }
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === null || v === undefined || v === "") continue;
    if (Array.isArray(v)) {
      for (const item of v as readonly (string | number)[]) if (item !== "") qs.append(k, String(item));
    } else {
      qs.append(k, String(v));
    }
  }
  return qs;
}
