/**
 * The surfaces' side of the one economics model (issue 35): every card, detail,
 * compare row, REST/tRPC answer, mail and the 相場 page gets a listing's
 * figures from here, and here they come from src/lib/economics.ts alone.
 *
 * The deal check compares a listing with the median of similar listings. Those
 * medians are over every listing the audience may see, so the candidates (each
 * listing's figures) are computed once per content version per audience
 * (memoPublic, src/server/cache/public-content.ts), never per request while the
 * process is live. A visitor's candidates are public listings only: members-only
 * listings never move a visitor's medians (tests/integration/economics).
 */
import type { Db } from "@/server/db";
import { investment_rent_rolls, investments } from "@/server/db/schema";
import { and, asc, eq, gt, lte } from "drizzle-orm";
import { publicContent } from "@/server/cache/public-content";
import { logger } from "@/server/logger";
import {
  DEAL_CHECK_NOTE,
  dealCheck,
  elapsedMonths,
  listingEconomics,
  similarMedians,
  type DealRow,
  type EconomicsInput,
  type ListingEconomics,
  type RentRollRow,
  type RepairRecord,
  type SimilarCandidate,
  type SimilarMedians,
} from "@/lib/economics";
import type { DealChip, DealCheckDto, EconomicsFigures, ListingEconomicsDto, RentRollSummary, RepairHistorySummary } from "@/schemas/economics";
import { ECONOMICS_COLUMNS, economicsInputOf, rentRollsByListing } from "./economics-input";
import { visibleTo, type Audience } from "./visibility";

/** Whose listings a median may use: a visitor's only public ones; members (and staff previews) every published one. */
export type MedianAudience = "visitor" | "member";
export const medianAudienceOf = (a: Audience): MedianAudience => (a === "visitor" ? "visitor" : "member");

const TYPE_LAND = 5;

/** 築年数 in whole years for the 築年帯 (null for land or an unknown year). */
export function ageYears(input: Pick<EconomicsInput, "type_cd" | "built">, now: Date): number | null {
  if (input.type_cd === TYPE_LAND) return null;
  const m = elapsedMonths(input.built, now);
  return m === null ? null : Math.floor(m / 12);
}

/** A listing as a candidate of others' medians (its figures on the model's definitions). */
export function candidateOf(
  row: { id: number; city_cd: string | null; area_cd: number | null },
  input: EconomicsInput,
  now: Date,
  econ = listingEconomics(input, { now }),
): SimilarCandidate {
  return {
    id: row.id,
    type_cd: input.type_cd,
    city_cd: row.city_cd,
    area_cd: row.area_cd,
    age: ageYears(input, now),
    grossYield: econ.grossYield,
    netYield: econ.netYield,
    pricePerSqm: econ.pricePerSqm,
  };
}

/**
 * Listings per pair of statements in loadCandidates. All visible listings' inputs in one answer are
 * ~25 MB at 100,000 listings, past a libSQL server's response limit (sqld refused it with
 * RESPONSE_TOO_LARGE, and with it every list and detail on a cluster: the bench's cluster section
 * found it); 2,000 listings and their rent rolls stay near 2 MB.
 */
export const CANDIDATE_CHUNK = 2000;

/** Every listing the audience may see, as candidates (uncached), read `chunk` listings at a time in id order. */
export async function loadCandidates(db: Db, audience: MedianAudience, now: Date = new Date(), chunk = CANDIDATE_CHUNK): Promise<SimilarCandidate[]> {
  const out: SimilarCandidate[] = [];
  for (let after = 0; ;) {
    const rows = await db
      .select({ id: investments.id, city_cd: investments.city_cd, area_cd: investments.area_cd, ...ECONOMICS_COLUMNS })
      .from(investments)
      .where(and(visibleTo(audience), gt(investments.id, after)))
      .orderBy(asc(investments.id))
      .limit(chunk)
      .all();
    if (!rows.length) break;
    const last = rows[rows.length - 1]!.id;
    // The rent rolls too (one join, not an id list): a listing whose income is only its rent roll has
    // figures on its detail, so it must have them among the medians and on the 相場 page as well.
    const rolls = await db
      .select({ roll: investment_rent_rolls })
      .from(investment_rent_rolls)
      .innerJoin(investments, eq(investments.id, investment_rent_rolls.investment_id))
      .where(and(visibleTo(audience), gt(investments.id, after), lte(investments.id, last)))
      .orderBy(asc(investment_rent_rolls.investment_id), asc(investment_rent_rolls.e_sort), asc(investment_rent_rolls.id))
      .all();
    const byListing = rentRollsByListing(rolls.map((r) => r.roll));
    for (const r of rows) out.push(candidateOf(r, economicsInputOf(r, { rentRoll: byListing.get(r.id) }), now));
    if (rows.length < chunk) break;
    after = last;
  }
  return out;
}

