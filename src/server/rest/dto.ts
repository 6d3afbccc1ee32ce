import type { Caller } from "./route";

/**
 * Renames from a procedure's result to the spec's REST field names (`_id`,
 * snake_case). Presentation only: no data is read or decided here; what may
 * leave is decided by the services and then pinned by each route's output
 * schema.
 */

/** `{ id, …rest }` → `{ _id, …rest }`: REST bodies name a row's key `_id` (spec §3). */
export function withUnderscoreId<T extends { id: number }>({ id, ...rest }: T): Omit<T, "id"> & { _id: number } {
  return { _id: id, ...rest };
}

/** A page of a list with its items mapped, `pageSize` as `page_size`. */
export function toPage<T, U>(p: { items: T[]; total: number; page: number; last: number; pageSize: number }, item: (x: T) => U) {
  return { items: p.items.map(item), total: p.total, page: p.page, last: p.last, page_size: p.pageSize };
}

type ListingDetail = Awaited<ReturnType<Caller["public"]["investments"]["byId"]>>;

/** A listing detail: `_id`, `price_history`, related cards with `_id`; a locked one stays `{ locked: true }` and nothing else. */
export function toInvestmentDetail(d: ListingDetail) {
  if (d.locked) return { locked: true as const };
  const { id, priceHistory, related, ...rest } = d;
  return { _id: id, ...rest, price_history: priceHistory, related: related.map(withUnderscoreId) };
}

type AccountDetail = Awaited<ReturnType<Caller["admin"]["accounts"]["byId"]>>;

/** A member as staff see them, every row keyed `_id`. */
export function toAccountDetail(d: AccountDetail) {
  return {
    ...d,
    profile: withUnderscoreId(d.profile),
    filters: d.filters.map(withUnderscoreId),
    matchings: d.matchings.map(withUnderscoreId),
    contacts: d.contacts.map(withUnderscoreId),
  };
}
