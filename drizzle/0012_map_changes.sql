CREATE TABLE `map_changes` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`investment_id` integer NOT NULL
);
--> statement-breakpoint
-- The map's in-process snapshot (src/server/map/snapshot.ts) follows this log:
-- one row per write that can change a listing's row in investments_geo (its
-- position or visibility; the same columns as the 0011 triggers).
CREATE TRIGGER `map_changes_investments_ai` AFTER INSERT ON `investments` BEGIN
  INSERT INTO map_changes (investment_id) VALUES (new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `map_changes_investments_au` AFTER UPDATE OF id, map, public, members, not_updated_at ON `investments` BEGIN
  INSERT INTO map_changes (investment_id) VALUES (old.id);
  INSERT INTO map_changes (investment_id) SELECT new.id WHERE new.id <> old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `map_changes_investments_ad` AFTER DELETE ON `investments` BEGIN
  INSERT INTO map_changes (investment_id) VALUES (old.id);
END;
--> statement-breakpoint
-- Bounded: a snapshot that missed trimmed rows sees a gap and reloads whole.
CREATE TRIGGER `map_changes_trim` AFTER INSERT ON `map_changes` WHEN new.seq % 1000 = 0 BEGIN
  DELETE FROM map_changes WHERE seq <= new.seq - 50000;
END;
