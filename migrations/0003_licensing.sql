CREATE TABLE `devices` (
	`id` text PRIMARY KEY NOT NULL,
	`license_id` text NOT NULL,
	`user_id` text NOT NULL,
	`device_id` text NOT NULL,
	`device_name` text NOT NULL,
	`app_version` text,
	`activated_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`deactivated_at` integer,
	FOREIGN KEY (`license_id`) REFERENCES `licenses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `devices_license_device_active_unique` ON `devices` (`license_id`,`device_id`) WHERE deactivated_at is null;--> statement-breakpoint
CREATE INDEX `devices_license_active_idx` ON `devices` (`license_id`,`deactivated_at`);--> statement-breakpoint
CREATE INDEX `devices_user_id_idx` ON `devices` (`user_id`);--> statement-breakpoint
CREATE TABLE `license_events` (
	`id` text PRIMARY KEY NOT NULL,
	`license_id` text NOT NULL,
	`user_id` text NOT NULL,
	`device_id` text NOT NULL,
	`device_name` text NOT NULL,
	`action` text NOT NULL,
	`source` text NOT NULL,
	`ip` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`license_id`) REFERENCES `licenses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `license_events_license_created_idx` ON `license_events` (`license_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `license_events_user_created_idx` ON `license_events` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `license_events_created_at_idx` ON `license_events` (`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `purged_at` integer;