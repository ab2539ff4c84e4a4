/**
 * SCIM 2.0 provisioning of an organization's team by the firm's identity provider (Entra ID,
 * Okta, Google Workspace): the organization's one bearer token, kept only as its SHA-256, with
 * the time of the last SCIM call; and the users the identity provider manages, each with a
 * random SCIM id of its own (never the account's id) and the provider's `externalId`.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { organizations } from './organizations';

/**
 * An organization's SCIM connection: one row per organization once the owner made a token. A
 * replaced token's hash is overwritten (the old one stops working at once); a revoked one is
 * null, and the row keeps the time of the last call.
 */
export const organizationScim = sqliteTable(
  'organization_scim',
  {
    organizationId: text('organization_id')
      .primaryKey()
      .references(() => organizations.id),
    /** SHA-256 (base64url) of the bearer token; null once revoked. */
    tokenHash: text('token_hash'),
    tokenCreatedAt: integer('token_created_at'),
    /** The last request that came with the token, whatever its answer. */
    lastCallAt: integer('last_call_at'),
  },
  (table) => [
    uniqueIndex('organization_scim_token_unique')
      .on(table.tokenHash)
      .where(sql`token_hash is not null`),
  ],
);
/** A row of `organizationScim`. */
export type OrganizationScimRow = typeof organizationScim.$inferSelect;

/**
 * A user the identity provider provisions into an organization. `userName` is unique per
 * organization without regard to case; `email` is the address the person is invited or added
 * by. While `active`, the person holds a seat (a member, or an open invitation); deactivated,
 * they hold none and the row stays for the provider to reactivate or delete.
 */
export const scimUsers = sqliteTable(
  'scim_users',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    userName: text('user_name').notNull(),
    userNameNormalized: text('user_name_normalized').notNull(),
    externalId: text('external_id'),
    givenName: text('given_name'),
    familyName: text('family_name'),
    displayName: text('display_name'),
    email: text('email').notNull(),
    emailNormalized: text('email_normalized').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('scim_users_user_name_unique').on(table.organizationId, table.userNameNormalized),
    index('scim_users_org_email_idx').on(table.organizationId, table.emailNormalized),
    index('scim_users_org_created_idx').on(table.organizationId, table.createdAt),
  ],
);
/** A row of `scimUsers`. */
export type ScimUserRow = typeof scimUsers.$inferSelect;
