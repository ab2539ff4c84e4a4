CREATE TABLE `device_authorizations` (
	`id` text PRIMARY KEY NOT NULL,
	`device_code_hash` text NOT NULL,
	`user_code_hash` text NOT NULL,
	`client_id` text NOT NULL,
	`scope` text NOT NULL,
	`device_name` text,
	`device_id` text,
	`status` text NOT NULL,
	`user_id` text,
	`interval_seconds` integer NOT NULL,
	`last_polled_at` integer,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`decided_at` integer,
	`ip` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `device_authorizations_device_code_unique` ON `device_authorizations` (`device_code_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `device_authorizations_user_code_unique` ON `device_authorizations` (`user_code_hash`);--> statement-breakpoint
CREATE INDEX `device_authorizations_expires_at_idx` ON `device_authorizations` (`expires_at`);--> statement-breakpoint
CREATE INDEX `device_authorizations_user_id_idx` ON `device_authorizations` (`user_id`);--> statement-breakpoint
CREATE TABLE `plugin_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`client_id` text NOT NULL,
	`scope` text NOT NULL,
	`device_name` text,
	`device_id` text,
	`access_token_hash` text NOT NULL,
	`access_expires_at` integer NOT NULL,
	`refresh_token_hash` text NOT NULL,
	`previous_refresh_hash` text,
	`refresh_expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plugin_tokens_access_unique` ON `plugin_tokens` (`access_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `plugin_tokens_refresh_unique` ON `plugin_tokens` (`refresh_token_hash`);--> statement-breakpoint
CREATE INDEX `plugin_tokens_previous_refresh_idx` ON `plugin_tokens` (`previous_refresh_hash`) WHERE previous_refresh_hash is not null;--> statement-breakpoint
CREATE INDEX `plugin_tokens_user_id_idx` ON `plugin_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `plugin_tokens_refresh_expires_at_idx` ON `plugin_tokens` (`refresh_expires_at`);