/**
 * The answers whose domain types src/contract/team.ts names, described once: these zod schemas are
 * what the Worker's answers are typed by, what the published API states, and what
 * `npm run openapi` turns into the islands' checks (src/generated/answers/). Worker and
 * contract only: no island imports this (no zod in the browser).
 */
import { z } from 'zod';
import { lazySchema } from '../schemas/lazy';
import { bulkInviteResults, memberSources, personStatuses } from '../team';
import { yearlyChargeSchema } from './billing-answers';

/** A member's active device on the owner's team page. */
export const teamDeviceSchema = lazySchema(() =>
  z.object({
    /** Our row id (for /api/team/devices/:id/free). */
    id: z.string(),
    deviceName: z.string(),
    /** ISO 8601. */
    activatedAt: z.string(),
    lastSeenAt: z.string(),
  }),
);

export const teamMemberSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    customerName: z.string(),
    email: z.string(),
    /** ISO 8601. */
    joinedAt: z.string(),
    /** The member license's effective status (active, expired, revoked, suspended). */
    licenseStatus: z.string(),
    /** The newest last-seen of the member's devices; null without devices. */
    lastSeenAt: z.nullable(z.string()),
    /**
     * The latest of a device seen (freed ones too) and a day with a command used; null for
     * neither. The same as the Utilization section's `lastActivityAt`.
     */
    lastActivityAt: z.nullable(z.string()),
    /** No activity for `limits.teamIdleDays` days (counted from joining when there was none). */
    idle: z.boolean(),
    devices: z.array(teamDeviceSchema),
  }),
);

export const teamInvitationSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    /** ISO 8601. */
    createdAt: z.string(),
    expiresAt: z.string(),
    sentCount: z.int(),
  }),
);

/** GET /api/team: the owner's page, its figures (the people come a page at a time). */
export const teamOverviewSchema = lazySchema(() =>
  z.object({
    organization: z.object({
      id: z.string(),
      name: z.string(),
      seats: z.int(),
      /** Members now; open invitations hold seats too (`invitationsOpen`). */
      seatsTaken: z.int(),
      invitationsOpen: z.int(),
      /** The owner's account, and whether they hold a seat themselves (they may take or leave one). */
      ownerUserId: z.string(),
      ownerHoldsSeat: z.boolean(),
      deviceLimit: z.int(),
      /** ISO 8601. */
      termStart: z.string(),
      termEnd: z.string(),
      supportTier: z.string(),
    }),
  }),
);

/**
 * A member as a row of the team table shows them: their devices are counted, and listed on
 * demand (GET /api/team/members/:userId/devices), so a page costs the same whatever they use.
 */
export const teamTableMemberSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    customerName: z.string(),
    email: z.string(),
    /** ISO 8601. */
    joinedAt: z.string(),
    /** The member license's effective status (active, expired, revoked, suspended). */
    licenseStatus: z.string(),
    /** As `teamMemberSchema`'s. */
    lastActivityAt: z.nullable(z.string()),
    idle: z.boolean(),
    /** Active devices of the member's license. */
    devicesInUse: z.int(),
    /** How the member came: invited, sso (single sign-on), scim (the identity provider), owner. */
    source: z.enum(memberSources),
  }),
);

/** One row of the team table: a member, or an open invitation (exactly one of the two is set). */
export const teamPersonSchema = lazySchema(() =>
  z.object({
    /** Active, Idle (no activity for `teamIdleDays` days), or Invited (an open invitation). */
    status: z.enum(personStatuses),
    member: z.nullable(teamTableMemberSchema),
    invitation: z.nullable(teamInvitationSchema),
  }),
);

/**
 * GET /api/team/members?page=&sort=&dir=&q=&status=: one page of the team table (members and open
 * invitations in one list), searched, filtered and sorted by the server.
 */
export const teamPeoplePageSchema = lazySchema(() =>
  z.object({
    people: z.array(teamPersonSchema),
    /** The page answered (from 1): the last one when the page asked for is past it. */
    page: z.int(),
    /** Pages of `total` rows (at least 1). */
    pages: z.int(),
    /** Rows a page holds (`teamPageSize`). */
    pageSize: z.int(),
    /** Rows matching the search and the status filter. */
    total: z.int(),
    /** The whole team per status, whatever the search and filter (the filter's counts). */
    counts: z.object({ all: z.int(), active: z.int(), idle: z.int(), invited: z.int() }),
  }),
);

