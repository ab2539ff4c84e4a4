CREATE TABLE `organization_seat_days` (
	`organization_id` text NOT NULL,
	`day` text NOT NULL,
	`seats_used` integer NOT NULL,
	`seats` integer NOT NULL,
	`devices_in_use` integer NOT NULL,
	`devices_allowed` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`organization_id`, `day`)
);
--> statement-breakpoint
ALTER TABLE `organizations` ADD `seat_alert_at` integer;