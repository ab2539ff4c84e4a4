CREATE TABLE `dev_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`subscription_id` text NOT NULL,
	`billing_reason` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_amount` integer NOT NULL,
	`amount_subtotal` integer NOT NULL,
	`amount_tax` integer NOT NULL,
	`amount_total` integer NOT NULL,
	`tax_rate_bp` integer NOT NULL,
	`reverse_charge` integer NOT NULL,
	`currency` text NOT NULL,
	`billing_details` text,
	`collection_method` text NOT NULL,
	`status` text NOT NULL,
	`period_start` integer NOT NULL,
	`period_end` integer NOT NULL,
	`due_at` integer,
	`po_number` text,
	`invoice_seq` integer NOT NULL,
	`created_at` integer NOT NULL,
	`paid_at` integer,
	`idempotency_key` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dev_invoices_customer_created_idx` ON `dev_invoices` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `dev_invoices_subscription_idx` ON `dev_invoices` (`subscription_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `dev_invoices_idempotency_unique` ON `dev_invoices` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `dev_invoices_invoice_seq_unique` ON `dev_invoices` (`invoice_seq`);--> statement-breakpoint
ALTER TABLE `dev_checkout_sessions` ADD `quantity` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `dev_checkout_sessions` ADD `subscription_quantity` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `dev_checkout_sessions` ADD `renewal_quantity` integer;--> statement-breakpoint
ALTER TABLE `dev_checkout_sessions` ADD `collection_method` text DEFAULT 'charge_automatically' NOT NULL;--> statement-breakpoint
ALTER TABLE `dev_checkout_sessions` ADD `po_number` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `quantity` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `unit_amount` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `billing_reason` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `period_start` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `period_end` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `due_at` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `po_number` text;--> statement-breakpoint
ALTER TABLE `organizations` ADD `kind` text DEFAULT 'enterprise' NOT NULL;--> statement-breakpoint
ALTER TABLE `organizations` ADD `stripe_subscription_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `organizations_subscription_unique` ON `organizations` (`stripe_subscription_id`) WHERE stripe_subscription_id is not null;--> statement-breakpoint
ALTER TABLE `pending_signups` ADD `seats` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `pending_signups` ADD `collection_method` text DEFAULT 'charge_automatically' NOT NULL;--> statement-breakpoint
ALTER TABLE `pending_signups` ADD `po_number` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `quantity` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `renewal_quantity` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `unit_amount` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `collection_method` text DEFAULT 'charge_automatically' NOT NULL;