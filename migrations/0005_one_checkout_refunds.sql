CREATE TABLE `checkout_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_key` text NOT NULL,
	`kind` text NOT NULL,
	`provider_session_id` text,
	`url` text,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`closed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkout_sessions_owner_open_unique` ON `checkout_sessions` (`owner_key`) WHERE status in ('opening', 'open');--> statement-breakpoint
CREATE INDEX `checkout_sessions_provider_session_idx` ON `checkout_sessions` (`provider_session_id`);--> statement-breakpoint
CREATE TABLE `payment_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`subscription_id` text NOT NULL,
	`customer_id` text,
	`checkout_session_id` text,
	`pending_signup_id` text,
	`user_id` text,
	`email` text NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`amount` integer,
	`currency` text,
	`provider_refund_id` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`refunded_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_refunds_subscription_unique` ON `payment_refunds` (`subscription_id`);--> statement-breakpoint
CREATE INDEX `payment_refunds_checkout_session_idx` ON `payment_refunds` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `payment_refunds_status_created_idx` ON `payment_refunds` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `payment_refunds_user_id_idx` ON `payment_refunds` (`user_id`);--> statement-breakpoint
ALTER TABLE `dev_checkout_sessions` ADD `refunded_at` integer;