CREATE TABLE `admin_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`ip` text,
	`user_agent` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `admin_sessions_admin_id_idx` ON `admin_sessions` (`admin_id`);--> statement-breakpoint
CREATE INDEX `admin_sessions_expires_at_idx` ON `admin_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `admins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`password_hash` text NOT NULL,
	`must_reset_password` integer DEFAULT false NOT NULL,
	`password_expires_at` integer,
	`last_login_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admins_email_uq` ON `admins` (`email`);--> statement-breakpoint
CREATE TABLE `email_verifications` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`email` text NOT NULL,
	`user_id` integer,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_verifications_email_idx` ON `email_verifications` (`email`);--> statement-breakpoint
CREATE INDEX `email_verifications_expires_at_idx` ON `email_verifications` (`expires_at`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`id` text PRIMARY KEY NOT NULL,
	`account_kind` text NOT NULL,
	`account_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `password_resets_account_idx` ON `password_resets` (`account_kind`,`account_id`);--> statement-breakpoint
CREATE INDEX `password_resets_expires_at_idx` ON `password_resets` (`expires_at`);--> statement-breakpoint
CREATE TABLE `user_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`ip` text,
	`user_agent` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_sessions_user_id_idx` ON `user_sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `user_sessions_expires_at_idx` ON `user_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`status` text DEFAULT 'active' NOT NULL,
	`type` text DEFAULT 'individual' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`kana_last` text DEFAULT '' NOT NULL,
	`kana_first` text DEFAULT '' NOT NULL,
	`company` text,
	`zip` text,
	`pref` text,
	`city` text,
	`address` text,
	`tel` text,
	`fax` text,
	`job` text,
	`job_other` text,
	`salary` text,
	`money` integer,
	`contact_method` text,
	`contact_time` text,
	`interest_areas` text,
	`must_reset_password` integer DEFAULT false NOT NULL,
	`password_expires_at` integer,
	`email_verified_at` integer,
	`last_login_at` integer,
	`last_mypage_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`deleted_at` integer,
	`deleted_reason` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX `users_status_idx` ON `users` (`status`);--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_deleted_at_idx` ON `users` (`deleted_at`);--> statement-breakpoint
CREATE TABLE `areas` (
	`id` integer PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`name_en` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `municipalities` (
	`code` text PRIMARY KEY NOT NULL,
	`code5` text NOT NULL,
	`pref_cd` integer NOT NULL,
	`name` text NOT NULL,
	`name_kana` text NOT NULL,
	`type` text NOT NULL,
	`parent_code` text,
	`ward_name` text,
	`county` text,
	`area_id` integer,
	FOREIGN KEY (`pref_cd`) REFERENCES `prefectures`(`pref_cd`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`area_id`) REFERENCES `areas`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `municipalities_pref_cd_idx` ON `municipalities` (`pref_cd`);--> statement-breakpoint
CREATE INDEX `municipalities_area_id_idx` ON `municipalities` (`area_id`);--> statement-breakpoint
CREATE TABLE `prefectures` (
	`pref_cd` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`name_kana` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `railway_lines` (
	`line_cd` integer PRIMARY KEY NOT NULL,
	`company_cd` integer NOT NULL,
	`name` text NOT NULL,
	`name_kana` text NOT NULL,
	`name_formal` text NOT NULL,
	`e_sort` integer NOT NULL,
	`color` text,
	`pref_cds` text NOT NULL,
	`station_count` integer NOT NULL,
	`note` text,
	FOREIGN KEY (`company_cd`) REFERENCES `railway_operators`(`company_cd`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `railway_lines_company_cd_idx` ON `railway_lines` (`company_cd`);--> statement-breakpoint
CREATE TABLE `railway_operators` (
	`company_cd` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`short` text NOT NULL,
	`name_formal` text NOT NULL,
	`name_kana` text NOT NULL,
	`rr_cd` integer,
	`note` text
);
--> statement-breakpoint
CREATE TABLE `stations` (
	`station_cd` integer PRIMARY KEY NOT NULL,
	`station_g_cd` integer NOT NULL,
	`name` text NOT NULL,
	`name_kana` text,
	`line_cd` integer NOT NULL,
	`pref_cd` integer NOT NULL,
	`lat` real NOT NULL,
	`lon` real NOT NULL,
	`e_sort` integer NOT NULL,
	`muni_code` text,
	FOREIGN KEY (`line_cd`) REFERENCES `railway_lines`(`line_cd`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `stations_line_cd_idx` ON `stations` (`line_cd`,`e_sort`);--> statement-breakpoint
CREATE INDEX `stations_station_g_cd_idx` ON `stations` (`station_g_cd`);--> statement-breakpoint
CREATE INDEX `stations_muni_code_idx` ON `stations` (`muni_code`);--> statement-breakpoint
CREATE TABLE `investment_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`investment_id` integer NOT NULL,
	`name` text NOT NULL,
	`comment` text,
	`width` integer,
	`height` integer,
	`e_sort` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`investment_id`) REFERENCES `investments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `investment_images_investment_id_idx` ON `investment_images` (`investment_id`,`e_sort`);--> statement-breakpoint
CREATE TABLE `investment_price_histories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`investment_id` integer NOT NULL,
	`price` integer NOT NULL,
	`price_before` integer,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`investment_id`) REFERENCES `investments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `investment_price_histories_investment_id_idx` ON `investment_price_histories` (`investment_id`,`changed_at`);--> statement-breakpoint
CREATE TABLE `investment_transports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`investment_id` integer NOT NULL,
	`operator` integer,
	`line_cd` integer,
	`line_name` text,
	`station_cd` integer,
	`station_name` text,
	`group_cd` integer,
	`distance` integer DEFAULT 1 NOT NULL,
	`station_walk` integer,
	`bus_name` text,
	`bus_time` integer,
	`bus_walk` integer,
	`other` text,
	`e_sort` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`investment_id`) REFERENCES `investments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `investment_transports_investment_id_idx` ON `investment_transports` (`investment_id`,`e_sort`);--> statement-breakpoint
CREATE INDEX `investment_transports_line_cd_idx` ON `investment_transports` (`line_cd`,`investment_id`);--> statement-breakpoint
CREATE INDEX `investment_transports_station_cd_idx` ON `investment_transports` (`station_cd`,`investment_id`);--> statement-breakpoint
CREATE INDEX `investment_transports_group_cd_idx` ON `investment_transports` (`group_cd`,`investment_id`);--> statement-breakpoint
CREATE TABLE `investments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`no` text,
	`type_cd` integer NOT NULL,
	`type_other` text,
	`name` text NOT NULL,
	`pref_cd` integer NOT NULL,
	`city_cd` text NOT NULL,
	`district_cd` text NOT NULL,
	`locality` text,
	`address_cd` text,
	`map` text,
	`price` integer NOT NULL,
	`price_before` integer,
	`income` text,
	`yield` real,
	`service_charge` integer,
	`maintenance_fee` integer,
	`structure_cd` integer,
	`structure_other` text,
	`floor` text,
	`built` text,
	`building_size` real,
	`occupied_size` real,
	`layout` text,
	`total_units` integer,
	`specifications` text,
	`features` text,
	`land_size` real,
	`land_type` integer,
	`land_note` text,
	`land_rights` text,
	`land_use_1` text,
	`land_use_2` text,
	`land_ratio` text,
	`land_cat` text,
	`land_plan` text,
	`land_corner` text,
	`land_road` text,
	`vacancy` text,
	`assign` text,
	`transactions` integer,
	`original` text,
	`comments` text,
	`public` integer DEFAULT false NOT NULL,
	`members` integer DEFAULT false NOT NULL,
	`premium` integer DEFAULT false NOT NULL,
	`price_down` integer DEFAULT false NOT NULL,
	`price_down_at` integer,
	`registered_at` text,
	`update_at` integer,
	`next_update_at` text,
	`not_updated_at` integer,
	`public_at` integer,
	`area_cd` integer,
	`built_at` text,
	`residual_at` text,
	`station_time` integer,
	`line_cds` text,
	`station_cds` text,
	`station_group_cds` text,
	`keywords` text DEFAULT '' NOT NULL,
	`new_quake` integer DEFAULT false NOT NULL,
	`has_cert` integer DEFAULT false NOT NULL,
	`has_repair` integer DEFAULT false NOT NULL,
	`is_full` integer DEFAULT false NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `investments_no_uq` ON `investments` (`no`) WHERE no IS NOT NULL AND no <> '';--> statement-breakpoint
