/**
 * The canonical query's zod schemas, built from the parameter table (params.ts): `searchQuery`
 * (strict: a saved filter's query JSON, tRPC inputs), and the described DTOs of the OpenAPI document.
 */
import { PAGE_SIZES } from "@/lib/list-view";
import { z } from "@/schemas/zod";
import { ADMIN_PARAM_KEYS, canonical, SEARCH_PARAM_KEYS, sortedUnique } from "../search-params";
import { toList } from "./coerce";
import { MULTI_MAX } from "./limits";
import {
  areaId,
  companyText,
  days,
  districtText,
  featureId,
  flag,
  freeWord,
  isoDate,
  municipalityCode,
  PARAMS,
  type ParamDef,
  pageNumber,
  prefId,
  priceManYen,
  propertyNo,
  publicationState,
  railCode,
  ratioPercent,
  sortKey,
  squareMeters,
  structureId,
  transactionId,
  typeId,
  walkMinutes,
  years,
  yieldPercent,
} from "./params";

const list = <T extends z.ZodType<number | string>>(value: T) =>
  z.preprocess(toList, z.array(value).max(MULTI_MAX)).transform((xs) => sortedUnique(xs as z.output<T>[]));

const searchFields = z.object({
  re: list(areaId).optional(),
  pf: list(prefId).optional(),
  ct: list(municipalityCode).optional(),
  dt: districtText.optional(),
  ty: list(typeId).optional(),
  sc: list(structureId).optional(),
  sl: list(railCode).optional(),
  st: list(railCode).optional(),
  rg: list(railCode).optional(),
  sw: walkMinutes.optional(),
  lp: priceManYen.optional(),
  hp: priceManYen.optional(),
  ly: yieldPercent.optional(),
  hy: yieldPercent.optional(),
  ny: yieldPercent.optional(),
  sk: ratioPercent.optional(),
  bt: years.optional(),
  rs: years.optional(),
  ls: squareMeters.optional(),
  hs: squareMeters.optional(),
  fs: list(featureId).optional(),
  ow: flag.optional(),
  oc: flag.optional(),
  ss: flag.optional(),
  sf: list(transactionId).optional(),
  dy: days.optional(),
  up: days.optional(),
  fw: freeWord.optional(),
  xw: freeWord.optional(),
  hz: flag.optional(),
  no: propertyNo.optional(),
  ps: publicationState.optional(),
  nu: isoDate.optional(),
  xu: isoDate.optional(),
  cp: companyText.optional(),
  sr: sortKey.optional(),
  page: pageNumber.optional(),
});
type SearchFields = z.output<typeof searchFields>;

/**
 * The canonical search query object (see the table in params.ts). Parses a saved
 * filter's `query` JSON or a tRPC input strictly: bad values are errors here.
 */
export const searchQuery = searchFields.transform((fields): SearchFields => canonical(fields));
export type SearchQuery = z.output<typeof searchQuery>;

/**
 * The canonical query as a response carries it (a saved filter's `query`):
 * built from the same parameter table, every key optional and described,
 * several-valued ones as non-empty arrays. It has no transform, so unlike
 * `searchQuery` it has a JSON Schema (the REST adapter's OpenAPI document).
 */
export const searchQueryDto = z.object(
  Object.fromEntries(
    SEARCH_PARAM_KEYS.map((k) => {
      const p: ParamDef = PARAMS[k];
      return [k, (p.kind === "multi" ? z.array(p.value).min(1).max(MULTI_MAX) : p.value).optional().describe(p.description)];
    }),
  ),
);

/**
 * The list page's URL parameters as visitors and members send them (GET
 * /api/investments; the admin-only keys are dropped for them): the
 * canonical query's keys, described, for the OpenAPI document. Parsing is
 * {@link parseSearchParams}'s, which is more lenient (comma lists,
 * full-width digits, invalid values ignored).
 */
export const publicSearchParams = searchQueryDto.omit(Object.fromEntries(ADMIN_PARAM_KEYS.map((k) => [k, true] as const)));

/**
 * GET /api/investments's parameters: the search, plus the page size (pp), which
 * is not a condition (saved conditions and matching leave it out; src/lib/list-view.ts).
 */
export const publicListParams = publicSearchParams.extend({
  pp: z
    .literal(PAGE_SIZES)
    .optional()
    .describe(`1ページの件数（${PAGE_SIZES.join("・")}、既定 ${PAGE_SIZES[0]}）`),
});
