ALTER TABLE `admins` ADD `invited_by` integer;--> statement-breakpoint
ALTER TABLE `admins` ADD `disabled_at` integer;--> statement-breakpoint
ALTER TABLE `admins` ADD `disabled_by` integer;