CREATE INDEX `investments_visible_public_at_idx` ON `investments` (`public`,`members`,`public_at`);--> statement-breakpoint
CREATE INDEX `investments_price_idx` ON `investments` (`price`);--> statement-breakpoint
CREATE INDEX `investments_yield_idx` ON `investments` (`yield`);--> statement-breakpoint
CREATE INDEX `investments_type_cd_idx` ON `investments` (`type_cd`);--> statement-breakpoint
CREATE INDEX `investments_structure_cd_idx` ON `investments` (`structure_cd`);--> statement-breakpoint
CREATE INDEX `investments_pref_cd_city_cd_idx` ON `investments` (`pref_cd`,`city_cd`);--> statement-breakpoint
CREATE INDEX `investments_city_cd_idx` ON `investments` (`city_cd`);--> statement-breakpoint
CREATE INDEX `investments_area_cd_idx` ON `investments` (`area_cd`);--> statement-breakpoint
CREATE INDEX `investments_built_at_idx` ON `investments` (`built_at`);--> statement-breakpoint
CREATE INDEX `investments_residual_at_idx` ON `investments` (`residual_at`);--> statement-breakpoint
CREATE INDEX `investments_station_time_idx` ON `investments` (`station_time`);--> statement-breakpoint
CREATE INDEX `investments_land_size_idx` ON `investments` (`land_size`);--> statement-breakpoint
CREATE INDEX `investments_building_size_idx` ON `investments` (`building_size`);--> statement-breakpoint
CREATE INDEX `investments_update_at_idx` ON `investments` (`update_at`);--> statement-breakpoint
CREATE INDEX `investments_next_update_at_idx` ON `investments` (`next_update_at`);--> statement-breakpoint
CREATE INDEX `investments_premium_idx` ON `investments` (`premium`);--> statement-breakpoint
CREATE INDEX `investments_price_down_idx` ON `investments` (`price_down`);--> statement-breakpoint
CREATE TABLE `bookmarks` (
	`user_id` integer NOT NULL,
	`investment_id` integer NOT NULL,
	`price_at_bookmark` integer NOT NULL,
	`scenario` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `investment_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`investment_id`) REFERENCES `investments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bookmarks_investment_id_idx` ON `bookmarks` (`investment_id`);--> statement-breakpoint
CREATE TABLE `filters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`query` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `filters_user_id_name_uq` ON `filters` (`user_id`,`name`);--> statement-breakpoint
CREATE TABLE `investment_views` (
	`user_id` integer NOT NULL,
	`investment_id` integer NOT NULL,
	`viewed_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `investment_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`investment_id`) REFERENCES `investments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `investment_views_user_id_viewed_at_idx` ON `investment_views` (`user_id`,`viewed_at`);--> statement-breakpoint
CREATE TABLE `matchings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`investment_id` integer NOT NULL,
	`filter_id` integer,
	`reason` text NOT NULL,
	`price` integer NOT NULL,
	`price_before` integer,
	`read_at` integer,
	`notified_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`investment_id`) REFERENCES `investments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`filter_id`) REFERENCES `filters`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `matchings_user_id_investment_id_reason_uq` ON `matchings` (`user_id`,`investment_id`,`reason`);--> statement-breakpoint
