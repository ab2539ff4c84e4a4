-- Custom migration (drizzle cannot express WITHOUT ROWID): sessions become a WITHOUT ROWID table,
-- so finding a session by id, which every signed-in request does, is one search of the table's own
-- B-tree instead of the id index and then the table. Same columns, same data, same indexes.
CREATE TABLE `__new_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`user_agent` text,
	`ip` text,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_sessions` (`id`, `user_id`, `created_at`, `last_used_at`, `expires_at`, `user_agent`, `ip`, `revoked_at`)
	SELECT `id`, `user_id`, `created_at`, `last_used_at`, `expires_at`, `user_agent`, `ip`, `revoked_at` FROM `sessions`;
--> statement-breakpoint
DROP TABLE `sessions`;
--> statement-breakpoint
ALTER TABLE `__new_sessions` RENAME TO `sessions`;
--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);
--> statement-breakpoint
CREATE INDEX `sessions_expires_at_idx` ON `sessions` (`expires_at`);
