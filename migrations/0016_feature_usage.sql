CREATE TABLE `feature_usage_days` (
	`license_id` text NOT NULL,
	`user_id` text NOT NULL,
	`device_id` text NOT NULL,
	`day` text NOT NULL,
	`renumber_views` integer DEFAULT 0 NOT NULL,
	`schedule_link` integer DEFAULT 0 NOT NULL,
	`general_notes` integer DEFAULT 0 NOT NULL,
	`sheet_notes` integer DEFAULT 0 NOT NULL,
	`legends_from_word` integer DEFAULT 0 NOT NULL,
	`dummy_schedules` integer DEFAULT 0 NOT NULL,
	`drafting_export` integer DEFAULT 0 NOT NULL,
	`cad_import` integer DEFAULT 0 NOT NULL,
	`wipe_model` integer DEFAULT 0 NOT NULL,
	`app_version` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`license_id`, `device_id`, `day`),
	FOREIGN KEY (`license_id`) REFERENCES `licenses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `feature_usage_days_user_day_idx` ON `feature_usage_days` (`user_id`,`day`);--> statement-breakpoint
CREATE INDEX `feature_usage_days_day_idx` ON `feature_usage_days` (`day`);--> statement-breakpoint
CREATE TABLE `usage_batches` (
	`license_id` text NOT NULL,
	`batch_id` text NOT NULL,
	`received_at` integer NOT NULL,
	PRIMARY KEY(`license_id`, `batch_id`),
	FOREIGN KEY (`license_id`) REFERENCES `licenses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `usage_batches_received_at_idx` ON `usage_batches` (`received_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `share_usage` integer DEFAULT true NOT NULL;