/**
 * The candidates per database and audience, recomputed when public content changed (the version
 * of src/server/cache/public-content.ts while the process is live; on every call otherwise) and at
 * least every MAX_AGE_MS (a listing's age in years moves with the date; a write nobody announced).
 * They are the medians' population, not a cached answer: they follow the announcements whatever
 * DATA_CACHE_TTL_SECONDS says (with 0, every web node of a cluster re-read all 80,000 listings'
 * inputs after each request that found the last read finished: most of a node's work). At
 * 100,000 listings one computation reads every visible row's inputs and takes 4–6 s on a file and
 * 18 s on a sqld primary (mostly the rows themselves), so a computation that was slow (≥ SLOW_MS)
 * is not waited for again: the previous list keeps serving, at most MAX_STALE_MS old, while one
 * refresh runs in the background (single flight: a burst of requests after a staff edit, or with
 * Redis down, starts one). That bound is a day, not a minute: with a minute, the refresh due at
 * MAX_AGE_MS, or after an announcement on a quiet node, was awaited by every request that came
 * meanwhile (the cluster bench's node froze for 18 s). The medians are 参考 figures of thousands
 * of listings; a lag of one refresh after an edit does not change what a visitor may see
 * (visibility is decided by the search, never here). A small database (the demo, the tests) stays
 * fully fresh: its computation is fast, so it is always awaited. The server warms the list at
 * start (src/instrumentation.ts), so a restarted node's first visitor does not wait either.
 */
interface CandidateState {
  list: SimilarCandidate[] | null;
  /** The content version the list was computed at; null when computed while not live. */
  version: number | null;
  at: number;
  ms: number;
  pending: Promise<SimilarCandidate[]> | null;
}
let SLOW_MS = 250;
const MAX_STALE_MS = 24 * 60 * 60_000;
const MAX_AGE_MS = 10 * 60_000;
let candidateStates = new WeakMap<Db, Map<MedianAudience, CandidateState>>();

function candidateState(db: Db, audience: MedianAudience): CandidateState {
  let byAudience = candidateStates.get(db);
  if (!byAudience) candidateStates.set(db, (byAudience = new Map()));
  let state = byAudience.get(audience);
  if (!state) byAudience.set(audience, (state = { list: null, version: null, at: 0, ms: 0, pending: null }));
  return state;
}

/** The candidates the audience's medians use (see CandidateState for how fresh). */
export async function similarCandidates(db: Db, audience: MedianAudience, now: Date = new Date()): Promise<SimilarCandidate[]> {
  const state = candidateState(db, audience);
  const content = publicContent();
  const age = Date.now() - state.at;
  if (state.list && content.live && state.version === content.version && age < MAX_AGE_MS) return state.list;
  const refresh = () =>
    (state.pending ??= (async () => {
      const version = content.version;
      const live = content.live;
      const started = performance.now();
      try {
        const list = await loadCandidates(db, audience, now);
        Object.assign(state, { list, version: live ? version : null, at: Date.now(), ms: performance.now() - started });
        return list;
      } finally {
        state.pending = null;
      }
    })());
  if (state.list && state.ms >= SLOW_MS && age < MAX_STALE_MS) {
    refresh().catch((err: unknown) => logger.error("economics.candidates_refresh_failed", { audience, error: String(err) }));
    return state.list;
  }
  return refresh();
}

