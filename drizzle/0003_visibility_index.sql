DROP INDEX `investments_visible_public_at_idx`;--> statement-breakpoint
CREATE INDEX `investments_visible_idx` ON `investments` (`public`,`members`,`not_updated_at`,`public_at`);--> statement-breakpoint
CREATE INDEX `investments_area_cd_price_idx` ON `investments` (`area_cd`,`price`);