ALTER TABLE `outbox` ADD `dedupe_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_dedupe_key_unique` ON `outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `subscriptions_status_period_end_idx` ON `subscriptions` (`status`,`current_period_end`);