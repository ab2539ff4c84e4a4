CREATE TABLE `organization_sso` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`issuer` text NOT NULL,
	`client_id` text NOT NULL,
	`client_secret_sealed` text NOT NULL,
	`required` integer DEFAULT false NOT NULL,
	`updated_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`last_sign_in_at` integer,
	`last_sign_in_email` text,
	`last_failure_at` integer,
	`last_failure` text,
	`no_seat_mailed_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `sso_seat_waits` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`email_normalized` text NOT NULL,
	`name` text,
	`first_tried_at` integer NOT NULL,
	`last_tried_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sso_seat_waits_org_email_unique` ON `sso_seat_waits` (`organization_id`,`email_normalized`);--> statement-breakpoint
CREATE TABLE `sso_sign_ins` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`email_normalized` text NOT NULL,
	`code_verifier` text NOT NULL,
	`nonce` text NOT NULL,
	`return_to` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sso_sign_ins_expires_idx` ON `sso_sign_ins` (`expires_at`);