-- Free-word terms of 1-2 characters (services/investments/search.ts). The
-- trigram index cannot MATCH them, so the search finds candidates and then
-- checks them exactly with instr():
--  * investments_fts_instance: one row per token instance of investments_fts;
--    a range on `term` lists every trigram that STARTS with the term, i.e.
--    every occurrence followed by at least one more character (it stores
--    nothing itself: it reads the FTS index);
--  * lower(substr(name|keywords, -1|-2)) indexes: the occurrences at the very
--    end of the name or the keywords, which no trigram starts with.
CREATE VIRTUAL TABLE `investments_fts_instance` USING fts5vocab(investments_fts, instance);
--> statement-breakpoint
CREATE INDEX `investments_name_tail1_idx` ON `investments` (lower(substr(`name`, -1)));
--> statement-breakpoint
CREATE INDEX `investments_name_tail2_idx` ON `investments` (lower(substr(`name`, -2)));
--> statement-breakpoint
CREATE INDEX `investments_keywords_tail1_idx` ON `investments` (lower(substr(`keywords`, -1)));
--> statement-breakpoint
CREATE INDEX `investments_keywords_tail2_idx` ON `investments` (lower(substr(`keywords`, -2)));
