CREATE TABLE `media_blobs` (
	`hash` text PRIMARY KEY NOT NULL,
	`body` blob NOT NULL
);
--> statement-breakpoint
CREATE TABLE `media_files` (
	`key` text PRIMARY KEY NOT NULL,
	`hash` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `media_files_hash_idx` ON `media_files` (`hash`);--> statement-breakpoint
CREATE INDEX `media_files_created_idx` ON `media_files` (`created_at`);