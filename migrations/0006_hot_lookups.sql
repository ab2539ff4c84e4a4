DROP INDEX `licenses_user_id_idx`;--> statement-breakpoint
CREATE INDEX `licenses_user_created_idx` ON `licenses` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_deleted_idx` ON `users` (`id`) WHERE is_deleted = 1;