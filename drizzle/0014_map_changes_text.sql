ALTER TABLE `map_changes` ADD `text` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- The map caches the id set its text conditions select (町名, railway line /
-- station / group with the walk to it, free words: buildTextWhere in
-- src/server/search/sql.ts, held by src/server/map/text-ids.ts) across
-- viewports. Its inputs are investments.name and keywords (all the FTS table
-- and its vocabulary index, 0001/0005), district_cd, the listing's rows in
-- investment_transports, and which ids exist. Every write to any of them logs
-- a row with text = 1, which drops the cache in every process at its next
-- catch-up. Visibility is not an input: the set is taken over all listings and
-- the snapshot's columns apply who may see what.
DROP TRIGGER IF EXISTS `map_changes_investments_ai`;
--> statement-breakpoint
CREATE TRIGGER `map_changes_investments_ai` AFTER INSERT ON `investments` BEGIN
  INSERT INTO map_changes (investment_id, text) VALUES (new.id, 1);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `map_changes_investments_ad`;
--> statement-breakpoint
CREATE TRIGGER `map_changes_investments_ad` AFTER DELETE ON `investments` BEGIN
  INSERT INTO map_changes (investment_id, text) VALUES (old.id, 1);
END;
--> statement-breakpoint
CREATE TRIGGER `map_changes_investments_text_au` AFTER UPDATE OF id, name, keywords, district_cd ON `investments` BEGIN
  INSERT INTO map_changes (investment_id, text) VALUES (old.id, 1);
  INSERT INTO map_changes (investment_id, text) SELECT new.id, 1 WHERE new.id <> old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `map_changes_transports_ai` AFTER INSERT ON `investment_transports` BEGIN
  INSERT INTO map_changes (investment_id, text) VALUES (new.investment_id, 1);
END;
--> statement-breakpoint
CREATE TRIGGER `map_changes_transports_au` AFTER UPDATE ON `investment_transports` BEGIN
  INSERT INTO map_changes (investment_id, text) VALUES (old.investment_id, 1);
  INSERT INTO map_changes (investment_id, text) SELECT new.investment_id, 1 WHERE new.investment_id <> old.investment_id;
END;
--> statement-breakpoint
CREATE TRIGGER `map_changes_transports_ad` AFTER DELETE ON `investment_transports` BEGIN
  INSERT INTO map_changes (investment_id, text) VALUES (old.investment_id, 1);
END;
