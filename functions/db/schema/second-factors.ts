import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

/**
 * Passkeys (WebAuthn credentials). A passkey signs a fresh challenge with a key that never leaves
 * the person's device, and the device checks who holds it (fingerprint, PIN): it counts as both
 * factors. Only the public key is stored.
 */
export const passkeys = sqliteTable(
  'passkeys',
  {
    /** The credential id the authenticator chose (base64url); unique across every account. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The name the owner gave it ("Office laptop"); one line. */
    name: text('name').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter as last seen (0 for most platform passkeys). */
    counter: integer('counter').notNull().default(0),
    /** JSON array of transports the browser reported (usb, internal, hybrid, …). */
    transports: text('transports'),
    /** Whether the passkey is synced between the owner's devices (backup eligible and done). */
    backedUp: integer('backed_up', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at'),
  },
  (table) => [index('passkeys_user_id_idx').on(table.userId)],
);
/** A row of `passkeys`. */
export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * WebAuthn challenges: one per ceremony, single use, short-lived. A registration is bound to the
 * signed-in account; a sign-in challenge to nobody (the passkey names its account).
 */
export const webauthnChallenges = sqliteTable(
  'webauthn_challenges',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'sign-in', 'confirm'] }).notNull(),
    /** The account of a registration or a confirmation; null for a sign-in. */
    userId: text('user_id'),
    /** The challenge the browser must sign (base64url). */
    challenge: text('challenge').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (table) => [index('webauthn_challenges_expires_at_idx').on(table.expiresAt)],
);

/**
 * An authenticator app (TOTP, RFC 6238) of an account: at most one. The shared secret must be
 * read back to check codes, so it is stored encrypted (AES-GCM under a key derived from
 * JWT_SECRET), never in the clear. It protects sign-in once `confirmedAt` is set (the first code
 * proved the app holds it); an unconfirmed row is an enrolment in progress.
 */
export const totpFactors = sqliteTable('totp_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  /** `iv.ciphertext`, both base64url. */
  secretEncrypted: text('secret_encrypted').notNull(),
  createdAt: integer('created_at').notNull(),
  confirmedAt: integer('confirmed_at'),
  /** The 30-second step of the last accepted code: a code is accepted once, never replayed. */
  lastStep: integer('last_step'),
});
/** A row of `totp_factors`. */
export type TotpFactorRow = typeof totpFactors.$inferSelect;

/** Single-use recovery codes of two-step sign-in, stored as keyed hashes; shown once. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    createdAt: integer('created_at').notNull(),
    usedAt: integer('used_at'),
  },
  (table) => [uniqueIndex('recovery_codes_user_hash_unique').on(table.userId, table.codeHash)],
);

/**
 * A sign-in halfway: the password (or Google) was right and the account asks for a code. The
 * browser holds the token (stored here as its SHA-256) for a few minutes; wrong codes count.
 */
export const pendingSignIns = sqliteTable(
  'pending_sign_ins',
  {
    /** SHA-256 of the token the browser holds. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: ['password', 'Google'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (table) => [index('pending_sign_ins_expires_at_idx').on(table.expiresAt)],
);
