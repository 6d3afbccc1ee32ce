CREATE INDEX `investment_views_investment_id_idx` ON `investment_views` (`investment_id`);--> statement-breakpoint
CREATE INDEX `matchings_investment_id_idx` ON `matchings` (`investment_id`);