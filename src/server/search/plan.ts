/**
 * Search parameters → a typed plan: `planQuery(q, now)` reads thresholds,
 * expanded city codes and free-word terms from a SearchQuery once, and both
 * the SQL (./sql.ts) and the in-memory predicate (./predicate.ts) read them
 * from the plan, so the two never compute a boundary differently.
 */
import { jstYearMonth } from "@/lib/age";
import { LONG_RESIDUAL_YEARS } from "@/lib/constants/investment";
import { jstMonthPlusYears } from "@/lib/jst-date";
import { kanaFold } from "@/lib/text";
import { FTS_MIN_TERM_LENGTH, cityCodeRanges, expandCityCodes, type SearchQuery } from "@/schemas/search";

/* ------------------------------------------------------------------ dates */

const DAY_MS = 86_400_000;
const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** First day of the current month (Japan time) `years` ago, 'YYYY-MM-01' (the bt threshold). */
export function builtFromFor(now: Date, years: number): string {
  const { year, month } = jstYearMonth(now);
  return `${pad(year - years, 4)}-${pad(month)}-01`;
}

/** 00:00 Japan time of an ISO date, in ms. */
const jstMidnight = (iso: string) => Date.parse(`${iso}T00:00:00+09:00`);

/* ------------------------------------------------------------- free word */

