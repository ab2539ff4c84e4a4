import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** The partial index of deleted accounts (users.is_deleted = 1), named in `INDEXED BY`. */
export const USERS_DELETED_INDEX = 'users_deleted_idx';

/** Plan names as stored on users and licenses. */
export const planValues = ['Trial', 'Standard', 'Enterprise'] as const;

/** Roles an account can hold; granted only from the command line (scripts/admin.mjs). */
export const roleValues = ['admin'] as const;

/** Accounts. `email_normalized` is the identity; `email` is kept as the user typed it (trimmed). */
export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    /** Lower-case, without what the provider ignores (+tag, Gmail's dots): `normalizeEmail`. */
    emailNormalized: text('email_normalized').notNull(),
    /** Versioned PBKDF2 string; null for Google-only accounts. */
    passwordHash: text('password_hash'),
    /** Google account id (`sub`); null for e-mail accounts. */
    googleSub: text('google_sub'),
    plan: text('plan', { enum: planValues }).notNull(),
    isDeleted: integer('is_deleted', { mode: 'boolean' }).notNull().default(false),
    deletedAt: integer('deleted_at'),
    /** Set when the cron purge anonymized a deleted account after the retention window. */
    purgedAt: integer('purged_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** `admin` for operators (granted only by scripts/admin.mjs); null for everyone else. */
    role: text('role', { enum: roleValues }),
    /**
     * Account Settings' "Share feature usage" (on unless the customer turned it off): whether the
     * plugin's usage reports are stored, and what validate and activate tell the plugin.
     */
    shareUsage: integer('share_usage', { mode: 'boolean' }).notNull().default(true),
  },
  (table) => [
    uniqueIndex('users_email_normalized_unique').on(table.emailNormalized),
    uniqueIndex('users_google_sub_unique').on(table.googleSub),
    // The cron purge looks for accounts deleted longer ago than the retention window.
    index('users_deleted_at_idx').on(table.deletedAt),
    // Only the accounts scheduled for deletion: the session and license checks ask "is this
    // account deleted?" here (accountDeletedSql), a B-tree small enough to stay in the page
    // cache, instead of descending the primary key and the users table for every request.
    index(USERS_DELETED_INDEX)
      .on(table.id)
      .where(sql`is_deleted = 1`),
  ],
);
/** A row of `users`. */
export type UserRow = typeof users.$inferSelect;

/**
 * Browser and API sessions; the JWT's `jti` is the id. The table is `WITHOUT ROWID` (migration
 * 0007, which drizzle cannot express): every signed-in request finds its row by id in the table's
 * own B-tree, one search instead of the id index and then the table. A future migration that
 * rebuilds this table must keep `WITHOUT ROWID`.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    revokedAt: integer('revoked_at'),
    /**
     * When this session last proved a second factor (a passkey, an authenticator code or a
     * recovery code); null when it was started by password or Google alone. The console needs it,
     * and a step-up of a person with a second factor wants it recent (core/users/step-up.ts).
     */
    secondFactorAt: integer('second_factor_at'),
    /**
     * When the person at this session last proved who they are (sign-in, a code, a passkey, the
     * password): a step-up of a person without a second factor wants it recent.
     */
    verifiedAt: integer('verified_at'),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);
/** A row of `sessions`. */
export type SessionRow = typeof sessions.$inferSelect;

/** Single-use password reset links (stored as SHA-256 of the token). */
export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_token_hash_unique').on(table.tokenHash),
    index('password_reset_tokens_user_id_idx').on(table.userId),
  ],
);
