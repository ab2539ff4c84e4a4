CREATE TABLE `payment_cards` (
	`stripe_customer_id` text PRIMARY KEY NOT NULL,
	`brand` text NOT NULL,
	`last4` text NOT NULL,
	`exp_month` integer NOT NULL,
	`exp_year` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `invoices` ADD `refund_cancels_subscription` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `payment_failed_at` integer;