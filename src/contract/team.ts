/**
 * What the Enterprise team calls answer (routes/team.ts, routes/invitations.ts; the invitation
 * page's preview is invitation.ts), as shapes the team islands check (see shape.ts). The requests the Worker validates are zod schemas in
 * schemas/team-requests.ts.
 */
import { yearlyChargeSchema } from './billing.ts';
import { array, boolean, integer, nullable, object, oneOf, string, type Infer } from './shape.ts';

/** A member's active device on the owner's team page. */
export const teamDeviceSchema = object({
  /** Our row id (for /api/team/devices/:id/free). */
  id: string,
  deviceName: string,
  /** ISO 8601. */
  activatedAt: string,
  lastSeenAt: string,
});
export type TeamDevice = Infer<typeof teamDeviceSchema>;

export const teamMemberSchema = object({
  userId: string,
  customerName: string,
  email: string,
  /** ISO 8601. */
  joinedAt: string,
  /** The member license's effective status (active, expired, revoked, suspended). */
  licenseStatus: string,
  /** The newest last-seen of the member's devices; null without devices. */
  lastSeenAt: nullable(string),
  /**
   * The latest of a device seen (freed ones too) and a day with a command used; null for
   * neither. The same as the Utilization section's `lastActivityAt`.
   */
  lastActivityAt: nullable(string),
  /** No activity for `limits.teamIdleDays` days (counted from joining when there was none). */
  idle: boolean,
  devices: array(teamDeviceSchema),
});
export type TeamMember = Infer<typeof teamMemberSchema>;

export const teamInvitationSchema = object({
  id: string,
  email: string,
  /** ISO 8601. */
  createdAt: string,
  expiresAt: string,
  sentCount: integer,
});
export type TeamInvitation = Infer<typeof teamInvitationSchema>;

/** GET /api/team: the owner's page, its figures (the people come a page at a time). */
export const teamOverviewSchema = object({
  organization: object({
    id: string,
    name: string,
    seats: integer,
    /** Members now; open invitations hold seats too (`invitationsOpen`). */
    seatsTaken: integer,
    invitationsOpen: integer,
    /** The owner's account, and whether they hold a seat themselves (they may take or leave one). */
    ownerUserId: string,
    ownerHoldsSeat: boolean,
    deviceLimit: integer,
    /** ISO 8601. */
    termStart: string,
    termEnd: string,
    supportTier: string,
  }),
});
export type TeamOverview = Infer<typeof teamOverviewSchema>;

/** A row's status in the team table, in the order the Status column sorts them. */
export const personStatuses = ['active', 'idle', 'invited'] as const;
export type PersonStatus = (typeof personStatuses)[number];
/** The status filter: every row, or one status. */
export const statusFilters = ['all', ...personStatuses] as const;
export type StatusFilter = (typeof statusFilters)[number];
/** The columns the team table sorts by (`?sort=`); `joined` is when they joined or were invited. */
export const teamSortKeys = ['name', 'email', 'status', 'lastActive', 'devices', 'joined'] as const;
export type TeamSortKey = (typeof teamSortKeys)[number];
export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

/**
 * A member as a row of the team table shows them: their devices are counted, and listed on
 * demand (GET /api/team/members/:userId/devices), so a page costs the same whatever they use.
 */
/**
 * How a member came to the team: by an invitation link, by single sign-on, provisioned by the
 * firm's identity provider (SCIM), or as the owner taking a seat.
 */
export const memberSources = ['invited', 'sso', 'scim', 'owner'] as const;
export type MemberSource = (typeof memberSources)[number];

export const teamTableMemberSchema = object({
  userId: string,
  customerName: string,
  email: string,
  /** ISO 8601. */
  joinedAt: string,
  /** The member license's effective status (active, expired, revoked, suspended). */
  licenseStatus: string,
  /** As `teamMemberSchema`'s. */
  lastActivityAt: nullable(string),
  idle: boolean,
  /** Active devices of the member's license. */
  devicesInUse: integer,
  /** How the member came (`memberSources`). */
  source: oneOf(memberSources),
});
export type TeamTableMember = Infer<typeof teamTableMemberSchema>;

/** One row of the team table: a member, or an open invitation (exactly one of the two is set). */
export const teamPersonSchema = object({
  /** Active, Idle (no activity for `teamIdleDays` days), or Invited (an open invitation). */
  status: oneOf(personStatuses),
  member: nullable(teamTableMemberSchema),
  invitation: nullable(teamInvitationSchema),
});
export type TeamPerson = Infer<typeof teamPersonSchema>;

/**
 * GET /api/team/members?page=&sort=&dir=&q=&status=: one page of the team table (members and open
 * invitations in one list), searched, filtered and sorted by the server.
 */
export const teamPeoplePageSchema = object({
  people: array(teamPersonSchema),
  /** The page answered (from 1): the last one when the page asked for is past it. */
  page: integer,
  /** Pages of `total` rows (at least 1). */
  pages: integer,
  /** Rows a page holds (`teamPageSize`). */
  pageSize: integer,
  /** Rows matching the search and the status filter. */
  total: integer,
  /** The whole team per status, whatever the search and filter (the filter's counts). */
  counts: object({ all: integer, active: integer, idle: integer, invited: integer }),
});
export type TeamPeoplePage = Infer<typeof teamPeoplePageSchema>;

