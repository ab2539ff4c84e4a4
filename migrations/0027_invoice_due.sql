ALTER TABLE `invoices` ADD `stripe_subscription_id` text;--> statement-breakpoint
CREATE INDEX `invoices_open_due_idx` ON `invoices` (`due_at`) WHERE status = 'open' and due_at is not null;