CREATE TABLE `billing_profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`company` text,
	`name` text NOT NULL,
	`line1` text NOT NULL,
	`line2` text,
	`postal_code` text NOT NULL,
	`city` text NOT NULL,
	`state` text,
	`country` text NOT NULL,
	`tax_id` text,
	`source_created` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `dev_checkout_sessions` ADD `billing_details` text;--> statement-breakpoint
ALTER TABLE `dev_checkout_sessions` ADD `amount_subtotal` integer;--> statement-breakpoint
ALTER TABLE `dev_checkout_sessions` ADD `amount_tax` integer;--> statement-breakpoint
ALTER TABLE `dev_checkout_sessions` ADD `tax_rate_bp` integer;--> statement-breakpoint
ALTER TABLE `dev_checkout_sessions` ADD `reverse_charge` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `dev_checkout_sessions` ADD `invoice_seq` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `dev_checkout_sessions_invoice_seq_unique` ON `dev_checkout_sessions` (`invoice_seq`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `subtotal` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `tax_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `tax_rate_bp` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `reverse_charge` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `buyer` text;