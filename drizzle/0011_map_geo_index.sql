-- Map search (/investments/map): an R*Tree over listing positions, kept in step
-- with investments by triggers (drizzle-kit cannot model virtual tables).
-- rtree_i32 with microdegrees (round(lat × 1e6)): integers are stored exactly,
-- so a bounding-box test here equals the same test in JavaScript (a float
-- R*Tree stores 32-bit floats, ±1 m off at Kansai's longitudes).
-- A third dimension `vis` is who may see the listing, the rule of
-- src/server/listings/visibility.ts (mapVisibility; held equal to these triggers
-- by tests/integration/map/geo-visibility.test.ts): 2 visitors and members (published, not
-- overdue, not members-only), 1 members only, 0 nobody on the public site. A
-- map search without conditions filters on it alone, never reading investments
-- (a dimension, not an auxiliary column: those are read row by row, 5× slower).
CREATE VIRTUAL TABLE `investments_geo` USING rtree_i32(id, lat_min, lat_max, lng_min, lng_max, vis_min, vis_max);
--> statement-breakpoint
CREATE TRIGGER `investments_geo_ai` AFTER INSERT ON `investments`
WHEN json_valid(new.map) AND json_type(new.map, '$.lat') IN ('integer', 'real') AND json_type(new.map, '$.lng') IN ('integer', 'real') BEGIN
  INSERT INTO investments_geo (id, lat_min, lat_max, lng_min, lng_max, vis_min, vis_max)
  SELECT new.id, p.lat, p.lat, p.lng, p.lng, p.vis, p.vis
  FROM (SELECT CAST(round(json_extract(new.map, '$.lat') * 1000000) AS INTEGER) AS lat,
               CAST(round(json_extract(new.map, '$.lng') * 1000000) AS INTEGER) AS lng,
               CASE WHEN new.public = 1 AND new.not_updated_at IS NULL THEN (CASE WHEN new.members = 1 THEN 1 ELSE 2 END) ELSE 0 END AS vis) AS p;
END;
--> statement-breakpoint
CREATE TRIGGER `investments_geo_au` AFTER UPDATE OF map, public, members, not_updated_at ON `investments` BEGIN
  DELETE FROM investments_geo WHERE id = old.id;
  INSERT INTO investments_geo (id, lat_min, lat_max, lng_min, lng_max, vis_min, vis_max)
  SELECT new.id, p.lat, p.lat, p.lng, p.lng, p.vis, p.vis
  FROM (SELECT CAST(round(json_extract(new.map, '$.lat') * 1000000) AS INTEGER) AS lat,
               CAST(round(json_extract(new.map, '$.lng') * 1000000) AS INTEGER) AS lng,
               CASE WHEN new.public = 1 AND new.not_updated_at IS NULL THEN (CASE WHEN new.members = 1 THEN 1 ELSE 2 END) ELSE 0 END AS vis) AS p
  WHERE json_valid(new.map) AND json_type(new.map, '$.lat') IN ('integer', 'real') AND json_type(new.map, '$.lng') IN ('integer', 'real');
END;
--> statement-breakpoint
CREATE TRIGGER `investments_geo_ad` AFTER DELETE ON `investments` BEGIN
  DELETE FROM investments_geo WHERE id = old.id;
END;
--> statement-breakpoint
INSERT INTO investments_geo (id, lat_min, lat_max, lng_min, lng_max, vis_min, vis_max)
SELECT id, lat, lat, lng, lng, vis, vis
FROM (SELECT id,
             CASE WHEN public = 1 AND not_updated_at IS NULL THEN (CASE WHEN members = 1 THEN 1 ELSE 2 END) ELSE 0 END AS vis,
             CAST(round(json_extract(map, '$.lat') * 1000000) AS INTEGER) AS lat,
             CAST(round(json_extract(map, '$.lng') * 1000000) AS INTEGER) AS lng
      FROM investments
      WHERE json_valid(map) AND json_type(map, '$.lat') IN ('integer', 'real') AND json_type(map, '$.lng') IN ('integer', 'real')) AS p;
--> statement-breakpoint
-- The listings the map cannot show (no position): a partial index, so "位置情報のない物件 N件"
-- reads only those rows (usually none) instead of every match. The condition is
-- UNPLACED in src/server/map/view.ts, word for word (SQLite matches it textually).
CREATE INDEX `investments_unplaced_idx` ON `investments` (`id`) WHERE coalesce(json_type(map, '$.lat') IN ('integer', 'real') AND json_type(map, '$.lng') IN ('integer', 'real'), 0) = 0;