/** ASCII-only lower case: what SQLite's built-in lower() does. */
export function asciiLower(s: string): string {
  return /[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s;
}

/**
 * The case folding of SQLite's FTS5 tokenizers (sqlite3Fts5UnicodeFold with
 * remove_diacritics 0, as the trigram tokenizer uses it): every code point that
 * folds, as ranges "start.count.stride.delta" in base 36 — code points start,
 * start + stride, … (count of them) fold to themselves + delta. Read from
 * SQLite itself (a trigram index over every code point, its fts5vocab terms);
 * tests/integration/search/fts-fold.test.ts checks it against SQLite again.
 * It is not JavaScript's toLowerCase: ς folds to σ, ſ to s, µ to μ, İ and
 * Unicode's newer case pairs (Cherokee, Georgian Mtavruli …) stay as they are.
 */
const FTS_FOLD_RANGES =
  "1t.q.1.w 51.1.1.lj 5c.n.1.w 60.7.1.w 74.o.2.1 8i.3.2.1 8p.8.2.1 96.n.2.1 ag.1.1.-3d ah.3.2.1 " +
  "an.1.1.-7g ap.1.1.5u aq.2.2.1 au.1.1.5q av.1.1.1 ax.2.1.5p az.1.1.1 b2.1.1.27 b3.1.1.5m " +
  "b4.1.1.5n b5.1.1.1 b7.1.1.5p b8.1.1.5r ba.1.1.5v bb.1.1.5t bc.1.1.1 bg.1.1.5v bh.1.1.5x " +
  "bj.1.1.5y bk.3.2.1 bq.1.1.62 br.1.1.1 bt.1.1.62 bw.1.1.1 by.1.1.62 bz.1.1.1 c1.2.1.61 c3.2.2.1 " +
  "c7.1.1.63 c8.1.1.1 cc.1.1.1 ck.1.1.2 cl.1.1.1 cn.1.1.2 co.1.1.1 cq.1.1.2 cr.9.2.1 da.9.2.1 " +
  "dt.1.1.2 du.2.2.1 dy.1.1.-2p dz.1.1.-1k e0.k.2.1 f4.1.1.-3m f6.9.2.1 fu.1.1.8bv fv.1.1.1 " +
  "fx.1.1.-4j fy.1.1.8bs g1.1.1.1 g3.1.1.-5f g4.1.1.1x g5.1.1.1z g6.5.2.1 n9.1.1.38 og.2.2.1 " +
  "om.1.1.1 p2.1.1.12 p4.3.1.11 p8.1.1.1s pa.2.1.1r pd.h.1.w pv.9.1.w qq.1.1.1 r3.1.1.8 r4.1.1.-u " +
  "r5.1.1.-p r9.1.1.-f ra.1.1.-m rc.c.2.1 s0.1.1.-1i s1.1.1.-1c s4.1.1.-1o s5.1.1.-1s s7.1.1.1 " +
  "s9.1.1.-7 sa.1.1.1 sd.3.1.-3m sg.g.1.28 sw.w.1.w v4.h.2.1 wa.r.2.1 xs.1.1.f xt.7.2.1 y8.18.2.1 " +
  "10x.12.1.1c 3a8.12.1.5ls 3bb.1.1.5ls 3bh.1.1.5ls 5xc.23.2.1 61n.1.1.-1m 61q.1.1.-5vj 61s.1c.2.1 " +
  "64o.8.1.-8 654.6.1.-8 65k.8.1.-8 660.8.1.-8 66g.6.1.-8 66x.4.2.-8 67c.8.1.-8 688.8.1.-8 " +
  "68o.8.1.-8 694.8.1.-8 69k.2.1.-8 69m.2.1.-22 69o.1.1.-9 69q.1.1.-5j9 6a0.4.1.-2e 6a4.1.1.-9 " +
  "6ag.2.1.-8 6ai.2.1.-2s 6aw.2.1.-8 6ay.2.1.-34 6b0.1.1.-7 6bc.2.1.-3k 6be.2.1.-3i 6bg.1.1.-9 " +
  "6jq.1.1.-5st 6ju.1.1.-6gv 6jv.1.1.-6di 6k2.1.1.s 6lc.g.1.g 6mb.1.1.1 792.q.1.q 8ow.1b.1.1c " +
  "8rk.1.1.1 8rm.1.1.-8af 8rn.1.1.-2xy 8ro.1.1.-89z 8rr.3.2.1 8rx.1.1.-8bg 8ry.1.1.-8al " +
  "8rz.1.1.-8bj 8s0.1.1.-8bi 8s2.1.1.1 8s5.1.1.1 8se.2.1.-8cf 8sg.1e.2.1 8vf.2.2.1 8vm.1.1.1 " +
  "wu8.n.2.1 ww0.c.2.1 x0i.7.2.1 x0y.v.2.1 x2x.2.2.1 x31.1.1.-r9g x32.5.2.1 x3f.1.1.1 x3h.1.1.-wmg " +
  "x3k.2.2.1 x40.5.2.1 x4a.1.1.-wn8 1ee9.q.1.w 1eke.1.1.-1 1ekf.1.1.-2 1fcw.14.1.14 ";

const FTS_FOLD: ReadonlyMap<number, number> = (() => {
  const map = new Map<number, number>();
  for (const range of FTS_FOLD_RANGES.trim().split(" ")) {
    const [start, count, stride, delta] = range.split(".").map((x) => parseInt(x, 36)) as [number, number, number, number];
    for (let i = 0; i < count; i++) map.set(start + i * stride, start + i * stride + delta);
  }
  return map;
})();

/** Code points some other code point folds to (a in A → a, σ in ς → σ): text holding them can be found under another spelling. */
const FTS_FOLD_TARGETS: ReadonlySet<number> = new Set(FTS_FOLD.values());

const NON_ASCII = /\P{ASCII}/u;

/** Folds text as the FTS5 trigram index does, so `includes` on folded text equals a MATCH of a phrase. */
export function foldFts(s: string): string {
  if (!NON_ASCII.test(s)) return s.toLowerCase();
  let out = "";
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    const f = FTS_FOLD.get(cp);
    out += f === undefined ? ch : String.fromCodePoint(f);
  }
  return out;
}

/** No code point of `s` is folded by FTS5 or folded to: FTS5 sees it, and every spelling that contains it, as written. */
const foldFree = (s: string) => [...s].every((ch) => !FTS_FOLD.has(ch.codePointAt(0)!) && !FTS_FOLD_TARGETS.has(ch.codePointAt(0)!));

const codePoints = (s: string) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

const hasAsciiLetter = (s: string) => /[A-Za-z]/.test(s);

/* ------------------------------------------------------------------ plan */

