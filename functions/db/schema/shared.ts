import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Fixed-window rate-limit counters, updated by one conditional upsert (services/rate-limit.ts). */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    /** Rule and subject, e.g. `send:email:ada@example.com` or `login:ip:203.0.113.7`. */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: integer('window_start').notNull(),
  },
  (table) => [index('rate_limits_window_start_idx').on(table.windowStart)],
);

/**
 * Single-use tokens seen once (bot-check tokens, Google ID token ids). The primary key makes the
 * second use of a token a constraint failure, so replay protection needs no check-then-insert.
 */
export const consumedTokens = sqliteTable(
  'consumed_tokens',
  {
    /** SHA-256 of the token (base64url), never the token itself. */
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').notNull(),
    /** After this the row can be purged: the token itself has expired. */
    expiresAt: integer('expires_at').notNull(),
  },
  (table) => [index('consumed_tokens_expires_at_idx').on(table.expiresAt)],
);