CREATE INDEX `matchings_user_id_created_at_idx` ON `matchings` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `matchings_notified_at_idx` ON `matchings` (`notified_at`);--> statement-breakpoint
CREATE TABLE `notification_settings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`matching` text DEFAULT 'instant' NOT NULL,
	`newsletter` integer DEFAULT true NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`investment_id` integer,
	`investment_snapshot` text,
	`user_id` integer,
	`inquiry` text,
	`last_name` text NOT NULL,
	`first_name` text,
	`kana_last` text NOT NULL,
	`kana_first` text,
	`salary` text,
	`money` integer,
	`email` text NOT NULL,
	`tel` text,
	`fax` text,
	`contact` text,
	`content` text,
	`comment` text,
	`company` text,
	`details` text,
	`status` text DEFAULT 'new' NOT NULL,
	`memo` text,
	`dedupe_key` text,
	`hidden_by_user_at` integer,
	`ip` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`investment_id`) REFERENCES `investments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `contacts_kind_created_at_idx` ON `contacts` (`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `contacts_created_at_idx` ON `contacts` (`created_at`);--> statement-breakpoint
CREATE INDEX `contacts_status_idx` ON `contacts` (`status`);--> statement-breakpoint
CREATE INDEX `contacts_user_id_idx` ON `contacts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `contacts_investment_id_idx` ON `contacts` (`investment_id`);--> statement-breakpoint
CREATE INDEX `contacts_dedupe_key_idx` ON `contacts` (`dedupe_key`,`created_at`);--> statement-breakpoint
CREATE TABLE `cms_pages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`body_md` text DEFAULT '' NOT NULL,
	`body_html` text DEFAULT '' NOT NULL,
	`data` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cms_pages_key_uq` ON `cms_pages` (`key`);--> statement-breakpoint
CREATE TABLE `cms_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`category` text DEFAULT 'news' NOT NULL,
	`cover_image` text,
	`excerpt` text,
	`body_md` text DEFAULT '' NOT NULL,
	`body_html` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`published_at` integer,
	`author_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cms_posts_slug_uq` ON `cms_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `cms_posts_status_published_at_idx` ON `cms_posts` (`status`,`published_at`);--> statement-breakpoint
CREATE TABLE `newsletter_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`newsletter_id` integer NOT NULL,
	`user_id` integer,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`message_id` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`newsletter_id`) REFERENCES `newsletters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_deliveries_newsletter_id_email_uq` ON `newsletter_deliveries` (`newsletter_id`,`email`);--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_newsletter_id_status_idx` ON `newsletter_deliveries` (`newsletter_id`,`status`);--> statement-breakpoint
CREATE TABLE `newsletters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`audience` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`scheduled_at` integer,
	`started_at` integer,
	`finished_at` integer,
	`total` integer DEFAULT 0 NOT NULL,
	`sent_count` integer DEFAULT 0 NOT NULL,
	`failed_count` integer DEFAULT 0 NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `newsletters_status_idx` ON `newsletters` (`status`,`scheduled_at`);--> statement-breakpoint
CREATE TABLE `site_options` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job` text NOT NULL,
	`payload` text NOT NULL,
	`job_id` text NOT NULL,
	`available_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`relayed_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_job_id_uq` ON `outbox` (`job_id`);--> statement-breakpoint
CREATE INDEX `outbox_pending_idx` ON `outbox` (`relayed_at`,`available_at`);