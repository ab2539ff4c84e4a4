import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { planValues, users } from './accounts';

/** The partial UNIQUE index of active devices (license_id, device_id), named in `INDEXED BY`. */
export const DEVICES_ACTIVE_INDEX = 'devices_license_device_active_unique';

/** License states. */
export const licenseStatusValues = ['active', 'expired', 'suspended', 'revoked'] as const;

/** Licenses; a user has one current license (the newest), older ones stay for history. */
export const licenses = sqliteTable(
  'licenses',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** Human-typable, checksummed (functions/services/license-keys.ts). */
    licenseKey: text('license_key').notNull(),
    plan: text('plan', { enum: planValues }).notNull(),
    status: text('status', { enum: licenseStatusValues }).notNull(),
    activatedAt: integer('activated_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull(),
    /** Plugin version the trial signed up with (site.currentVersion at the time). */
    appVersion: text('app_version'),
    /**
     * Set when an operator reset the deactivation budget: deactivations before it no longer
     * count against `licensing.maxDeactivations`.
     */
    deactivationsResetAt: integer('deactivations_reset_at'),
  },
  (table) => [
    uniqueIndex('licenses_license_key_unique').on(table.licenseKey),
    // A user's licenses, newest last: the current license is the last entry, and "is there a
    // newer license?" is answered from the index alone.
    index('licenses_user_created_idx').on(table.userId, table.createdAt),
    // The cron expiry sweep selects active licenses past their expiry.
    index('licenses_status_expires_at_idx').on(table.status, table.expiresAt),
  ],
);
/** A row of `licenses`. */
export type LicenseRow = typeof licenses.$inferSelect;

/** What happened to a device activation (the audit trail on the Usage page). */
export const licenseEventActions = ['activated', 'deactivated', 'replaced', 'renamed'] as const;
/**
 * Who did it: the plugin (license API), the customer on the dashboard, the system (cron,
 * deletion), or support (an operator in the console).
 */
export const licenseEventSources = ['plugin', 'dashboard', 'system', 'support'] as const;

/**
 * Plugin devices a license is activated on. A row is active while `deactivated_at`
 * is null; the partial UNIQUE index makes a second activation of the same device on the same
 * license impossible, and the device limit is enforced by one conditional INSERT … SELECT.
 */
export const devices = sqliteTable(
  'devices',
  {
    id: text('id').primaryKey(),
    licenseId: text('license_id')
      .notNull()
      .references(() => licenses.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The plugin's stable machine id (opaque to us). */
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name').notNull(),
    /** Plugin version reported at activation or the last validation. */
    appVersion: text('app_version'),
    activatedAt: integer('activated_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
    deactivatedAt: integer('deactivated_at'),
    /**
     * A small integer naming this activation in the usage tables (usage_days and the others key
     * by it instead of two UUIDs), given at its first usage report.
     */
    usageRef: integer('usage_ref'),
    /**
     * The oldest day (days since 1970-01-01) this device still has in usage_days, null when none:
     * the cron finds the devices with days to fold into months through its index.
     */
    usageOldestDay: integer('usage_oldest_day'),
    // Last, as the migration added it: inserts list the values in the table's column order.
    /**
     * When the customer renamed the device on the dashboard; null while it has the plugin's name.
     * A renamed device keeps its name when the plugin activates it again with another.
     */
    renamedAt: integer('renamed_at'),
  },
  (table) => [
    uniqueIndex('devices_usage_ref_unique')
      .on(table.usageRef)
      .where(sql`usage_ref is not null`),
    index('devices_usage_oldest_day_idx')
      .on(table.usageOldestDay)
      .where(sql`usage_oldest_day is not null`),
    uniqueIndex(DEVICES_ACTIVE_INDEX)
      .on(table.licenseId, table.deviceId)
      .where(sql`deactivated_at is null`),
    index('devices_license_active_idx').on(table.licenseId, table.deactivatedAt),
    index('devices_user_id_idx').on(table.userId),
    // The operator console finds a customer by device id, or by device name (any case).
    index('devices_device_id_idx').on(table.deviceId),
    index('devices_device_name_nocase_idx').on(sql`${table.deviceName} collate nocase`),
  ],
);
/** A row of `devices`. */
export type DeviceRow = typeof devices.$inferSelect;

/** Audit trail of activations and deactivations (usage logs: kept `retentionDays.usageLogs`). */
export const licenseEvents = sqliteTable(
  'license_events',
  {
    id: text('id').primaryKey(),
    licenseId: text('license_id')
      .notNull()
      .references(() => licenses.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name').notNull(),
    action: text('action', { enum: licenseEventActions }).notNull(),
    source: text('source', { enum: licenseEventSources }).notNull(),
    ip: text('ip'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    index('license_events_license_created_idx').on(table.licenseId, table.createdAt),
    index('license_events_user_created_idx').on(table.userId, table.createdAt),
    index('license_events_created_at_idx').on(table.createdAt),
  ],
);
