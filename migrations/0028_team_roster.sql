DROP INDEX `organization_members_org_idx`;--> statement-breakpoint
ALTER TABLE `organization_members` ADD `customer_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `organization_members` ADD `email` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `organization_members` ADD `devices_in_use` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `organization_members` ADD `last_active_at` integer;--> statement-breakpoint
CREATE INDEX `organization_members_roster_idx` ON `organization_members` (`organization_id`,`removed_at`,customer_name collate nocase,email collate nocase,`last_active_at`,`devices_in_use`,`joined_at`,`user_id`,`license_id`);--> statement-breakpoint
CREATE INDEX `organization_invitations_open_idx` ON `organization_invitations` (`organization_id`,`expires_at`,`email`,`created_at`,`sent_count`,`id`,`accepted_at`,`revoked_at`) WHERE accepted_at is null and revoked_at is null;