CREATE TABLE `plugin_refresh_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`plugin_token_id` text NOT NULL,
	`replaced_at` integer NOT NULL,
	`successor_hash` text NOT NULL,
	`successor_sealed` text,
	`replaced_by_ip` text,
	FOREIGN KEY (`plugin_token_id`) REFERENCES `plugin_tokens`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `plugin_refresh_tokens_plugin_token_id_idx` ON `plugin_refresh_tokens` (`plugin_token_id`);--> statement-breakpoint
CREATE INDEX `plugin_refresh_tokens_sealed_idx` ON `plugin_refresh_tokens` (`replaced_at`) WHERE successor_sealed is not null;--> statement-breakpoint
-- The refresh token each live sign-in replaced last joins its family, so it still ends the sign-in.
INSERT INTO `plugin_refresh_tokens` (`token_hash`, `plugin_token_id`, `replaced_at`, `successor_hash`, `successor_sealed`, `replaced_by_ip`)
	SELECT `previous_refresh_hash`, `id`, `last_used_at`, `refresh_token_hash`, NULL, NULL FROM `plugin_tokens` WHERE `previous_refresh_hash` IS NOT NULL;--> statement-breakpoint
DROP INDEX `plugin_tokens_previous_refresh_idx`;--> statement-breakpoint
ALTER TABLE `plugin_tokens` DROP COLUMN `previous_refresh_hash`;