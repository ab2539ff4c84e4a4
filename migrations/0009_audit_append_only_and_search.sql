-- Custom migration (drizzle cannot express triggers or virtual tables).
--
-- 1. The audit log is append-only: any UPDATE of a row, or DELETE of a row younger than the
--    7 years payment records are kept (the cron's retention purge, by the real clock), aborts its
--    whole statement and the batch around it, whoever sends it.
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log`
BEGIN
	SELECT RAISE(ABORT, 'audit_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log`
	WHEN old.`created_at` > (unixepoch('now') - 7 * 365 * 86400) * 1000
BEGIN
	SELECT RAISE(ABORT, 'audit_log is append-only');
END;
--> statement-breakpoint
-- 2. The console's search finds customers by any part of their e-mail or name (three characters
--    or more), in any case: an FTS5 trigram index over users, kept in step by triggers. It holds
--    no copy of the text (external content: `users`), only the index, and its rowids are the
--    users' rowids, which grow with sign-up time, so "newest first" is "rowid descending".
CREATE VIRTUAL TABLE `users_search` USING fts5(
	`email`, `customer_name`, content='users', content_rowid='rowid', tokenize='trigram'
);
--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users`
BEGIN
	INSERT INTO `users_search` (rowid, `email`, `customer_name`)
		VALUES (new.rowid, new.`email`, new.`customer_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users`
BEGIN
	INSERT INTO `users_search` (`users_search`, rowid, `email`, `customer_name`)
		VALUES ('delete', old.rowid, old.`email`, old.`customer_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF `email`, `customer_name` ON `users`
BEGIN
	INSERT INTO `users_search` (`users_search`, rowid, `email`, `customer_name`)
		VALUES ('delete', old.rowid, old.`email`, old.`customer_name`);
	INSERT INTO `users_search` (rowid, `email`, `customer_name`)
		VALUES (new.rowid, new.`email`, new.`customer_name`);
END;
--> statement-breakpoint
INSERT INTO `users_search` (`users_search`) VALUES ('rebuild');
--> statement-breakpoint
-- 3. Messages sent before 0008 get the lower-cased address, so the inbox can match them to
--    accounts (new messages store the full normalization of services/shared/emails.ts).
UPDATE `contact_messages` SET `email_normalized` = lower(trim(`email`)) WHERE `email_normalized` IS NULL;
