CREATE TABLE `organization_scim` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`token_hash` text,
	`token_created_at` integer,
	`last_call_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organization_scim_token_unique` ON `organization_scim` (`token_hash`) WHERE token_hash is not null;--> statement-breakpoint
CREATE TABLE `scim_users` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_name` text NOT NULL,
	`user_name_normalized` text NOT NULL,
	`external_id` text,
	`given_name` text,
	`family_name` text,
	`display_name` text,
	`email` text NOT NULL,
	`email_normalized` text NOT NULL,
	`active` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scim_users_user_name_unique` ON `scim_users` (`organization_id`,`user_name_normalized`);--> statement-breakpoint
CREATE INDEX `scim_users_org_email_idx` ON `scim_users` (`organization_id`,`email_normalized`);--> statement-breakpoint
CREATE INDEX `scim_users_org_created_idx` ON `scim_users` (`organization_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `organization_members` ADD `source` text DEFAULT 'invited' NOT NULL;