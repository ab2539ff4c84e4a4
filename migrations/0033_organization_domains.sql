CREATE TABLE `dev_dns_records` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`value` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dev_dns_records_name_value_unique` ON `dev_dns_records` (`name`,`value`);--> statement-breakpoint
CREATE TABLE `organization_domains` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`domain` text NOT NULL,
	`token` text NOT NULL,
	`status` text NOT NULL,
	`added_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`verified_at` integer,
	`lapsed_at` integer,
	`checked_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organization_domains_org_domain_unique` ON `organization_domains` (`organization_id`,`domain`);--> statement-breakpoint
CREATE UNIQUE INDEX `organization_domains_verified_unique` ON `organization_domains` (`domain`) WHERE status = 'verified';--> statement-breakpoint
CREATE INDEX `organization_domains_status_checked_idx` ON `organization_domains` (`status`,`checked_at`);