/**
 * Every saved filter as an in-memory predicate (../predicate.ts,
 * the twin of the search SQL), prepared once per batch of matching jobs.
 *
 * Cost: validating a stored query with the search schema (zod) is by far the
 * most expensive step — far more than running the predicates — so:
 *  - identical query texts share one entry;
 *  - a query is validated only when a listing could match it: a stored list
 *    of plain integers under `ty` / `re` that leaves out the listing's type /
 *    area cannot match (validation either keeps those integers or rejects the
 *    whole query), so such filters are skipped before validation;
 *  - validated queries are kept between batches (they do not depend on the
 *    clock), with their compiled predicate when no condition is computed from
 *    `now` (only dy / up / bt / rs / fs=1 queries are recompiled per batch);
 *  - the worker validates everything once at start-up (warmMatching).
 *
 * A batch: every matching job within BATCH_MS shares one set, as long as no
 * filter was added, changed or removed (a count/max fingerprint) and the
 * Japan date is the same. The set's `now` is the batch's clock: a listing
 * matched a few seconds into a batch is judged as the search would have
 * judged it at the batch's start.
 */
import { count, max } from "drizzle-orm";
import { searchQuery, type SearchQuery } from "@/schemas/search";
import type { Db } from "@/server/db";
import { filters } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { jstDatePlusYears } from "@/lib/jst-date";
import { planQuery } from "../plan";
import { compileQuery, type MatchableInvestment, type MatchPredicate } from "../predicate";

export const BATCH_MS = 30_000;

/** A validated query, with its predicate when it does not depend on the clock. */
type Parsed = { query: SearchQuery; timeless: MatchPredicate | null } | null;

/** One distinct stored query text (shared by the batches while the filters are unchanged; never mutated). */
type TextEntry = {
  text: string;
  /** Position in the batch's predicate array. */
  index: number;
  /** Plain integer lists of the stored JSON (the pre-validation screen), or null. */
  types: readonly number[] | null;
  areas: readonly number[] | null;
};

export type CompiledSet = {
  now: Date;
  filters: { id: number; userId: number; entry: TextEntry }[];
  /** Distinct query texts. */
  distinct: number;
  fingerprint: string;
  /** Load + screen time of the batch (validation happens on demand). */
  compileMs: number;
  /** For each member, the id of their first (oldest) filter that matches the listing. */
  match(listing: MatchableInvestment): Map<number, number>;
  /** Validates and compiles every entry now (start-up warm-up, tests). Returns the invalid filters. */
  compileAll(): number;
  stats(): { validated: number; compiled: number; invalid: number };
};

const cache = new WeakMap<Db, { set: CompiledSet; expires: number }>();
const building = new WeakMap<Db, Promise<CompiledSet>>();
/** Stored query text → validation result, kept between batches (only texts still in use). */
const parsedTexts = new WeakMap<Db, Map<string, Parsed>>();

async function fingerprint(db: Db, now: Date): Promise<string> {
  const r = await db
    .select({ n: count(), id: max(filters.id), at: max(filters.updated_at) })
    .from(filters)
    .get();
  return `${r?.n ?? 0}:${r?.id ?? 0}:${r?.at?.getTime() ?? 0}:${jstDatePlusYears(now, 0)}`;
}

/** No condition computed from `now` (age, remaining life, published/updated within): the same predicate at any time. */
function isTimeless(q: SearchQuery, now: Date): boolean {
  const p = planQuery(q, now);
  return p.builtFrom === null && p.residualFrom === null && p.publicFrom === null && p.updateFrom === null;
}

function validate(raw: unknown, now: Date): Parsed {
  const q = searchQuery.safeParse(raw);
  if (!q.success) return null;
  return { query: q.data, timeless: isTimeless(q.data, now) ? compileQuery(q.data, now) : null };
}

/** A non-empty list of plain integers (what validation keeps as it is), else null. */
function intList(v: unknown): readonly number[] | null {
  return Array.isArray(v) && v.length > 0 && v.every((x) => Number.isInteger(x)) ? (v as number[]) : null;
}

type Loaded = { fingerprint: string; list: { id: number; userId: number; entry: TextEntry }[]; entries: Map<string, TextEntry>; raws: Map<string, unknown> };
/** The filters as last loaded: a new batch with the same fingerprint reuses them (only predicates that depend on the clock are rebuilt). */
const loadedRows = new WeakMap<Db, Loaded>();