/** Tests: forget the cached candidates; `slowMs` sets what counts as a slow computation (0: every one). */
export function resetEconomicsCachesForTests(opts: { slowMs?: number } = {}): void {
  candidateStates = new WeakMap();
  SLOW_MS = opts.slowMs ?? 250;
}

/** The figures as the DTO carries them. */
export function figuresOf(econ: ListingEconomics): EconomicsFigures {
  return {
    full_income: econ.fullIncome?.amount ?? null,
    full_income_note: econ.fullIncome?.note ?? null,
    current_income: econ.currentIncome?.amount ?? null,
    current_income_note: econ.currentIncome?.note ?? null,
    gross_yield: econ.grossYield,
    current_yield: econ.currentYield,
    costs: econ.costs.items.map((i) => ({
      key: i.key,
      label: i.label,
      amount: Math.round(i.amount),
      source: i.source,
      basis: i.basis,
      rate_pct: i.ratePct ?? null,
    })),
    costs_total: econ.costs.total === null ? null : Math.round(econ.costs.total),
    costs_missing: econ.costs.missing,
    noi: econ.noi === null ? null : Math.round(econ.noi.noi),
    net_yield: econ.netYield,
    net_yield_formula: econ.netYieldFormula,
    statutory_life: econ.lives?.statutory ?? null,
    elapsed_years: econ.lives?.elapsedYears ?? null,
    remaining_life: econ.lives?.remaining ?? null,
    simplified_life: econ.lives?.simplified ?? null,
    lives_basis: econ.lives?.basis ?? null,
    loan_term_years: econ.loanTerm?.years ?? null,
    loan_term_basis: econ.loanTerm?.basis ?? null,
    sekisan_total: econ.sekisan === null ? null : Math.round(econ.sekisan.total),
    sekisan_land: econ.sekisan === null ? null : Math.round(econ.sekisan.land),
    sekisan_building: econ.sekisan === null ? null : Math.round(econ.sekisan.building),
    sekisan_land_basis: econ.sekisan?.landBasis ?? null,
    sekisan_building_basis: econ.sekisan?.buildingBasis ?? null,
    road_price_year: econ.sekisan?.roadPriceYear ?? null,
    sekisan_ratio: econ.sekisanRatio,
    land_value_share: econ.landValueShare,
    price_per_sqm: econ.pricePerSqm === null ? null : Math.round(econ.pricePerSqm * 100) / 100,
    leasehold: econ.leasehold,
    vacancy_by_income: econ.vacancyByIncome,
  };
}

function mediansDto(m: SimilarMedians | null): DealCheckDto["medians"] {
  return m === null
    ? null
    : {
        n: m.n,
        scope: m.scope,
        scope_label: m.scopeLabel,
        yield_median: m.yieldMedian,
        net_yield_median: m.netYieldMedian,
        price_per_sqm_median: m.pricePerM2Median === null ? null : Math.round(m.pricePerM2Median * 100) / 100,
      };
}

/** A subject's medians among the candidates. */
export function mediansFor(
  subject: { id: number; city_cd: string | null; area_cd: number | null },
  input: EconomicsInput,
  candidates: readonly SimilarCandidate[],
  now: Date,
): SimilarMedians {
  return similarMedians({ id: subject.id, type_cd: input.type_cd, city_cd: subject.city_cd, area_cd: subject.area_cd, age: ageYears(input, now) }, candidates);
}

/** The deal check's rows with the medians and the note. */
export function dealCheckOf(econ: ListingEconomics, medians: SimilarMedians | null): DealCheckDto {
  return { rows: dealCheck(econ, medians), medians: mediansDto(medians), note: DEAL_CHECK_NOTE };
}

const signed = (v: number, digits: number) => `${v > 0 ? "+" : v < 0 ? "−" : "±"}${Math.abs(v).toFixed(digits)}`;

/**
 * The card's one compact line: the judged rows of the deal check, each a few
 * characters (表面 +0.82pt, ㎡単価 −12.0%, 積算比 85%, 残存36年, 借地). Rows that
 * cannot be judged are left out; the detail shows them with their reason.
 */
