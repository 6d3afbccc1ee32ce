import { isoDateTime, recordId } from "./common";
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

/** A saved condition as GET /api/user/filter lists it; `count` is how many listings it finds now. */
export const filterDto = z.object({
  _id: recordId,
  name: z.string(),
  query: searchQueryDto,
  created_at: isoDateTime,
  updated_at: isoDateTime,
  count: z.number().int().min(0),
});
export type FilterDto = z.infer<typeof filterDto>;
