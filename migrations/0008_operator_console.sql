CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`operator_id` text NOT NULL,
	`operator_email` text NOT NULL,
	`user_id` text,
	`action` text NOT NULL,
	`subject` text NOT NULL,
	`reason` text NOT NULL,
	`before` text NOT NULL,
	`after` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_user_created_idx` ON `audit_log` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_operator_created_idx` ON `audit_log` (`operator_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_action_created_idx` ON `audit_log` (`action`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_failures` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`object_id` text,
	`error` text NOT NULL,
	`attempts` integer NOT NULL,
	`first_failed_at` integer NOT NULL,
	`last_failed_at` integer NOT NULL,
	`resolved_at` integer
);
--> statement-breakpoint
CREATE INDEX `webhook_failures_resolved_last_idx` ON `webhook_failures` (`resolved_at`,`last_failed_at`);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `email_normalized` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `status` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `handled_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `handled_by` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `handled_note` text;--> statement-breakpoint
CREATE INDEX `contact_messages_status_created_idx` ON `contact_messages` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_email_normalized_idx` ON `contact_messages` (`email_normalized`,`created_at`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `refund_status` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `refund_amount` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `refund_id` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `refunded_at` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `refund_error` text;--> statement-breakpoint
ALTER TABLE `licenses` ADD `deactivations_reset_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `role` text;--> statement-breakpoint
CREATE INDEX `devices_device_id_idx` ON `devices` (`device_id`);--> statement-breakpoint
CREATE INDEX `devices_device_name_nocase_idx` ON `devices` ("device_name" collate nocase);--> statement-breakpoint
CREATE INDEX `payment_refunds_email_idx` ON `payment_refunds` (`email`);