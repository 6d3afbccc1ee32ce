import { TRPCError } from "@trpc/server";
import { parsePageSize } from "@/lib/list-view";
import { investmentDetailOrLocked, investmentPage } from "@/schemas/investment";
import { parseSearchParams, searchQuery } from "@/schemas/search";
import { z } from "@/schemas/zod";
import { getInvestmentDetail, cachedAreaFacets, cachedCount, cachedDetail, cachedFacets, cachedMembersOnlyCount, audienceOf, railwayNames } from "@/server/investments";
import { cardsForViewer, searchForViewer } from "@/server/members";
import { createTRPCRouter, publicProcedure } from "../../trpc";

/**
 * Listings for everyone (the audience comes from the session: visitors see
 * public listings, members and admins also members-only ones).
 *
 * search/count take the list page's raw query (the URL's parameters as a
 * record); parseSearchParams reads it and never throws, so a hand-edited URL
 * can at worst be ignored, never answer 500. That parse is the edge's, once
 * per call; the list page, which has parsed its query already, reaches the
 * same service functions with the typed query (src/trpc/server.ts, `listings`).
 */
export const rawSearchQuery = z.record(z.string(), z.unknown()).catch({});

type RawQuery = z.infer<typeof rawSearchQuery>;

const MAX_KEY = 20;
const MAX_VALUES = 200;
const MAX_TEXT = 500;

function scalar(v: unknown): string | undefined {
  if (typeof v === "string") return v.slice(0, MAX_TEXT);
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v === "boolean") return v ? "1" : "0";
  return undefined;
}

/**
 * The record as URLSearchParams would give it (strings only), for
 * parseSearchParams. Anything else (objects, oversized keys or lists) is
 * dropped rather than refused: a bad query is ignored, never an error.
 */
export function toRawRecord(input: RawQuery): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = {};
  for (const [k, v] of Object.entries(input)) {
    if (k.length > MAX_KEY) continue;
    if (Array.isArray(v)) {
      const list = v
        .slice(0, MAX_VALUES)
        .map(scalar)
        .filter((x): x is string => x !== undefined);
      if (list.length) out[k] = list;
    } else {
      const s = scalar(v);
      if (s !== undefined) out[k] = s;
    }
  }
  return out;
}

const codes = z.array(z.number().int().nonnegative()).max(MAX_VALUES).optional();
const railwayCodes = z.object({ sl: codes, st: codes, rg: codes });

const idInput = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const investmentsRouter = createTRPCRouter({
  /** A page of the list for a query (page and sort are part of the query; pp = 20, 50 or 100 per page, default 20). */
  search: publicProcedure
    .input(rawSearchQuery)
    .output(investmentPage)
    .query(async ({ ctx, input }) => {
    const raw = toRawRecord(input);
    const query = parseSearchParams(raw);
    // A member's 月間CF and cf_desc order under their own saved terms, read from the session (issue 33).
    const r = await searchForViewer(ctx.db, ctx, query, parsePageSize(raw.pp) ?? undefined);
    return { items: r.items, total: r.total, totalBounded: r.totalBounded, page: r.page, last: r.last, pageSize: r.pageSize };
  }),

  /** How many listings a query finds (the search dialog's live total). */
  count: publicProcedure.input(rawSearchQuery).query(async ({ ctx, input }) => {
    const query = parseSearchParams(toRawRecord(input));
    return { total: await cachedCount(ctx.db, audienceOf(ctx), query) };
  }),

  /**
   * How many members-only listings the same query finds (the list's banner to
   * visitors: "このほかにN件の会員限定物件"); null when the query has a free
   * word (see countMembersOnly), `bounded` past COUNT_BOUND. Page and sort do not matter.
   */
  membersOnlyCount: publicProcedure.input(rawSearchQuery).query(async ({ ctx, input }) => {
    const r = await cachedMembersOnlyCount(ctx.db, parseSearchParams(toRawRecord(input)));
    // bounded: counted to COUNT_BOUND and stopped there (「1,000件以上」)
    return { total: r?.total ?? null, bounded: r?.bounded ?? false };
  }),

  /**
   * One listing for the detail page. A members-only listing asked for by a
   * visitor answers { locked: true } with nothing of the listing in it; a
   * listing nobody of this audience may see answers NOT_FOUND.
   */
  byId: publicProcedure
    .input(idInput)
    .output(investmentDetailOrLocked)
    .query(async ({ ctx, input }) => {
    // A member's page carries their own bookmark state: read fresh. Everyone else shares a cached copy.
    const detail = ctx.user
      ? await getInvestmentDetail(ctx.db, audienceOf(ctx), input.id, { userId: ctx.user.id })
      : await cachedDetail(ctx.db, audienceOf(ctx), input.id);
    if (!detail) throw new TRPCError({ code: "NOT_FOUND", message: "物件が見つかりません" });
    // the related cards carry the member's 月間CF like every other card (issue 33)
    return detail.locked ? detail : { ...detail, related: await cardsForViewer(ctx.db, ctx, detail.related) };
  }),

  /** Live counts for the search entry pages. */
  facets: createTRPCRouter({
    /** With `query` (a list's conditions carried to the area page): the counts under them (issue 30). */
    area: publicProcedure
      .input(z.object({ query: searchQuery }).optional())
      .query(({ ctx, input }) => cachedAreaFacets(ctx.db, audienceOf(ctx), input?.query ?? {})),
    train: publicProcedure.query(({ ctx }) => cachedFacets(ctx.db, audienceOf(ctx), "train")),
    feature: publicProcedure.query(({ ctx }) => cachedFacets(ctx.db, audienceOf(ctx), "feature")),
    /** The home page's 新着 / おすすめ sections (members-only ones as locked teasers for visitors). */
    home: publicProcedure.query(async ({ ctx }) => {
      const home = await cachedFacets(ctx.db, audienceOf(ctx), "home");
      // a member's 月間CF under their own terms, on copies of the shared cards (issue 33)
      const cards = await cardsForViewer(ctx.db, ctx, [...home.latest, ...home.premium]); // one read of the terms
      return { ...home, latest: cards.slice(0, home.latest.length), premium: cards.slice(home.latest.length) };
    }),
  }),

  /** Names of the lines, stations and station groups a query names (the list page's title and chips). */
  railwayNames: publicProcedure.input(railwayCodes).query(({ ctx, input }) => railwayNames(ctx.db, input)),
});
