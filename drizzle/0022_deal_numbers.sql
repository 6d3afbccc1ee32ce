CREATE TABLE `loan_terms` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`own_funds` integer,
	`down_payment_pct` real,
	`interest_pct` real NOT NULL,
	`years` integer NOT NULL,
	`purchase_cost_pct` real NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `investments_search_idx`;--> statement-breakpoint
DROP INDEX `investments_id_search_idx`;--> statement-breakpoint
DROP INDEX `investments_city_search_idx`;--> statement-breakpoint
ALTER TABLE `investments` ADD `noi` real;--> statement-breakpoint
ALTER TABLE `investments` ADD `freehold` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `investments_search_idx` ON `investments` (`public`,`not_updated_at`,`public_at`,`members`,`area_cd`,`type_cd`,`price`,`yield`,`structure_cd`,`pref_cd`,`city_cd`,`built_at`,`residual_at`,`station_time`,`land_size`,`occupied_size`,`premium`,`price_down`,`new_quake`,`has_cert`,`has_repair`,`is_full`,`transactions`,`update_at`,`net_yield`,`sekisan_ratio`,`noi`,`freehold`);--> statement-breakpoint
CREATE INDEX `investments_id_search_idx` ON `investments` (`id`,`public`,`not_updated_at`,`public_at`,`members`,`area_cd`,`type_cd`,`price`,`yield`,`structure_cd`,`pref_cd`,`city_cd`,`built_at`,`residual_at`,`station_time`,`land_size`,`occupied_size`,`premium`,`price_down`,`new_quake`,`has_cert`,`has_repair`,`is_full`,`transactions`,`update_at`,`net_yield`,`sekisan_ratio`,`noi`,`freehold`);--> statement-breakpoint
CREATE INDEX `investments_city_search_idx` ON `investments` (`city_cd`,`public`,`not_updated_at`,`members`,`district_cd`,`public_at`,`area_cd`,`type_cd`,`price`,`yield`,`structure_cd`,`pref_cd`,`built_at`,`residual_at`,`station_time`,`land_size`,`occupied_size`,`premium`,`price_down`,`new_quake`,`has_cert`,`has_repair`,`is_full`,`transactions`,`update_at`,`net_yield`,`sekisan_ratio`,`noi`,`freehold`);--> statement-breakpoint
-- The map snapshot holds the deal's numbers (ny, sk, ow and their sorts; src/server/map/snapshot.ts):
-- a change of them is logged like the searched columns of 0013, in a trigger of its own.
CREATE TRIGGER `map_changes_investments_deal_au` AFTER UPDATE OF net_yield, sekisan_ratio, freehold ON `investments` BEGIN
  INSERT INTO map_changes (investment_id) VALUES (new.id);
END;
