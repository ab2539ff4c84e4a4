-- Custom migration (drizzle cannot express WITHOUT ROWID): feature usage stored small enough for a
-- million customers. The daily rows were keyed by three UUIDs and read through two more indexes;
-- they become rows keyed by two integers (the device's `usage_ref` and the day number) in a
-- WITHOUT ROWID table whose key starts with the device, with a month table for folded old days, a
-- per-day product total for the console, and batch ids kept as 64-bit hashes. Existing rows are
-- carried over: each reporting device gets a `usage_ref` (its rowid, unique at this moment; later
-- ones continue after the highest), and the product totals are rebuilt from them.
ALTER TABLE `devices` ADD `usage_ref` integer;
--> statement-breakpoint
ALTER TABLE `devices` ADD `usage_oldest_day` integer;
--> statement-breakpoint
CREATE UNIQUE INDEX `devices_usage_ref_unique` ON `devices` (`usage_ref`) WHERE usage_ref is not null;
--> statement-breakpoint
CREATE INDEX `devices_usage_oldest_day_idx` ON `devices` (`usage_oldest_day`) WHERE usage_oldest_day is not null;
--> statement-breakpoint
CREATE TABLE `usage_days` (
	`day` integer NOT NULL,
	`device_ref` integer NOT NULL,
	`renumber_views` integer DEFAULT 0 NOT NULL,
	`schedule_link` integer DEFAULT 0 NOT NULL,
	`general_notes` integer DEFAULT 0 NOT NULL,
	`sheet_notes` integer DEFAULT 0 NOT NULL,
	`legends_from_word` integer DEFAULT 0 NOT NULL,
	`dummy_schedules` integer DEFAULT 0 NOT NULL,
	`drafting_export` integer DEFAULT 0 NOT NULL,
	`cad_import` integer DEFAULT 0 NOT NULL,
	`wipe_model` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`device_ref`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `usage_months` (
	`month` integer NOT NULL,
	`device_ref` integer NOT NULL,
	`renumber_views` integer DEFAULT 0 NOT NULL,
	`schedule_link` integer DEFAULT 0 NOT NULL,
	`general_notes` integer DEFAULT 0 NOT NULL,
	`sheet_notes` integer DEFAULT 0 NOT NULL,
	`legends_from_word` integer DEFAULT 0 NOT NULL,
	`dummy_schedules` integer DEFAULT 0 NOT NULL,
	`drafting_export` integer DEFAULT 0 NOT NULL,
	`cad_import` integer DEFAULT 0 NOT NULL,
	`wipe_model` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`month`, `device_ref`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `usage_totals` (
	`day` integer PRIMARY KEY NOT NULL,
	`devices` integer DEFAULT 0 NOT NULL,
	`renumber_views` integer DEFAULT 0 NOT NULL,
	`schedule_link` integer DEFAULT 0 NOT NULL,
	`general_notes` integer DEFAULT 0 NOT NULL,
	`sheet_notes` integer DEFAULT 0 NOT NULL,
	`legends_from_word` integer DEFAULT 0 NOT NULL,
	`dummy_schedules` integer DEFAULT 0 NOT NULL,
	`drafting_export` integer DEFAULT 0 NOT NULL,
	`cad_import` integer DEFAULT 0 NOT NULL,
	`wipe_model` integer DEFAULT 0 NOT NULL,
	`renumber_views_devices` integer DEFAULT 0 NOT NULL,
	`schedule_link_devices` integer DEFAULT 0 NOT NULL,
	`general_notes_devices` integer DEFAULT 0 NOT NULL,
	`sheet_notes_devices` integer DEFAULT 0 NOT NULL,
	`legends_from_word_devices` integer DEFAULT 0 NOT NULL,
	`dummy_schedules_devices` integer DEFAULT 0 NOT NULL,
	`drafting_export_devices` integer DEFAULT 0 NOT NULL,
	`cad_import_devices` integer DEFAULT 0 NOT NULL,
	`wipe_model_devices` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `usage_reports` (
	`device_ref` integer NOT NULL,
	`batch` integer NOT NULL,
	`received_day` integer NOT NULL,
	PRIMARY KEY(`device_ref`, `batch`)
) WITHOUT ROWID;

--> statement-breakpoint
UPDATE `devices` SET `usage_ref` = `rowid`
WHERE `rowid` IN (
	SELECT max(d.`rowid`) FROM `devices` AS d
	JOIN `feature_usage_days` AS o ON o.`license_id` = d.`license_id` AND o.`device_id` = d.`device_id`
	GROUP BY d.`license_id`, d.`device_id`
);
--> statement-breakpoint
INSERT INTO `usage_days` (`day`, `device_ref`, `renumber_views`, `schedule_link`, `general_notes`, `sheet_notes`, `legends_from_word`, `dummy_schedules`, `drafting_export`, `cad_import`, `wipe_model`)
	SELECT CAST(julianday(o.`day`) - 2440587.5 AS integer), d.`usage_ref`, sum(o.`renumber_views`), sum(o.`schedule_link`), sum(o.`general_notes`), sum(o.`sheet_notes`), sum(o.`legends_from_word`), sum(o.`dummy_schedules`), sum(o.`drafting_export`), sum(o.`cad_import`), sum(o.`wipe_model`)
	FROM `feature_usage_days` AS o
	JOIN `devices` AS d ON d.`license_id` = o.`license_id` AND d.`device_id` = o.`device_id` AND d.`usage_ref` IS NOT NULL
	GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO `usage_totals` (`day`, `devices`, `renumber_views`, `schedule_link`, `general_notes`, `sheet_notes`, `legends_from_word`, `dummy_schedules`, `drafting_export`, `cad_import`, `wipe_model`, `renumber_views_devices`, `schedule_link_devices`, `general_notes_devices`, `sheet_notes_devices`, `legends_from_word_devices`, `dummy_schedules_devices`, `drafting_export_devices`, `cad_import_devices`, `wipe_model_devices`)
	SELECT `day`, count(*), sum(`renumber_views`), sum(`schedule_link`), sum(`general_notes`), sum(`sheet_notes`), sum(`legends_from_word`), sum(`dummy_schedules`), sum(`drafting_export`), sum(`cad_import`), sum(`wipe_model`), sum(`renumber_views` > 0), sum(`schedule_link` > 0), sum(`general_notes` > 0), sum(`sheet_notes` > 0), sum(`legends_from_word` > 0), sum(`dummy_schedules` > 0), sum(`drafting_export` > 0), sum(`cad_import` > 0), sum(`wipe_model` > 0)
	FROM `usage_days` GROUP BY `day`;
--> statement-breakpoint
UPDATE `devices` SET `usage_oldest_day` = (SELECT min(u.`day`) FROM `usage_days` AS u WHERE u.`device_ref` = `devices`.`usage_ref`)
WHERE `usage_ref` IS NOT NULL;
--> statement-breakpoint
DROP TABLE `usage_batches`;
--> statement-breakpoint
DROP TABLE `feature_usage_days`;
