CREATE TABLE `investment_rent_rolls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`investment_id` integer NOT NULL,
	`room` text NOT NULL,
	`layout` text,
	`area` real,
	`rent` integer NOT NULL,
	`common_fee` integer,
	`deposit` integer,
	`status` text NOT NULL,
	`lease_start` text,
	`e_sort` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`investment_id`) REFERENCES `investments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `investment_rent_rolls_investment_id_idx` ON `investment_rent_rolls` (`investment_id`,`e_sort`);--> statement-breakpoint
CREATE TABLE `investment_repairs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`investment_id` integer NOT NULL,
	`year_month` text NOT NULL,
	`description` text NOT NULL,
	`cost` integer,
	`e_sort` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`investment_id`) REFERENCES `investments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `investment_repairs_investment_id_idx` ON `investment_repairs` (`investment_id`,`e_sort`);--> statement-breakpoint
ALTER TABLE `investments` ADD `road_price` integer;--> statement-breakpoint
ALTER TABLE `investments` ADD `road_price_year` integer;--> statement-breakpoint
ALTER TABLE `investments` ADD `leasehold_ratio` integer;--> statement-breakpoint
ALTER TABLE `investments` ADD `assessed_land_value` integer;--> statement-breakpoint
ALTER TABLE `investments` ADD `assessed_building_value` integer;--> statement-breakpoint
ALTER TABLE `investments` ADD `property_tax` integer;--> statement-breakpoint
ALTER TABLE `investments` ADD `replacement_cost` integer;--> statement-breakpoint
ALTER TABLE `investments` ADD `steel_thickness` real;--> statement-breakpoint
ALTER TABLE `investments` ADD `rebuild_not_allowed` integer;--> statement-breakpoint
ALTER TABLE `investments` ADD `nonconforming` integer;--> statement-breakpoint
ALTER TABLE `investments` ADD `net_yield` real;--> statement-breakpoint
ALTER TABLE `investments` ADD `sekisan_ratio` real;--> statement-breakpoint
CREATE INDEX `investments_net_yield_idx` ON `investments` (`net_yield`);--> statement-breakpoint
CREATE INDEX `investments_sekisan_ratio_idx` ON `investments` (`sekisan_ratio`);