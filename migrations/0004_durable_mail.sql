ALTER TABLE `outbox` ADD `status` text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `last_error` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `last_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `outbox` ADD `sent_at` integer;--> statement-breakpoint
ALTER TABLE `outbox` ADD `due_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `outbox_status_due_at_idx` ON `outbox` (`status`,`due_at`);