import { searchQuery } from "./search";
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