/** GET /api/team/members/:userId/devices: the member's active devices, most recently seen first. */
export const teamMemberDevicesSchema = object({ devices: array(teamDeviceSchema) });
export type TeamMemberDevices = Infer<typeof teamMemberDevicesSchema>;

/** GET /api/team/member-names: every member by name, the team activity's member filter. */
export const teamMemberNamesSchema = object({
  members: array(object({ userId: string, customerName: string, email: string })),
});
export type TeamMemberNames = Infer<typeof teamMemberNamesSchema>;

/**
 * What became of one address of a bulk invitation: `invited`; `already_member` (a member has the
 * address); `already_invited` (it has an invitation not yet accepted or withdrawn); `invalid` (no
 * e-mail address); `no_seat` (every seat was taken or held before its turn came).
 */
export const bulkInviteResults = [
  'invited',
  'already_member',
  'already_invited',
  'invalid',
  'no_seat',
] as const;
export type BulkInviteResult = (typeof bulkInviteResults)[number];

/** POST /api/team/invitations/bulk: each entry in the order given, and what became of it. */
export const bulkInviteResponseSchema = object({
  results: array(
    object({
      /** The address invited (lower-case), or the entry as written when it holds none. */
      address: string,
      result: oneOf(bulkInviteResults),
    }),
  ),
  /** Addresses given more than once, each once (invited at most once). */
  duplicates: array(string),
  /** Seats neither taken nor held after the call. */
  seatsLeft: integer,
});
export type BulkInviteResponse = Infer<typeof bulkInviteResponseSchema>;

/** One row of the team feed. */
export const teamActivitySchema = object({
  /** ISO 8601. */
  at: string,
  userId: nullable(string),
  /** The member's e-mail; '' for events of nobody in particular. */
  member: string,
  /** activated, deactivated, replaced, joined, invited, removed, device-freed, … */
  kind: string,
  detail: string,
});
export type TeamActivity = Infer<typeof teamActivitySchema>;

/** GET /api/team/activity: newest first, at most 500. */
export const teamActivityResponseSchema = object({ activity: array(teamActivitySchema) });
export type TeamActivityResponse = Infer<typeof teamActivityResponseSchema>;

/** The Organization card on My Account. */
export const organizationCardSchema = object({
  name: string,
  ownerName: string,
  ownerEmail: string,
  isOwner: boolean,
  isMember: boolean,
  seats: integer,
  seatsTaken: integer,
  deviceLimit: integer,
  /** ISO 8601. */
  termEnd: string,
  /** Sold by agreement (`enterprise`) or as Standard seats (`team`). */
  kind: oneOf(['enterprise', 'team']),
  /**
   * A team's subscription, for its owner only: whether it renews or ends `on` (ISO 8601, its
   * period's end), and the year's charge with tax; null for Enterprise, for members, or while none
   * is recorded.
   */
  subscription: nullable(object({ ending: boolean, on: string, charge: yearlyChargeSchema })),
});
export type OrganizationCard = Infer<typeof organizationCardSchema>;

/** GET /api/organization: null for accounts in no organization. */
export const organizationResponseSchema = object({
  organization: nullable(organizationCardSchema),
});
export type OrganizationResponse = Infer<typeof organizationResponseSchema>;

/** One day of the utilization chart: seats and devices in use against what was bought. */
export const utilizationDaySchema = object({
  /** YYYY-MM-DD (UTC). */
  day: string,
  seatsUsed: integer,
  seats: integer,
  devicesInUse: integer,
  /** Members × devices per seat. */
  devicesAllowed: integer,
});
export type UtilizationDay = Infer<typeof utilizationDaySchema>;

/** A member's use of their seat. */
export const memberUtilizationSchema = object({
  userId: string,
  customerName: string,
  email: string,
  /** ISO 8601. */
  joinedAt: string,
  /** The latest of a device seen and a day with a command used (its start); null for neither. */
  lastActivityAt: nullable(string),
  devicesInUse: integer,
  /** Uses of each command over the last `featureDays` days, in `featureUsage.features` order. */
  features: array(integer),
  /** No activity for `idleDays` days (counted from joining when there was none). */
  idle: boolean,
});
export type MemberUtilization = Infer<typeof memberUtilizationSchema>;

/** GET /api/team/utilization?days=30|90|365: the owner's Utilization section. */
export const teamUtilizationSchema = object({
  days: integer,
  /** YYYY-MM-DD (UTC), the first and last day of the chart. */
  from: string,
  to: string,
  idleDays: integer,
  featureDays: integer,
  /** Days with numbers, oldest first; today is read live. */
  history: array(utilizationDaySchema),
  members: array(memberUtilizationSchema),
});
export type TeamUtilization = Infer<typeof teamUtilizationSchema>;