export interface RailPlan {
  lines: readonly number[];
  stations: readonly number[];
  groups: readonly number[];
}

/** A free-word term as looked for in the name and in the (kana-folded) keywords. */
export interface FreeWordTerm {
  name: string;
  keywords: string;
}

export interface ShortTerm {
  /** The term as instr() looks for it in the name (ASCII lower-cased when `lower`). */
  text: string;
  /** The same for the keywords: katakana folded to hiragana as well. */
  kwText: string;
  /** Compare against lower(name) / lower(keywords): the term has ASCII letters. */
  lower: boolean;
  /** The term folded as FTS5 folds (for the SQL's candidate lookup in the FTS vocabulary). */
  folded: string;
  /** kwText folded as FTS5 folds. */
  kwFolded: string;
  /** 1 or 2 characters. */
  length: 1 | 2;
  /**
   * The candidates (the FTS vocabulary and the tail indexes) are exactly the listings whose name or
   * keywords contain the term, so the instr() check adds nothing: no ASCII letter, no katakana (the
   * keywords' form is the name's), and no character that folds or that another folds to (kanji,
   * hiragana, digits and most punctuation: 梅田, 北区). Spares reading each candidate's row.
   */
  exact: boolean;
}

/** A query with every boundary computed for one `now`. */
export interface QueryPlan {
  areas: readonly number[] | null;
  prefs: readonly number[] | null;
  /** ct with designated cities expanded to their wards, as inclusive code ranges (cityCodeRanges). */
  cities: readonly (readonly [string, string])[] | null;
  district: string | null;
  types: readonly number[] | null;
  structures: readonly number[] | null;
  rail: RailPlan | null;
  walk: number | null;
  priceMin: number | null;
  priceMax: number | null;
  yieldMin: number | null;
  yieldMax: number | null;
  /** ny: net_yield ≥ this (NULL never matches). */
  netYieldMin: number | null;
  /** sk: sekisan_ratio ≥ this (NULL never matches). */
  sekisanMin: number | null;
  /** built_at ≥ this ('YYYY-MM-01'). */
  builtFrom: string | null;
  /** residual_at ≥ this ('YYYY-MM-01', this Japan month + N years: 残存耐用年数 ≥ N): the larger of rs and fs 1. */
  residualFrom: string | null;
  sizeMin: number | null;
  sizeMax: number | null;
  cert: boolean;
  repair: boolean;
  priceDown: boolean;
  /** is_full (現況満室, from the rent roll where there is one): fs 5 or oc, the same column. */
  full: boolean;
  /** ow: freehold (所有権のみ). */
  freehold: boolean;
  newQuake: boolean;
  premium: boolean;
  /** hz: leave out listings with hazard_out (issue 34). */
  hazardOut: boolean;
  transactions: readonly number[] | null;
  /** public_at ≥ this (ms). */
  publicFrom: number | null;
  /** update_at ≥ this (ms). */
  updateFrom: number | null;
  /**
   * Terms of 3+ characters: the FTS5 MATCH phrases. `name` as typed (NFKC) for
   * the name column, `keywords` with katakana folded to hiragana as the
   * keywords are (derive.ts buildKeywords), so てんのうじ and テンノウジ find each other.
   */
  ftsTerms: readonly FreeWordTerm[];
  /** The same terms folded as FTS5 folds them (for the predicate). */
  ftsFolded: readonly FreeWordTerm[];
  /**
   * Every FTS term, in both its forms, holds no code point FTS5 folds or folds to (no Latin or other
   * cased letter): its MATCH is then exactly instr() on the columns, name for the name form and
   * keywords for the keywords form (the trigram phrase is the substring), which the dense-word walk uses.
   */
  ftsInstr: boolean;
  /** Terms of 1-2 characters (instr). */
  shortTerms: readonly ShortTerm[];
  /** xw: a listing whose name or keywords contain any of these (instr, ASCII case-insensitive when `lower`) is left out. */
  excludeTerms: readonly { text: string; lower: boolean }[];
  admin: {
    noPrefix: string | null;
    state: SearchQuery["ps"] | null;
    /** update_at ≥ this (ms, nu 00:00 JST). */
    updateMin: number | null;
    /** update_at < this (ms, the day after xu, 00:00 JST). */
    updateBefore: number | null;
    company: string | null;
  };
}

