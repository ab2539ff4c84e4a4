import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { memberSources } from '../../../src/contract/team';
import { users } from './accounts';

/** Support tiers an Enterprise agreement can include. */
export const supportTierValues = ['standard', 'priority'] as const;
/** How an organization was sold: by agreement (Enterprise) or as Standard seats (a team). */
export const organizationKindValues = ['enterprise', 'team'] as const;
/** How a member came to the team (the team table shows it); buying a team seats the buyer as `owner`. */
export const memberSourceValues = memberSources;

/**
 * Enterprise organizations, created by operators from an agreement signed outside
 * Stripe. `seats` licensed members at most, each with `device_limit` plugin devices; every
 * member's license ends with the term (`term_end`), and extending the term extends them.
 */
export const organizations = sqliteTable(
  'organizations',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** The account that manages the team (invites, removes); it takes no seat of its own. */
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => users.id),
    seats: integer('seats').notNull(),
    /** Plugin devices per member (per seat). */
    deviceLimit: integer('device_limit').notNull(),
    termStart: integer('term_start').notNull(),
    termEnd: integer('term_end').notNull(),
    supportTier: text('support_tier', { enum: supportTierValues }).notNull(),
    /** The agreement's reference (contract or purchase order number). */
    agreementRef: text('agreement_ref'),
    /** Operators' notes; never shown to the customer. */
    notes: text('notes'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    // Last, as the migration added it: inserts list the values in the table's column order.
    /**
     * When the owner was told that 90% of the seats are in use; null while fewer are, so each new
     * crossing is told once (services/organizations/utilization.ts).
     */
    seatAlertAt: integer('seat_alert_at'),
    /**
     * `enterprise`: sold by agreement, recorded by an operator. `team`: Standard bought for 2 or
     * more seats; its seats and term follow the subscription below.
     */
    kind: text('kind', { enum: organizationKindValues }).notNull().default('enterprise'),
    /** A team's subscription (`sub_…`); null for Enterprise. One team per subscription. */
    stripeSubscriptionId: text('stripe_subscription_id'),
  },
  (table) => [
    index('organizations_owner_idx').on(table.ownerUserId),
    uniqueIndex('organizations_subscription_unique')
      .on(table.stripeSubscriptionId)
      .where(sql`stripe_subscription_id is not null`),
    index('organizations_name_nocase_idx').on(sql`${table.name} collate nocase`),
  ],
);
/** A row of `organizations`. */
export type OrganizationRow = typeof organizations.$inferSelect;

/**
 * Members of an organization, each holding one Enterprise license. A member row is active while
 * `removed_at` is null; the partial UNIQUE index keeps an account in one organization at a time,
 * and a member joins by ONE conditional INSERT that counts the seats taken (never over `seats`).
 *
 * The owner's team table sorts, filters and counts a team of hundreds one page at a time, so what
 * it sorts by is kept on the member row, in one covering index with the organization first
 * (`organization_members_roster_idx`): the member's name and e-mail (copies of the account's),
 * the devices in use and the last activity. Triggers keep them in step (migration
 * 0029_team_roster_triggers.sql) whoever writes the account, the devices or the feature usage;
 * the application never writes them.
 */
export const organizationMembers = sqliteTable(
  'organization_members',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The Enterprise license the member holds while a member. */
    licenseId: text('license_id').notNull(),
    joinedAt: integer('joined_at').notNull(),
    removedAt: integer('removed_at'),
    /** The account's name and e-mail, copied by triggers when the row is written and when they change. */
    customerName: text('customer_name').notNull().default(''),
    email: text('email').notNull().default(''),
    /** The license's active devices, counted again by triggers when a device comes or goes. */
    devicesInUse: integer('devices_in_use').notNull().default(0),
    /**
     * The member's last activity: the latest of a license check by any of the license's devices
     * (freed ones too) and the start of a day (or, for days folded by the cron, of a month) with a
     * command used; null for neither. Moved forward by triggers, never back (services/organizations/idle.ts).
     */
    lastActiveAt: integer('last_active_at'),
    /** How the member came (`memberSourceValues`); last, as the migration added it. */
    source: text('source', { enum: memberSourceValues }).notNull().default('invited'),
  },
  (table) => [
    uniqueIndex('organization_members_user_active_unique')
      .on(table.userId)
      .where(sql`removed_at is null`),
    // An organization's members (removed_at null) in name order, with every column the team
    // table sorts, filters and counts by: a page, its totals and the seats taken are read from
    // this index alone (services/organizations/people.ts).
    index('organization_members_roster_idx').on(
      table.organizationId,
      table.removedAt,
      sql`customer_name collate nocase`,
      sql`email collate nocase`,
      table.lastActiveAt,
      table.devicesInUse,
      table.joinedAt,
      table.userId,
      table.licenseId,
    ),
    index('organization_members_license_idx').on(table.licenseId),
  ],
);
/** A row of `organizationMembers`. */
export type MemberRow = typeof organizationMembers.$inferSelect;

