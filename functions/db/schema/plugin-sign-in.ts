import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

/** Where a plugin's sign-in request stands (services/plugin-sign-in/). */
export const deviceAuthorizationStatusValues = ['pending', 'approved', 'denied', 'used'] as const;

/**
 * The plugin's sign-in requests from its ribbon (the OAuth device authorization grant): the
 * plugin holds the device code and polls; the customer types the user code on /activate and
 * approves or denies. Neither code is stored: the device code as its SHA-256 (256 random bits),
 * the user code as a keyed HMAC (its 8 letters would fall to a plain hash). `used` once tokens
 * were issued, so a device code works once. The cron deletes rows a day after they expire.
 */
export const deviceAuthorizations = sqliteTable(
  'device_authorizations',
  {
    id: text('id').primaryKey(),
    deviceCodeHash: text('device_code_hash').notNull(),
    userCodeHash: text('user_code_hash').notNull(),
    clientId: text('client_id').notNull(),
    scope: text('scope').notNull(),
    /** What the plugin said about the computer (shown on /activate, kept with the tokens). */
    deviceName: text('device_name'),
    deviceId: text('device_id'),
    status: text('status', { enum: deviceAuthorizationStatusValues }).notNull(),
    /** The account that approved or denied it. */
    userId: text('user_id').references(() => users.id),
    /** Seconds between polls; slow_down adds to it. */
    intervalSeconds: integer('interval_seconds').notNull(),
    lastPolledAt: integer('last_polled_at'),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    decidedAt: integer('decided_at'),
    ip: text('ip'),
  },
  (table) => [
    uniqueIndex('device_authorizations_device_code_unique').on(table.deviceCodeHash),
    uniqueIndex('device_authorizations_user_code_unique').on(table.userCodeHash),
    index('device_authorizations_expires_at_idx').on(table.expiresAt),
    index('device_authorizations_user_id_idx').on(table.userId),
  ],
);
export type DeviceAuthorizationRow = typeof deviceAuthorizations.$inferSelect;

/**
 * A signed-in plugin: one row per approved sign-in, holding the SHA-256 of its current access
 * token and refresh token (never the tokens). A refresh replaces both; the replaced refresh
 * token joins the sign-in's family in `plugin_refresh_tokens`, so any earlier token used again (a
 * stolen copy) ends the sign-in. Revoked by the plugin (revocation endpoint), the customer (Usage
 * & Sessions), a password change or reset, and the account's deletion. The cron deletes rows a
 * day after they ended.
 */
export const pluginTokens = sqliteTable(
  'plugin_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    clientId: text('client_id').notNull(),
    scope: text('scope').notNull(),
    deviceName: text('device_name'),
    deviceId: text('device_id'),
    accessTokenHash: text('access_token_hash').notNull(),
    accessExpiresAt: integer('access_expires_at').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    refreshExpiresAt: integer('refresh_expires_at').notNull(),
    /** When the customer approved the sign-in. */
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at').notNull(),
    revokedAt: integer('revoked_at'),
  },
  (table) => [
    uniqueIndex('plugin_tokens_access_unique').on(table.accessTokenHash),
    uniqueIndex('plugin_tokens_refresh_unique').on(table.refreshTokenHash),
    index('plugin_tokens_user_id_idx').on(table.userId),
    index('plugin_tokens_refresh_expires_at_idx').on(table.refreshExpiresAt),
  ],
);
export type PluginTokenRow = typeof pluginTokens.$inferSelect;

/**
 * The family of a signed-in plugin: every refresh token it was given and has replaced, by
 * SHA-256. Presenting one of them again ends the sign-in, unless it is a retry of the latest
 * refresh (same client, within `pluginSignIn.refreshRetrySeconds`), which gets the same new pair
 * again: `successor_sealed` holds that pair encrypted under a key that needs the replaced token
 * itself (services/core/users/plugin-tokens.ts), only on the family's latest row and only until
 * the cron clears it after the retry window. Deleted with its sign-in.
 */
export const pluginRefreshTokens = sqliteTable(
  'plugin_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    pluginTokenId: text('plugin_token_id')
      .notNull()
      .references(() => pluginTokens.id, { onDelete: 'cascade' }),
    replacedAt: integer('replaced_at').notNull(),
    /** The refresh token that replaced this one: a retry is answered only while it is current. */
    successorHash: text('successor_hash').notNull(),
    successorSealed: text('successor_sealed'),
    /** Where the refresh that replaced it came from: a retry must come from there too. */
    replacedByIp: text('replaced_by_ip'),
  },
  (table) => [
    index('plugin_refresh_tokens_plugin_token_id_idx').on(table.pluginTokenId),
    index('plugin_refresh_tokens_sealed_idx')
      .on(table.replacedAt)
      .where(sql`successor_sealed is not null`),
  ],
);
export type PluginRefreshTokenRow = typeof pluginRefreshTokens.$inferSelect;
