/**
 * How the listing list is shown, apart from what it finds: the view (cards or
 * a compact table, `vw`) and the page size (`pp`: 20, 50 or 100). Both live in
 * the URL, never in a cookie the server reads: the visitors' page cache keys
 * by URL, so a page rendered for one visitor's preference can never be served
 * to another. The browser remembers the last choice in localStorage and puts
 * it back into the URL when a list opens without one (ListViewMemory).
 * They are not search conditions: saved conditions, matching and the
 * canonical URL leave them out.
 */
export const LIST_VIEWS = [
  { key: "card", name: "カード" },
  { key: "table", name: "一覧表" },
] as const;
export type ListView = (typeof LIST_VIEWS)[number]["key"];
export const PAGE_SIZES = [20, 50, 100] as const;
export type ListPageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_LIST_VIEW: ListView = "card";
export const DEFAULT_PAGE_SIZE: ListPageSize = 20;
/** localStorage key of the remembered choice ("table|50"). */
export const LIST_VIEW_STORAGE_KEY = "kir:list-view";

const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

export function parseListView(v: unknown): ListView | null {
  const s = first(v);
  return LIST_VIEWS.some((x) => x.key === s) ? (s as ListView) : null;
}

export function parsePageSize(v: unknown): ListPageSize | null {
  const s = first(v);
  const n = typeof s === "number" ? s : typeof s === "string" && /^\d{2,3}$/.test(s.trim()) ? Number(s) : NaN;
  return (PAGE_SIZES as readonly number[]).includes(n) ? (n as ListPageSize) : null;
}

export interface ListDisplay {
  view: ListView;
  pageSize: ListPageSize;
  /** The parameters as the URL gave them (only valid ones), to carry on pagination and sort links. */
  params: URLSearchParams;
}

/** The display choice of a list URL's raw parameters (invalid values: the defaults). */
export function listDisplay(raw: Record<string, unknown>): ListDisplay {
  const vw = parseListView(raw.vw);
  const pp = parsePageSize(raw.pp);
  const params = new URLSearchParams();
  if (vw) params.set("vw", vw);
  if (pp) params.set("pp", String(pp));
  return { view: vw ?? DEFAULT_LIST_VIEW, pageSize: pp ?? DEFAULT_PAGE_SIZE, params };
}
