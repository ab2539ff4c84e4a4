CREATE TABLE `vat_register_checks` (
	`vat_number` text PRIMARY KEY NOT NULL,
	`registered` integer NOT NULL,
	`checked_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `billing_profiles` ADD `tax_id_status` text;