async function load(db: Db, fp: string): Promise<Loaded> {
  const prev = loadedRows.get(db);
  if (prev && prev.fingerprint === fp) return prev;
  // Straight from the driver: 50,000 rows through the ORM's row mapping would double the load time.
  const rows = (await db.$client.execute("SELECT id, user_id, query FROM filters ORDER BY id")).rows;
  const raws = new Map<string, unknown>();
  const entries = new Map<string, TextEntry>();
  const list: Loaded["list"] = [];
  for (const r of rows) {
    const text = String(r.query);
    let entry = entries.get(text);
    if (!entry) {
      let raw: unknown = undefined;
      try {
        raw = JSON.parse(text);
      } catch {
        raw = undefined;
      }
      const obj = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
      entry = { text, index: entries.size, types: intList(obj.ty), areas: intList(obj.re) };
      entries.set(text, entry);
      raws.set(text, raw);
    }
    list.push({ id: Number(r.id), userId: Number(r.user_id), entry });
  }
  const loaded = { fingerprint: fp, list, entries, raws };
  loadedRows.set(db, loaded);
  return loaded;
}

/** Loads every saved filter (ordered by id, so a member's first matching filter is their oldest). */
export async function compileAllFilters(db: Db, now = new Date()): Promise<CompiledSet> {
  const started = performance.now();
  const fp = await fingerprint(db, now);
  const { list, entries, raws } = await load(db, fp);
  const before = parsedTexts.get(db) ?? new Map<string, Parsed>();
  const parsed = new Map<string, Parsed>();
  for (const text of entries.keys()) if (before.has(text)) parsed.set(text, before.get(text)!);
  parsedTexts.set(db, parsed);

  let validated = 0;
  let invalid = 0;
  // This batch's predicates by entry index: undefined until first needed, null for an invalid query.
  const tests: (MatchPredicate | null | undefined)[] = new Array(entries.size);
  const predicate = (e: TextEntry): MatchPredicate | null => {
    const known = tests[e.index];
    if (known !== undefined) return known;
    let p = parsed.get(e.text);
    if (p === undefined) {
      p = validate(raws.get(e.text), now);
      parsed.set(e.text, p);
      validated++;
    }
    if (p === null) invalid++;
    const test = p ? (p.timeless ?? compileQuery(p.query, now)) : null;
    tests[e.index] = test;
    return test;
  };

  return {
    now,
    filters: list,
    distinct: entries.size,
    fingerprint: fp,
    compileMs: performance.now() - started,
    match(listing) {
      const hits = new Map<number, number>();
      for (const f of list) {
        // One row per member: once a member matched, their other filters need not run.
        if (hits.has(f.userId)) continue;
        const e = f.entry;
        if (e.types && !e.types.includes(listing.type_cd)) continue;
        if (e.areas && (listing.area_cd === null || !e.areas.includes(listing.area_cd))) continue;
        const test = predicate(e);
        if (test && test(listing)) hits.set(f.userId, f.id);
      }
      return hits;
    },
    compileAll() {
      let bad = 0;
      for (const f of list) if (predicate(f.entry) === null) bad++;
      if (bad) logger.warn("matching.invalid_filters", { invalid: bad });
      return bad;
    },
    stats: () => ({ validated, compiled: tests.filter((t) => t !== undefined).length, invalid }),
  };
}

/** The set for this batch: reused while fresh and unchanged, rebuilt (once, however many jobs ask) otherwise. */
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

/** Start-up: validate every saved query once, so the first listing after a restart matches as fast as the rest. */
export async function warmMatching(db: Db): Promise<{ filters: number; distinct: number; invalid: number; ms: number }> {
  const t = performance.now();
  const set = await compiledFilters(db);
  const invalid = set.compileAll();
  return { filters: set.filters.length, distinct: set.distinct, invalid, ms: performance.now() - t };
}

/** Tests and the bench measure a cold start (`parsed: true` also forgets the validated queries). */
export function clearCompiledFilters(db: Db, opts: { parsed?: boolean } = {}): void {
  cache.delete(db);
  if (opts.parsed) {
    parsedTexts.delete(db);
    loadedRows.delete(db);
  }
}
