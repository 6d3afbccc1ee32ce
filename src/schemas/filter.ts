import { isoDateTime, recordId, type Timestamp } from "./common";
import { searchQuery, searchQueryDto } from "./search";
import { label, z } from "./zod";

/** Saved search condition (spec §3 filter; §5: name required and unique per member). */
export const filterName = label(z.string().trim().min(1, { abort: true }).max(50), "検索条件名");

export const saveFilterInput = z.object({
  name: filterName,
  query: searchQuery, // the same schema the list page parses
});
export type SaveFilterInput = z.infer<typeof saveFilterInput>;

export const updateFilterInput = z.object({
  id: z.coerce.number().int().positive(),
  name: filterName.optional(),
  query: searchQuery.optional(),
});

const filterOf = <T extends Timestamp>(at: T) => z.object({ _id: recordId, name: z.string(), created_at: at, updated_at: at });

/**
 * A saved condition as member.filters.list answers it: the query canonical
 * (typed as the search's own), `count` (how many listings it finds now) only
 * when asked for.
 */
export const savedFilter = filterOf(z.date()).extend({ query: searchQuery, count: z.number().int().min(0).optional() });

/** A saved condition as GET /api/user/filter lists it (always with its `count`). */
export const filterDto = filterOf(isoDateTime).extend({ query: searchQueryDto, count: z.number().int().min(0) });
export type FilterDto = z.infer<typeof filterDto>;
