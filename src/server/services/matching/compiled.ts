/**
 * Every saved filter compiled once into an in-memory predicate
 * (services/investments/matcher.ts, the twin of the search SQL).
 *
 * Compiling 50,000 filters (JSON parse, schema check, planQuery) costs more
 * than running them, so a compiled set is reused for a batch: every matching
 * job within BATCH_MS shares one set as long as no filter was added, changed
 * or removed (a cheap count/max fingerprint) and the Japan date is the same
 * (age thresholds are day-based). Identical query texts compile once.
 *
 * The set's `now` is the batch's clock: the matcher's "published/updated
 * within N days" boundaries are computed for it, so a listing matched a few
 * seconds into a batch is judged as the search would have judged it at the
 * batch's start.
 */
import { asc, count, max, sql } from "drizzle-orm";
import { searchQuery } from "@/schemas/search";
import type { Db } from "@/server/db";
import { filters } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { compileQuery, jstDatePlusYears, type MatchPredicate } from "@/server/services/investments/matcher";

export type CompiledFilter = { id: number; userId: number; name: string; test: MatchPredicate };

export type CompiledSet = {
  now: Date;
  filters: CompiledFilter[];
  /** Distinct query texts compiled. */
  distinct: number;
  /** Filters whose stored query no longer parses (skipped). */
  invalid: number;
  fingerprint: string;
  compileMs: number;
};

export const BATCH_MS = 30_000;

type Entry = { set: CompiledSet; expires: number };
const cache = new WeakMap<Db, Entry>();
const building = new WeakMap<Db, Promise<CompiledSet>>();

async function fingerprint(db: Db, now: Date): Promise<string> {
  const r = await db.select({ n: count(), id: max(filters.id), at: max(filters.updated_at) }).from(filters).get();
  return `${r?.n ?? 0}:${r?.id ?? 0}:${r?.at?.getTime() ?? 0}:${jstDatePlusYears(now, 0)}`;
}

/** Loads and compiles every saved filter (ordered by id, so a member's first matching filter is their oldest). */
export async function compileAllFilters(db: Db, now = new Date()): Promise<CompiledSet> {
  const started = performance.now();
  const fp = await fingerprint(db, now);
  // The query as stored text: identical texts share one compiled predicate.
  const rows = await db
    .select({ id: filters.id, userId: filters.user_id, name: filters.name, query: sql<string>`${filters.query}` })
    .from(filters)
    .orderBy(asc(filters.id))
    .all();
  const byText = new Map<string, MatchPredicate | null>();
  const out: CompiledFilter[] = [];
  let invalid = 0;
  for (const r of rows) {
    let test = byText.get(r.query);
    if (test === undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(r.query);
      } catch {
        parsed = undefined;
      }
      const q = searchQuery.safeParse(parsed);
      test = q.success ? compileQuery(q.data, now) : null;
      byText.set(r.query, test);
    }
    if (test) out.push({ id: r.id, userId: r.userId, name: r.name, test });
    else invalid++;
  }
  if (invalid) logger.warn("matching.invalid_filters", { invalid });
  return { now, filters: out, distinct: byText.size, invalid, fingerprint: fp, compileMs: performance.now() - started };
}

/** The compiled set for this batch: reused while fresh and unchanged, rebuilt (once, however many jobs ask) otherwise. */
export async function compiledFilters(db: Db, opts: { now?: Date; maxAgeMs?: number } = {}): Promise<CompiledSet> {
  const now = opts.now ?? new Date();
  const hit = cache.get(db);
  if (hit && hit.expires > now.getTime() && hit.set.fingerprint === (await fingerprint(db, now))) return hit.set;
  let pending = building.get(db);
  if (!pending) {
    pending = compileAllFilters(db, now)
      .then((set) => {
        cache.set(db, { set, expires: now.getTime() + (opts.maxAgeMs ?? BATCH_MS) });
        return set;
      })
      .finally(() => building.delete(db));
    building.set(db, pending);
  }
  return pending;
}

/** Tests and the bench measure a cold start. */
export function clearCompiledFilters(db: Db): void {
  cache.delete(db);
}
