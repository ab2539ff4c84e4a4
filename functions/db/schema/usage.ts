import { integer, primaryKey, sqliteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { FeatureSlug } from '../../../src/config/feature-usage';

/** One integer count per command of `featureUsage.features`, named after its slug. */
function featureCounts() {
  return {
    renumberViews: integer('renumber_views').notNull().default(0),
    scheduleLink: integer('schedule_link').notNull().default(0),
    generalNotes: integer('general_notes').notNull().default(0),
    sheetNotes: integer('sheet_notes').notNull().default(0),
    legendsFromWord: integer('legends_from_word').notNull().default(0),
    dummySchedules: integer('dummy_schedules').notNull().default(0),
    draftingExport: integer('drafting_export').notNull().default(0),
    cadImport: integer('cad_import').notNull().default(0),
    wipeModel: integer('wipe_model').notNull().default(0),
  };
}

/**
 * Feature usage the plugin reports (services/licensing/feature-usage.ts), stored small enough for a
 * million customers (docs/performance.md): a row per device and UTC day holding one count per
 * command, keyed by integers only (`devices.usage_ref`, the day number) in a WITHOUT ROWID table
 * whose key starts with the device, so a customer's rows are one short range per device. The cron
 * finds the devices with days to fold into months through `devices.usage_oldest_day`.
 */
export const usageDays = sqliteTable(
  'usage_days',
  {
    /** Days since 1970-01-01 (UTC), as the plugin dated the use. */
    day: integer('day').notNull(),
    /** The device (activation) that reported: `devices.usage_ref`. */
    deviceRef: integer('device_ref').notNull(),
    ...featureCounts(),
  },
  (table) => [primaryKey({ columns: [table.deviceRef, table.day] })],
);

/**
 * Days older than `featureUsage.dailyForDays` folded into their calendar month by the cron: the
 * same counts, one row per device and month, kept until `retentionDays.usageLogs`.
 */
export const usageMonths = sqliteTable(
  'usage_months',
  {
    /** The UTC calendar month as yyyymm, e.g. 202611. */
    month: integer('month').notNull(),
    deviceRef: integer('device_ref').notNull(),
    ...featureCounts(),
  },
  (table) => [primaryKey({ columns: [table.month, table.deviceRef] })],
);

/**
 * The whole product's use per day, kept up to date by the same D1 batch as each report, so the
 * console's feature adoption reads a row a day instead of every device's: how many devices
 * reported use that day, and per command its uses and the devices that used it.
 */
export const usageTotals = sqliteTable('usage_totals', {
  day: integer('day').primaryKey(),
  devices: integer('devices').notNull().default(0),
  ...featureCounts(),
  renumberViewsDevices: integer('renumber_views_devices').notNull().default(0),
  scheduleLinkDevices: integer('schedule_link_devices').notNull().default(0),
  generalNotesDevices: integer('general_notes_devices').notNull().default(0),
  sheetNotesDevices: integer('sheet_notes_devices').notNull().default(0),
  legendsFromWordDevices: integer('legends_from_word_devices').notNull().default(0),
  dummySchedulesDevices: integer('dummy_schedules_devices').notNull().default(0),
  draftingExportDevices: integer('drafting_export_devices').notNull().default(0),
  cadImportDevices: integer('cad_import_devices').notNull().default(0),
  wipeModelDevices: integer('wipe_model_devices').notNull().default(0),
});

/** The count column of each reported command, by table. */
function countColumns(table: typeof usageDays | typeof usageMonths | typeof usageTotals) {
  return {
    'renumber-views': table.renumberViews,
    'schedule-link': table.scheduleLink,
    'general-notes': table.generalNotes,
    'sheet-notes': table.sheetNotes,
    'legends-from-word': table.legendsFromWord,
    'dummy-schedules': table.dummySchedules,
    'drafting-export': table.draftingExport,
    'cad-import': table.cadImport,
    'wipe-model': table.wipeModel,
  } as const satisfies Record<FeatureSlug, SQLiteColumn>;
}
export const usageDayColumns = countColumns(usageDays);
export const usageMonthColumns = countColumns(usageMonths);
export const usageTotalColumns = countColumns(usageTotals);
/** Per command, the column of `usage_totals` counting the devices that used it that day. */
export const usageTotalDeviceColumns = {
  'renumber-views': usageTotals.renumberViewsDevices,
  'schedule-link': usageTotals.scheduleLinkDevices,
  'general-notes': usageTotals.generalNotesDevices,
  'sheet-notes': usageTotals.sheetNotesDevices,
  'legends-from-word': usageTotals.legendsFromWordDevices,
  'dummy-schedules': usageTotals.dummySchedulesDevices,
  'drafting-export': usageTotals.draftingExportDevices,
  'cad-import': usageTotals.cadImportDevices,
  'wipe-model': usageTotals.wipeModelDevices,
} as const satisfies Record<FeatureSlug, SQLiteColumn>;

/**
 * Usage reports received: the primary key (device, batch) is the UNIQUE constraint that makes a
 * report count once however often or concurrently it is sent, written in the same D1 batch as
 * its counts. The plugin's batch id is kept as the first 64 bits of its SHA-256 (a collision
 * among one device's batches is out of reach). Kept `featureUsage.batchKeepDays`.
 */
export const usageReports = sqliteTable(
  'usage_reports',
  {
    deviceRef: integer('device_ref').notNull(),
    batch: integer('batch').notNull(),
    /** The day (days since 1970-01-01, UTC) it arrived. */
    receivedDay: integer('received_day').notNull(),
  },
  // Old ids go device by device (each report prunes its own device's, the cron a silent device's):
  // the key's device range, no index on the day.
  (table) => [primaryKey({ columns: [table.deviceRef, table.batch] })],
);
