ALTER TABLE `dev_checkout_sessions` ADD `refund_kind` text;--> statement-breakpoint
ALTER TABLE `dev_checkout_sessions` ADD `canceled_at` integer;--> statement-breakpoint
CREATE INDEX `invoices_refund_status_idx` ON `invoices` (`refund_status`,`refunded_at`) WHERE refund_status is not null;