const listOrNull = <T>(xs: readonly T[] | undefined): readonly T[] | null => (xs && xs.length ? xs : null);
const orNull = <T>(x: T | undefined): T | null => (x === undefined ? null : x);

/** Pre-normalises a query for `now` (shared by the SQL builder and the predicate). */
export function planQuery(q: SearchQuery, now: Date): QueryPlan {
  const fs = q.fs ?? [];
  let residualFrom = q.rs !== undefined ? jstMonthPlusYears(now, q.rs) : null;
  if (fs.includes(1)) {
    const long = jstMonthPlusYears(now, LONG_RESIDUAL_YEARS);
    if (residualFrom === null || long > residualFrom) residualFrom = long;
  }
  const rail = q.sl?.length || q.st?.length || q.rg?.length ? { lines: q.sl ?? [], stations: q.st ?? [], groups: q.rg ?? [] } : null;

  const terms = q.fw ? q.fw.split(" ").filter(Boolean) : [];
  const ftsTerms = terms.filter((t) => codePoints(t) >= FTS_MIN_TERM_LENGTH).map((t): FreeWordTerm => ({ name: t, keywords: kanaFold(t) }));
  const shortTerms = terms
    .filter((t) => codePoints(t) < FTS_MIN_TERM_LENGTH)
    .map((t): ShortTerm => {
      const lower = hasAsciiLetter(t);
      const text = lower ? asciiLower(t) : t;
      const kwText = kanaFold(text);
      const exact = !lower && kwText === text && foldFree(t);
      return { text, kwText, lower, folded: foldFts(t), kwFolded: foldFts(kanaFold(t)), length: codePoints(t) === 1 ? 1 : 2, exact };
    });

  return {
    areas: listOrNull(q.re),
    prefs: listOrNull(q.pf),
    cities: q.ct?.length ? cityCodeRanges(expandCityCodes(q.ct)) : null,
    district: q.dt ?? null,
    types: listOrNull(q.ty),
    structures: listOrNull(q.sc),
    rail,
    walk: orNull(q.sw),
    priceMin: orNull(q.lp),
    priceMax: orNull(q.hp),
    yieldMin: orNull(q.ly),
    yieldMax: orNull(q.hy),
    netYieldMin: orNull(q.ny),
    sekisanMin: orNull(q.sk),
    builtFrom: q.bt !== undefined ? builtFromFor(now, q.bt) : null,
    residualFrom,
    sizeMin: orNull(q.ls),
    sizeMax: orNull(q.hs),
    cert: fs.includes(2),
    repair: fs.includes(3),
    priceDown: fs.includes(4),
    full: fs.includes(5) || q.oc === true,
    freehold: q.ow === true,
    newQuake: fs.includes(7),
    premium: q.ss === true,
    hazardOut: q.hz === true,
    transactions: listOrNull(q.sf),
    publicFrom: q.dy !== undefined ? now.getTime() - q.dy * DAY_MS : null,
    updateFrom: q.up !== undefined ? now.getTime() - q.up * DAY_MS : null,
    ftsTerms,
    ftsFolded: ftsTerms.map((t) => ({ name: foldFts(t.name), keywords: foldFts(t.keywords) })),
    ftsInstr: ftsTerms.every((t) => foldFree(t.name) && foldFree(t.keywords)),
    shortTerms,
    excludeTerms: (q.xw ? q.xw.split(" ").filter(Boolean) : []).map((t) => {
      const lower = hasAsciiLetter(t);
      return { text: lower ? asciiLower(t) : t, lower };
    }),
    admin: {
      noPrefix: q.no ?? null,
      state: q.ps ?? null,
      updateMin: q.nu ? jstMidnight(q.nu) : null,
      updateBefore: q.xu ? jstMidnight(q.xu) + DAY_MS : null,
      company: q.cp ?? null,
    },
  };
}
