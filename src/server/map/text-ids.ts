/**
 * The ids the text conditions of a map query select (町名, railway line /
 * station / group with the walk to it, free words: buildTextWhere), cached per
 * process across viewports. A visitor pans and zooms with the same conditions;
 * a broad free word (fw=マンション, 45 % of the listings) costs its FTS5
 * lookup (170–200 ms at 100,000 listings) on every view without this
 * (bench/results/map.md).
 *
 * Key: the SQL buildTextIdsSelect writes, with its parameters — two queries that
 * write the same condition select the same ids, whatever else they hold.
 * Validity: the snapshot's textSeq (snapshot.ts), bumped by every write the
 * map_changes log marks `text` (0014: name, keywords, 町名, transports,
 * listings added, removed or renumbered), which reaches every process at its
 * next viewport; an entry is used only under the textSeq it was read with.
 * Visibility is not part of the set (the columns apply it), so publishing or
 * hiding a listing needs no new set.
 *
 * Bounded: MAX_ENTRIES sets per database, least recently used dropped; each a
 * bit set over ids (one bit per id up to the highest, 12.5 KiB for ids up to
 * 100,000) or, for ids beyond BITSET_MAX_ID, a sorted Int32Array.
 */
import type { InValue } from "@libsql/client";
import { sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { SearchQuery } from "@/schemas/search";
import type { Db } from "@/server/db";
import { buildTextIdsSelect } from "@/server/search";
import type { IdSet, MapSnapshot } from "./snapshot";

export const MAX_ENTRIES = 8;
/** Ids up to this in a bit set (at most 512 KiB a set); beyond, a sorted array. */
const BITSET_MAX_ID = 1 << 22;

const dialect = new SQLiteAsyncDialect();

/** Ids as a bit set, or a sorted Int32Array when one is above BITSET_MAX_ID. */
export function idSet(ids: Int32Array): IdSet {
  let max = 0;
  for (let k = 0; k < ids.length; k++) if (ids[k]! > max) max = ids[k]!;
  if (max <= BITSET_MAX_ID) {
    const bits = new Uint32Array((max >>> 5) + 1);
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k]!;
      if (id >= 0) bits[id >>> 5]! |= 1 << (id & 31);
    }
    return { size: ids.length, has: (id) => id >= 0 && id <= max && (bits[id >>> 5]! & (1 << (id & 31))) !== 0 };
  }
  const sorted = ids.slice().sort();
  return {
    size: sorted.length,
    has: (id) => {
      let lo = 0;
      let hi = sorted.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const v = sorted[mid]!;
        if (v === id) return true;
        if (v < id) lo = mid + 1;
        else hi = mid - 1;
      }
      return false;
    },
  };
}

/** The ids as one text (a driver row object per id would cost more than the lookup). */
async function read(db: Db, select: SQL): Promise<IdSet> {
  const q = dialect.sqlToQuery(sql`SELECT group_concat(id) FROM (${select})`);
  const r = await db.$client.execute({ sql: q.sql, args: q.params as InValue[] });
  const text = r.rows[0]?.[0];
  if (typeof text !== "string" || text === "") return idSet(new Int32Array(0));
  const parts = text.split(",");
  const ids = new Int32Array(parts.length);
  for (let k = 0; k < parts.length; k++) ids[k] = Number(parts[k]);
  return idSet(ids);
}

/**
 * The ids the text conditions of `query` select, from the snapshot's cache
 * when it holds them for its current textSeq; null when the query has none.
 * Call right after mapSnapshot(db) returned `s`: the read starts after that
 * catch-up, so it sees every write up to s.textSeq.
 */
export function textIds(db: Db, s: MapSnapshot, query: SearchQuery, now: Date): Promise<IdSet> | null {
  const select = buildTextIdsSelect(query, now);
  if (!select) return null;
  const q = dialect.sqlToQuery(select);
  const key = `${q.sql}\u0000${JSON.stringify(q.params)}`;
  const cache = s.textIds;
  const held = cache.get(key);
  if (held) {
    cache.delete(key);
    if (held.textSeq === s.textSeq) {
      cache.set(key, held); // most recently used last
      return held.ids;
    }
  }
  const entry = { textSeq: s.textSeq, ids: read(db, select) };
  cache.set(key, entry);
  entry.ids.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return entry.ids;
}
