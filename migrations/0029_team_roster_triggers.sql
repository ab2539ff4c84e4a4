-- Custom migration (drizzle cannot express triggers).
--
-- The owner's team table reads a page of a team of hundreds from one covering index
-- (organization_members_roster_idx, migration 0028): each active member row carries copies of
-- what the table sorts, filters and counts by. These triggers keep them in step, whoever writes
-- the account, the devices or the feature usage (the plugin's calls, the dashboard, the console,
-- the cron), and the rows are filled once below.
--
-- * customer_name, email: the account's, on joining and whenever the account's change.
-- * devices_in_use: the license's devices with deactivated_at null, counted again when a device
--   is added, deactivated, moved or deleted.
-- * last_active_at: the latest of any of the license's devices' last_seen_at (freed devices too)
--   and the start of a day with a command used (a usage_days row with a count above 0), or of a
--   month for days the cron folded (usage_months). It only moves forward: days folded into their
--   month or deleted after the retention window leave it as it was.
--
-- A new command's count column must be added to the WHEN of the four usage triggers (a migration
-- that drops and creates them again); tests/worker/team-roster.test.ts fails until it is.
CREATE TRIGGER `organization_members_roster_insert` AFTER INSERT ON `organization_members`
BEGIN
	UPDATE `organization_members` SET
		`customer_name` = coalesce((SELECT `customer_name` FROM `users` WHERE `id` = new.`user_id`), ''),
		`email` = coalesce((SELECT `email` FROM `users` WHERE `id` = new.`user_id`), ''),
		`devices_in_use` = (SELECT count(*) FROM `devices` AS d
			WHERE d.`license_id` = new.`license_id` AND d.`deactivated_at` IS NULL),
		`last_active_at` = nullif(max(
			coalesce((SELECT max(d.`last_seen_at`) FROM `devices` AS d WHERE d.`license_id` = new.`license_id`), -1),
			coalesce((SELECT max(u.`day`) * 86400000 FROM `devices` AS d
				JOIN `usage_days` AS u ON u.`device_ref` = d.`usage_ref`
				WHERE d.`license_id` = new.`license_id` AND (u.`renumber_views` > 0 OR u.`schedule_link` > 0
					OR u.`general_notes` > 0 OR u.`sheet_notes` > 0 OR u.`legends_from_word` > 0
					OR u.`dummy_schedules` > 0 OR u.`drafting_export` > 0 OR u.`cad_import` > 0
					OR u.`wipe_model` > 0)), -1)
		), -1)
	WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `organization_members_roster_license` AFTER UPDATE OF `license_id` ON `organization_members`
	WHEN new.`license_id` IS NOT old.`license_id`
BEGIN
	UPDATE `organization_members` SET
		`devices_in_use` = (SELECT count(*) FROM `devices` AS d
			WHERE d.`license_id` = new.`license_id` AND d.`deactivated_at` IS NULL),
		`last_active_at` = nullif(max(
			coalesce((SELECT max(d.`last_seen_at`) FROM `devices` AS d WHERE d.`license_id` = new.`license_id`), -1),
			coalesce((SELECT max(u.`day`) * 86400000 FROM `devices` AS d
				JOIN `usage_days` AS u ON u.`device_ref` = d.`usage_ref`
				WHERE d.`license_id` = new.`license_id` AND (u.`renumber_views` > 0 OR u.`schedule_link` > 0
					OR u.`general_notes` > 0 OR u.`sheet_notes` > 0 OR u.`legends_from_word` > 0
					OR u.`dummy_schedules` > 0 OR u.`drafting_export` > 0 OR u.`cad_import` > 0
					OR u.`wipe_model` > 0)), -1)
		), -1)
	WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `users_roster_update` AFTER UPDATE OF `customer_name`, `email` ON `users`
	WHEN new.`customer_name` IS NOT old.`customer_name` OR new.`email` IS NOT old.`email`
BEGIN
	UPDATE `organization_members` SET `customer_name` = new.`customer_name`, `email` = new.`email`
	WHERE `user_id` = new.`id` AND `removed_at` IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `devices_roster_insert` AFTER INSERT ON `devices`
BEGIN
	UPDATE `organization_members` SET
		`devices_in_use` = (SELECT count(*) FROM `devices` AS d
			WHERE d.`license_id` = new.`license_id` AND d.`deactivated_at` IS NULL),
		`last_active_at` = max(coalesce(`last_active_at`, new.`last_seen_at`), new.`last_seen_at`)
	WHERE `license_id` = new.`license_id` AND `removed_at` IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `devices_roster_seen` AFTER UPDATE OF `last_seen_at` ON `devices`
	WHEN new.`last_seen_at` > old.`last_seen_at`
BEGIN
	UPDATE `organization_members`
	SET `last_active_at` = max(coalesce(`last_active_at`, new.`last_seen_at`), new.`last_seen_at`)
	WHERE `license_id` = new.`license_id` AND `removed_at` IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `devices_roster_state` AFTER UPDATE OF `deactivated_at`, `license_id` ON `devices`
	WHEN (new.`deactivated_at` IS NULL) != (old.`deactivated_at` IS NULL)
		OR new.`license_id` IS NOT old.`license_id`
BEGIN
	UPDATE `organization_members` SET `devices_in_use` = (SELECT count(*) FROM `devices` AS d
		WHERE d.`license_id` = `organization_members`.`license_id` AND d.`deactivated_at` IS NULL)
	WHERE `license_id` IN (old.`license_id`, new.`license_id`) AND `removed_at` IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `devices_roster_delete` AFTER DELETE ON `devices`
	WHEN old.`deactivated_at` IS NULL
