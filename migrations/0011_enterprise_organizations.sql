CREATE TABLE `organization_events` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text,
	`actor_user_id` text,
	`kind` text NOT NULL,
	`detail` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `organization_events_org_created_idx` ON `organization_events` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `organization_events_org_user_created_idx` ON `organization_events` (`organization_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `organization_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`email` text NOT NULL,
	`email_normalized` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`sent_count` integer DEFAULT 1 NOT NULL,
	`last_sent_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_user_id` text,
	`revoked_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organization_invitations_token_unique` ON `organization_invitations` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `organization_invitations_open_unique` ON `organization_invitations` (`organization_id`,`email_normalized`) WHERE accepted_at is null and revoked_at is null;--> statement-breakpoint
CREATE INDEX `organization_invitations_org_created_idx` ON `organization_invitations` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `organization_members` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`license_id` text NOT NULL,
	`joined_at` integer NOT NULL,
	`removed_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organization_members_user_active_unique` ON `organization_members` (`user_id`) WHERE removed_at is null;--> statement-breakpoint
CREATE INDEX `organization_members_org_idx` ON `organization_members` (`organization_id`,`removed_at`);--> statement-breakpoint
CREATE INDEX `organization_members_license_idx` ON `organization_members` (`license_id`);--> statement-breakpoint
CREATE TABLE `organizations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`owner_user_id` text NOT NULL,
	`seats` integer NOT NULL,
	`device_limit` integer NOT NULL,
	`term_start` integer NOT NULL,
	`term_end` integer NOT NULL,
	`support_tier` text NOT NULL,
	`agreement_ref` text,
	`notes` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `organizations_owner_idx` ON `organizations` (`owner_user_id`);--> statement-breakpoint
CREATE INDEX `organizations_name_nocase_idx` ON `organizations` ("name" collate nocase);