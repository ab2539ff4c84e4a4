/**
 * Single sign-on through an organization's own OpenID provider (Entra ID, Google Workspace, Okta):
 * the organization's connection, the sign-ins under way, and the people its provider vouched for
 * while the team had no seat left.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { organizations } from './organizations';

/**
 * An organization's OpenID Connect connection: one row per organization once its owner saved
 * one. The client secret is kept only sealed (AES-GCM under a key derived from the Worker's
 * secret for this organization, services/shared/crypto.ts `encryptText`) and never shown again.
 * Single sign-on serves the organization's verified domains (organization_domains).
 */
export const organizationSso = sqliteTable('organization_sso', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  /** The provider's issuer URL, exactly as its discovery document names it. */
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** The client secret, sealed: `iv.ciphertext` (base64url). */
  clientSecretSealed: text('client_secret_sealed').notNull(),
  /**
   * "Require single sign-on": password, Google and passkey sign-in refuse the members whose
   * address is on a verified domain of the organization (never the owner).
   */
  required: integer('required', { mode: 'boolean' }).notNull().default(false),
  /** Who saved the connection last (the owner at the time). */
  updatedBy: text('updated_by').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
  /** The last sign-in the provider completed, and for whom; null before the first. */
  lastSignInAt: integer('last_sign_in_at'),
  lastSignInEmail: text('last_sign_in_email'),
  /** The last sign-in that failed at or after the provider, and why, in words; null if none. */
  lastFailureAt: integer('last_failure_at'),
  lastFailure: text('last_failure'),
  /** When the owner was last told that people could not join for want of a seat (once a day). */
  noSeatMailedAt: integer('no_seat_mailed_at'),
});
/** A row of `organizationSso`. */
export type OrganizationSsoRow = typeof organizationSso.$inferSelect;

/**
 * A single sign-on under way, from the redirect to the provider until its answer comes back to
 * /sso/callback. Its id is the `state` sent to the provider (and kept in the browser's cookie, so
 * an answer is taken only in the browser that asked); it is deleted when the answer is taken, so
 * a state, and with it a code, is used at most once.
 */
export const ssoSignIns = sqliteTable(
  'sso_sign_ins',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The address the person typed, lower case. */
    emailNormalized: text('email_normalized').notNull(),
    /** PKCE code verifier, and the nonce the ID token must carry. */
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** A site path to go on to once signed in (e.g. the plugin's /activate page); null: dashboard. */
    returnTo: text('return_to'),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (table) => [index('sso_sign_ins_expires_idx').on(table.expiresAt)],
);
/** A row of `ssoSignIns`. */
export type SsoSignInRow = typeof ssoSignIns.$inferSelect;

/**
 * People the organization's provider signed in who could not join because the team had no seat
 * left: one row per person, updated on each try, until they join or the owner is told and the
 * row is cleared by the daily mail. The owner's daily e-mail lists them.
 */
export const ssoSeatWaits = sqliteTable(
  'sso_seat_waits',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    emailNormalized: text('email_normalized').notNull(),
    name: text('name'),
    firstTriedAt: integer('first_tried_at').notNull(),
    lastTriedAt: integer('last_tried_at').notNull(),
  },
  (table) => [
    uniqueIndex('sso_seat_waits_org_email_unique').on(table.organizationId, table.emailNormalized),
  ],
);
/** A row of `ssoSeatWaits`. */
export type SsoSeatWaitRow = typeof ssoSeatWaits.$inferSelect;
