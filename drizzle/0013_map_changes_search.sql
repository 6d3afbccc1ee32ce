-- The map's snapshot (src/server/map/snapshot.ts) now also holds the searched
-- columns of each listing (issue 19: views with conditions filtered in the
-- process), so the write log must see a change to any of them, not only to the
-- position and visibility. The columns are those of buildSearchWhere
-- (src/server/search/sql.ts) that the snapshot evaluates, and its sort keys.
DROP TRIGGER IF EXISTS `map_changes_investments_au`;
--> statement-breakpoint
CREATE TRIGGER `map_changes_investments_au` AFTER UPDATE OF id, map, public, members, not_updated_at,
  type_cd, structure_cd, pref_cd, city_cd, area_cd, price, yield, station_time, built_at, residual_at,
  land_size, occupied_size, has_cert, has_repair, price_down, is_full, new_quake, premium, transactions,
  public_at, update_at ON `investments` BEGIN
  INSERT INTO map_changes (investment_id) VALUES (old.id);
  INSERT INTO map_changes (investment_id) SELECT new.id WHERE new.id <> old.id;
END;
