CREATE TABLE `contact_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`operator_id` text NOT NULL,
	`operator_email` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	`outbox_id` text NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `contact_replies_message_created_idx` ON `contact_replies` (`message_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `customer_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`author_id` text NOT NULL,
	`author_email` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `customer_notes_user_created_idx` ON `customer_notes` (`user_id`,`created_at`);