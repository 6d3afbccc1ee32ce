CREATE TABLE `hazard_flags` (
	`investment_id` integer NOT NULL,
	`layer` text NOT NULL,
	`class` text,
	`status` text NOT NULL,
	`checked_at` integer,
	`attempted_at` integer,
	`source` text,
	`lat` real,
	`lng` real,
	`error` text,
	`override_class` text,
	`override_note` text,
	`override_by` integer,
	`override_at` integer,
	PRIMARY KEY(`investment_id`, `layer`),
	FOREIGN KEY (`investment_id`) REFERENCES `investments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`override_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `hazard_flags_checked_idx` ON `hazard_flags` (`checked_at`);--> statement-breakpoint
ALTER TABLE `investments` ADD `hazard_out` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `investments_hazard_out_idx` ON `investments` (`id`) WHERE hazard_out = 1;--> statement-breakpoint
-- The map snapshot holds hazard_out as a flag bit (src/server/map/snapshot.ts, the hz key):
-- a change of it is logged like the searched columns of 0013 (a trigger of its own, so
-- 0013's column list stays as it is).
CREATE TRIGGER `map_changes_investments_hazard_au` AFTER UPDATE OF hazard_out ON `investments` BEGIN
  INSERT INTO map_changes (investment_id) VALUES (new.id);
END;