BEGIN
	UPDATE `organization_members` SET `devices_in_use` = (SELECT count(*) FROM `devices` AS d
		WHERE d.`license_id` = old.`license_id` AND d.`deactivated_at` IS NULL)
	WHERE `license_id` = old.`license_id` AND `removed_at` IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `usage_days_roster_insert` AFTER INSERT ON `usage_days`
	WHEN new.`renumber_views` > 0 OR new.`schedule_link` > 0 OR new.`general_notes` > 0
		OR new.`sheet_notes` > 0 OR new.`legends_from_word` > 0 OR new.`dummy_schedules` > 0
		OR new.`drafting_export` > 0 OR new.`cad_import` > 0 OR new.`wipe_model` > 0
BEGIN
	UPDATE `organization_members`
	SET `last_active_at` = max(coalesce(`last_active_at`, new.`day` * 86400000), new.`day` * 86400000)
	WHERE `license_id` = (SELECT `license_id` FROM `devices` WHERE `usage_ref` = new.`device_ref`)
		AND `removed_at` IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `usage_days_roster_update` AFTER UPDATE ON `usage_days`
	WHEN new.`renumber_views` > 0 OR new.`schedule_link` > 0 OR new.`general_notes` > 0
		OR new.`sheet_notes` > 0 OR new.`legends_from_word` > 0 OR new.`dummy_schedules` > 0
		OR new.`drafting_export` > 0 OR new.`cad_import` > 0 OR new.`wipe_model` > 0
BEGIN
	UPDATE `organization_members`
	SET `last_active_at` = max(coalesce(`last_active_at`, new.`day` * 86400000), new.`day` * 86400000)
	WHERE `license_id` = (SELECT `license_id` FROM `devices` WHERE `usage_ref` = new.`device_ref`)
		AND `removed_at` IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `usage_months_roster_insert` AFTER INSERT ON `usage_months`
	WHEN new.`renumber_views` > 0 OR new.`schedule_link` > 0 OR new.`general_notes` > 0
		OR new.`sheet_notes` > 0 OR new.`legends_from_word` > 0 OR new.`dummy_schedules` > 0
		OR new.`drafting_export` > 0 OR new.`cad_import` > 0 OR new.`wipe_model` > 0
BEGIN
	UPDATE `organization_members` SET `last_active_at` = max(
		coalesce(`last_active_at`, 0),
		unixepoch(printf('%04d-%02d-01', new.`month` / 100, new.`month` % 100)) * 1000)
	WHERE `license_id` = (SELECT `license_id` FROM `devices` WHERE `usage_ref` = new.`device_ref`)
		AND `removed_at` IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `usage_months_roster_update` AFTER UPDATE ON `usage_months`
	WHEN new.`renumber_views` > 0 OR new.`schedule_link` > 0 OR new.`general_notes` > 0
		OR new.`sheet_notes` > 0 OR new.`legends_from_word` > 0 OR new.`dummy_schedules` > 0
		OR new.`drafting_export` > 0 OR new.`cad_import` > 0 OR new.`wipe_model` > 0
BEGIN
	UPDATE `organization_members` SET `last_active_at` = max(
		coalesce(`last_active_at`, 0),
		unixepoch(printf('%04d-%02d-01', new.`month` / 100, new.`month` % 100)) * 1000)
	WHERE `license_id` = (SELECT `license_id` FROM `devices` WHERE `usage_ref` = new.`device_ref`)
		AND `removed_at` IS NULL;
END;
--> statement-breakpoint
-- The active members as they are: names, devices, and activity by the rule above (months read
-- within the 14 the retention keeps, by key: usage_months is keyed month first).
UPDATE `organization_members` SET
	`customer_name` = coalesce((SELECT `customer_name` FROM `users` WHERE `id` = `organization_members`.`user_id`), ''),
	`email` = coalesce((SELECT `email` FROM `users` WHERE `id` = `organization_members`.`user_id`), ''),
	`devices_in_use` = (SELECT count(*) FROM `devices` AS d
		WHERE d.`license_id` = `organization_members`.`license_id` AND d.`deactivated_at` IS NULL),
	`last_active_at` = nullif(max(
		coalesce((SELECT max(d.`last_seen_at`) FROM `devices` AS d
			WHERE d.`license_id` = `organization_members`.`license_id`), -1),
		coalesce((SELECT max(u.`day`) * 86400000 FROM `devices` AS d
			JOIN `usage_days` AS u ON u.`device_ref` = d.`usage_ref`
			WHERE d.`license_id` = `organization_members`.`license_id` AND (u.`renumber_views` > 0
				OR u.`schedule_link` > 0 OR u.`general_notes` > 0 OR u.`sheet_notes` > 0
				OR u.`legends_from_word` > 0 OR u.`dummy_schedules` > 0 OR u.`drafting_export` > 0
				OR u.`cad_import` > 0 OR u.`wipe_model` > 0)), -1),
		coalesce((SELECT unixepoch(printf('%04d-%02d-01', max(o.`month`) / 100, max(o.`month`) % 100)) * 1000
			FROM `devices` AS d JOIN `usage_months` AS o ON o.`device_ref` = d.`usage_ref`
			WHERE d.`license_id` = `organization_members`.`license_id`
				AND o.`month` IN (WITH RECURSIVE back(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM back WHERE n < 14)
					SELECT CAST(strftime('%Y%m', 'now', 'start of month', '-' || n || ' months') AS INTEGER) FROM back)
				AND (o.`renumber_views` > 0 OR o.`schedule_link` > 0 OR o.`general_notes` > 0
				OR o.`sheet_notes` > 0 OR o.`legends_from_word` > 0 OR o.`dummy_schedules` > 0
				OR o.`drafting_export` > 0 OR o.`cad_import` > 0 OR o.`wipe_model` > 0)), -1)
	), -1)
WHERE `removed_at` IS NULL;