/**
 * Invitations to join an organization: a single-use link e-mailed to one address, valid 7 days,
 * stored as the SHA-256 of its token. At most one open invitation per organization and address.
 */
export const organizationInvitations = sqliteTable(
  'organization_invitations',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    email: text('email').notNull(),
    emailNormalized: text('email_normalized').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    sentCount: integer('sent_count').notNull().default(1),
    lastSentAt: integer('last_sent_at').notNull(),
    acceptedAt: integer('accepted_at'),
    acceptedUserId: text('accepted_user_id'),
    revokedAt: integer('revoked_at'),
  },
  (table) => [
    uniqueIndex('organization_invitations_token_unique').on(table.tokenHash),
    uniqueIndex('organization_invitations_open_unique')
      .on(table.organizationId, table.emailNormalized)
      .where(sql`accepted_at is null and revoked_at is null`),
    index('organization_invitations_org_created_idx').on(table.organizationId, table.createdAt),
    // The open invitations of an organization not yet expired, with what the team table shows
    // and sorts by: read from this index alone (services/organizations/people.ts).
    index('organization_invitations_open_idx')
      .on(
        table.organizationId,
        table.expiresAt,
        table.email,
        table.createdAt,
        table.sentCount,
        table.id,
        // Always null here, but SQLite reads from the index alone only when it holds every
        // column the statement names.
        table.acceptedAt,
        table.revokedAt,
      )
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
);
/** A row of `organizationInvitations`. */
export type InvitationRow = typeof organizationInvitations.$inferSelect;

/** What the team activity feed records besides the license events of members' licenses. */
export const organizationEventKinds = [
  'signed-in',
  'invited',
  'invitation-resent',
  'invitation-revoked',
  'joined',
  'removed',
  'seat-taken',
  'seat-left',
  'device-freed',
  'ownership-transferred',
  'term-changed',
  'seats-changed',
  'seats-added',
  'seats-removed-at-renewal',
  'scim-token-created',
  'scim-token-revoked',
  'scim-user-changed',
  'domain-added',
  'domain-verified',
  'domain-lapsed',
  'domain-removed',
  'sso-connected',
  'sso-changed',
  'sso-required-changed',
  'sso-disconnected',
] as const;

/**
 * The team activity feed's own events (sign-ins of members, invitations, membership, ownership).
 * Activations, deactivations and replacements are read from `license_events` of the members'
 * licenses, so the plugin's path writes nothing extra.
 */
export const organizationEvents = sqliteTable(
  'organization_events',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull(),
    /** The member (or invited address) the event is about, if any. */
    userId: text('user_id'),
    /** Who did it: the owner, an operator, or the member. */
    actorUserId: text('actor_user_id'),
    kind: text('kind', { enum: organizationEventKinds }).notNull(),
    /** Plain words shown in the feed, e.g. the invited address or the device name. */
    detail: text('detail').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    index('organization_events_org_created_idx').on(table.organizationId, table.createdAt),
    index('organization_events_org_user_created_idx').on(
      table.organizationId,
      table.userId,
      table.createdAt,
    ),
  ],
);

/**
 * Seats and devices in use per organization and UTC day, for the owner's utilization chart: the
 * past cannot be read back from today's rows (devices are freed, members removed), so the hourly
 * `snapshot-team-seats` job writes ONE row per organization and day with one INSERT … SELECT;
 * a later run the same day overwrites it, so a day shows its last hourly numbers.
 */
export const organizationSeatDays = sqliteTable(
  'organization_seat_days',
  {
    organizationId: text('organization_id').notNull(),
    /** `YYYY-MM-DD` (UTC). */
    day: text('day').notNull(),
    seatsUsed: integer('seats_used').notNull(),
    /** The seats bought that day. */
    seats: integer('seats').notNull(),
    /** The members' active devices. */
    devicesInUse: integer('devices_in_use').notNull(),
    /** Members × devices per seat. */
    devicesAllowed: integer('devices_allowed').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.day] })],
);
/** A row of `organizationSeatDays`. */
export type OrganizationSeatDayRow = typeof organizationSeatDays.$inferSelect;