/** GET /api/team/members/:userId/devices: the member's active devices, most recently seen first. */
export const teamMemberDevicesSchema = lazySchema(() =>
  z.object({ devices: z.array(teamDeviceSchema) }),
);

/** GET /api/team/member-names: every member by name, the team activity's member filter. */
export const teamMemberNamesSchema = lazySchema(() =>
  z.object({
    members: z.array(z.object({ userId: z.string(), customerName: z.string(), email: z.string() })),
  }),
);

/** POST /api/team/invitations/bulk: each entry in the order given, and what became of it. */
export const bulkInviteResponseSchema = lazySchema(() =>
  z.object({
    results: z.array(
      z.object({
        /** The address invited (lower-case), or the entry as written when it holds none. */
        address: z.string(),
        result: z.enum(bulkInviteResults),
      }),
    ),
    /** Addresses given more than once, each once (invited at most once). */
    duplicates: z.array(z.string()),
    /** Seats neither taken nor held after the call. */
    seatsLeft: z.int(),
  }),
);

/** One row of the team feed. */
export const teamActivitySchema = lazySchema(() =>
  z.object({
    /** ISO 8601. */
    at: z.string(),
    userId: z.nullable(z.string()),
    /** The member's e-mail; '' for events of nobody in particular. */
    member: z.string(),
    /** activated, deactivated, replaced, joined, invited, removed, device-freed, … */
    kind: z.string(),
    detail: z.string(),
  }),
);

/** GET /api/team/activity: newest first, at most 500. */
export const teamActivityResponseSchema = lazySchema(() =>
  z.object({ activity: z.array(teamActivitySchema) }),
);

/** The Organization card on My Account. */
export const organizationCardSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    ownerName: z.string(),
    ownerEmail: z.string(),
    isOwner: z.boolean(),
    isMember: z.boolean(),
    seats: z.int(),
    seatsTaken: z.int(),
    deviceLimit: z.int(),
    /** ISO 8601. */
    termEnd: z.string(),
    /** Sold by agreement (`enterprise`) or as Standard seats (`team`). */
    kind: z.enum(['enterprise', 'team']),
    /**
     * A team's subscription, for its owner only: whether it renews or ends `on` (ISO 8601, its
     * period's end), and the year's charge with tax; null for Enterprise, for members, or while none
     * is recorded.
     */
    subscription: z.nullable(
      z.object({ ending: z.boolean(), on: z.string(), charge: yearlyChargeSchema }),
    ),
  }),
);

/** GET /api/organization: null for accounts in no organization. */
export const organizationResponseSchema = lazySchema(() =>
  z.object({
    organization: z.nullable(organizationCardSchema),
  }),
);

/** One day of the utilization chart: seats and devices in use against what was bought. */
export const utilizationDaySchema = lazySchema(() =>
  z.object({
    /** YYYY-MM-DD (UTC). */
    day: z.string(),
    seatsUsed: z.int(),
    seats: z.int(),
    devicesInUse: z.int(),
    /** Members × devices per seat. */
    devicesAllowed: z.int(),
  }),
);

/** A member's use of their seat. */
export const memberUtilizationSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    customerName: z.string(),
    email: z.string(),
    /** ISO 8601. */
    joinedAt: z.string(),
    /** The latest of a device seen and a day with a command used (its start); null for neither. */
    lastActivityAt: z.nullable(z.string()),
    devicesInUse: z.int(),
    /** Uses of each command over the last `featureDays` days, in `featureUsage.features` order. */
    features: z.array(z.int()),
    /** No activity for `idleDays` days (counted from joining when there was none). */
    idle: z.boolean(),
  }),
);

/** GET /api/team/utilization?days=30|90|365: the owner's Utilization section. */
export const teamUtilizationSchema = lazySchema(() =>
  z.object({
    days: z.int(),
    /** YYYY-MM-DD (UTC), the first and last day of the chart. */
    from: z.string(),
    to: z.string(),
    idleDays: z.int(),
    featureDays: z.int(),
    /** Days with numbers, oldest first; today is read live. */
    history: z.array(utilizationDaySchema),
    members: z.array(memberUtilizationSchema),
  }),
);