export function dealChips(rows: readonly DealRow[], econ: ListingEconomics, medians: SimilarMedians | null): DealChip[] {
  const out: DealChip[] = [];
  for (const r of rows) {
    if (r.level === "unknown") continue;
    switch (r.key) {
      case "gross_yield":
        if (econ.grossYield !== null && medians?.yieldMedian != null)
          out.push({ key: r.key, level: r.level, text: `表面${signed(econ.grossYield - medians.yieldMedian, 2)}pt` });
        break;
      case "net_yield":
        if (econ.netYield !== null && medians?.netYieldMedian != null)
          out.push({ key: r.key, level: r.level, text: `実質${signed(econ.netYield - medians.netYieldMedian, 2)}pt` });
        break;
      case "price_per_sqm":
        if (econ.pricePerSqm !== null && medians?.pricePerM2Median)
          out.push({
            key: r.key,
            level: r.level,
            text: `㎡単価${signed(((econ.pricePerSqm - medians.pricePerM2Median) / medians.pricePerM2Median) * 100, 0)}%`,
          });
        break;
      case "sekisan_ratio":
        out.push({ key: r.key, level: r.level, text: `積算比${Math.trunc(econ.sekisanRatio ?? 0)}%` });
        break;
      case "loan_term":
        out.push({ key: r.key, level: r.level, text: `残存${econ.lives?.remaining ?? 0}年` });
        break;
      case "fixed_costs":
        if (r.level !== "good") out.push({ key: r.key, level: r.level, text: `地代等${Math.trunc(econ.fixedCostDrag ?? 0)}%` });
        break;
      case "vacancy":
        if (r.level !== "good") out.push({ key: r.key, level: r.level, text: `空室${Math.trunc(econ.vacancyByIncome ?? 0)}%` });
        break;
      case "hazard":
        out.push({ key: r.key, level: r.level, text: "ハザード区域" });
        break;
      case "rebuild":
      case "nonconforming":
        if (r.level !== "good") out.push({ key: r.key, level: r.level, text: r.figure });
        break;
      default:
        break; // 借地: the card's own badge says it
    }
  }
  return out;
}

function rentRollSummary(rows: readonly RentRollRow[] | undefined, econ: ListingEconomics, members: boolean): RentRollSummary | null {
  if (!rows || rows.length === 0) return null;
  return {
    units: rows.length,
    vacant_units: econ.vacancy?.vacantUnits ?? rows.filter((r) => r.status !== "occupied").length,
    current_income: econ.currentIncome?.basis === "rent_roll" ? econ.currentIncome.amount : null,
    rows: members
      ? rows.map((r) => ({
          room: r.room,
          layout: r.layout ?? null,
          area: r.area ?? null,
          rent: r.rent,
          common_fee: r.commonFee ?? null,
          deposit: r.deposit ?? null,
          status: r.status,
          lease_start: r.leaseStart ?? null,
        }))
      : null,
  };
}

function repairSummary(rows: readonly RepairRecord[] | undefined, members: boolean): RepairHistorySummary | null {
  if (!rows || rows.length === 0) return null;
  const costs = rows.flatMap((r) => (typeof r.cost === "number" && Number.isFinite(r.cost) ? [r.cost] : []));
  return {
    count: rows.length,
    total_cost: costs.length ? costs.reduce((a, b) => a + b, 0) : null,
    rows: members ? rows.map((r) => ({ year_month: r.yearMonth, description: r.description, cost: r.cost ?? null })) : null,
  };
}

/**
 * Everything the detail carries about a listing's numbers, for `audience`:
 * the figures, the deal check against that audience's medians, and the rent
 * roll / 修繕履歴 (rows only when `audience` is not a visitor).
 */
export function listingEconomicsDto(
  input: EconomicsInput,
  medians: SimilarMedians | null,
  audience: Audience,
  now: Date,
): { dto: ListingEconomicsDto; econ: ListingEconomics } {
  const econ = listingEconomics(input, { now });
  const members = audience !== "visitor";
  return {
    econ,
    dto: {
      figures: figuresOf(econ),
      deal_check: dealCheckOf(econ, medians),
      rent_roll: rentRollSummary(input.rent_roll ?? undefined, econ, members),
      repair_history: repairSummary(input.repair_history ?? undefined, members),
    },
  };
}
