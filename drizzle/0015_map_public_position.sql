-- Issue 27: the map index holds each listing's PUBLIC point, never its stored one.
-- investments_geo (0011) is what every public path reads (the map snapshot, the
-- SQL fallback, box filtering, clustering, the detail's nearby map), so storing
-- the snapped point here means no answer, not even a bounding-box probe, is finer
-- than the grid. The rule is publicMicro() of src/lib/public-position.ts: the
-- stored microdegrees m = round(x × 1e6) (as before), then the nearest multiple
-- of 1000 µ° (0.001°, ~111 m × 91 m at 34.7°N), halves upward, written
--   (m + 500) - (((m + 500) % 1000) + 1000) % 1000
-- (SQLite's % keeps the dividend's sign; the outer + 1000 makes it a floor below
-- zero too). tests/integration/map/public-position.test.ts checks these triggers
-- against the TypeScript function; the vis code is mapVisibility of
-- src/server/listings/visibility.ts (tests/integration/map/geo-visibility.test.ts). Staff keep the exact point in investments.map.
DROP TRIGGER IF EXISTS `investments_geo_ai`;
--> statement-breakpoint
CREATE TRIGGER `investments_geo_ai` AFTER INSERT ON `investments`
WHEN json_valid(new.map) AND json_type(new.map, '$.lat') IN ('integer', 'real') AND json_type(new.map, '$.lng') IN ('integer', 'real') BEGIN
  INSERT INTO investments_geo (id, lat_min, lat_max, lng_min, lng_max, vis_min, vis_max)
  SELECT new.id, p.lat, p.lat, p.lng, p.lng, p.vis, p.vis
  FROM (SELECT (m.lat + 500) - (((m.lat + 500) % 1000) + 1000) % 1000 AS lat,
               (m.lng + 500) - (((m.lng + 500) % 1000) + 1000) % 1000 AS lng,
               m.vis
        FROM (SELECT CAST(round(json_extract(new.map, '$.lat') * 1000000) AS INTEGER) AS lat,
                     CAST(round(json_extract(new.map, '$.lng') * 1000000) AS INTEGER) AS lng,
                     CASE WHEN new.public = 1 AND new.not_updated_at IS NULL THEN (CASE WHEN new.members = 1 THEN 1 ELSE 2 END) ELSE 0 END AS vis) AS m) AS p;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `investments_geo_au`;
--> statement-breakpoint
CREATE TRIGGER `investments_geo_au` AFTER UPDATE OF map, public, members, not_updated_at ON `investments` BEGIN
  DELETE FROM investments_geo WHERE id = old.id;
  INSERT INTO investments_geo (id, lat_min, lat_max, lng_min, lng_max, vis_min, vis_max)
  SELECT new.id, p.lat, p.lat, p.lng, p.lng, p.vis, p.vis
  FROM (SELECT (m.lat + 500) - (((m.lat + 500) % 1000) + 1000) % 1000 AS lat,
               (m.lng + 500) - (((m.lng + 500) % 1000) + 1000) % 1000 AS lng,
               m.vis
        FROM (SELECT CAST(round(json_extract(new.map, '$.lat') * 1000000) AS INTEGER) AS lat,
                     CAST(round(json_extract(new.map, '$.lng') * 1000000) AS INTEGER) AS lng,
                     CASE WHEN new.public = 1 AND new.not_updated_at IS NULL THEN (CASE WHEN new.members = 1 THEN 1 ELSE 2 END) ELSE 0 END AS vis) AS m) AS p
  WHERE json_valid(new.map) AND json_type(new.map, '$.lat') IN ('integer', 'real') AND json_type(new.map, '$.lng') IN ('integer', 'real');
END;
--> statement-breakpoint
-- The rows already indexed: their stored microdegrees are m above, so snapping them in place equals re-indexing.
UPDATE investments_geo SET
  lat_min = (lat_min + 500) - (((lat_min + 500) % 1000) + 1000) % 1000,
  lat_max = (lat_max + 500) - (((lat_max + 500) % 1000) + 1000) % 1000,
  lng_min = (lng_min + 500) - (((lng_min + 500) % 1000) + 1000) % 1000,
  lng_max = (lng_max + 500) - (((lng_max + 500) % 1000) + 1000) % 1000;
--> statement-breakpoint
-- Map snapshots of processes still running (src/server/map/snapshot.ts) re-read every moved
-- listing at their next request: one log row per listing (past 5,000 they reload whole).
INSERT INTO map_changes (investment_id) SELECT id FROM investments_geo;
