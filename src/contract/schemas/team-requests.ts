/**
 * Request bodies of Enterprise teams (routes/team.ts, routes/invitations.ts) and of the console's
 * organizations (routes/admin-organizations.ts), validated by the Worker. Server only.
 */
import { z } from 'zod';
import { supportTiers } from '../admin-organizations';
import { sortDirections, statusFilters, teamSortKeys } from '../team';
import { bulkInviteMax } from '../address-list';
import { TeamMessages } from '../messages';
import { plainName } from './names';
import { lazySchema } from './lazy';
import { customerNameSchema, emailSchema as email, passwordSchema } from './auth';

/** POST /api/team/invitations */
export const inviteSchema = lazySchema(() => z.object({ email }));

/**
 * POST /api/team/invitations/bulk: the entries of a pasted list or a CSV column, as the island read
 * them (address-list.ts); the Worker reads each again and refuses more than `bulkInviteMax`
 * addresses. The bound here only caps the work of a request.
 */
export const bulkInviteSchema = lazySchema(() =>
  z.object({
    entries: z
      .array(z.string().max(1000, TeamMessages.entryTooLong))
      .min(1, TeamMessages.noAddresses)
      .max(4 * bulkInviteMax, TeamMessages.tooManyAddresses),
  }),
);

/** POST /api/team/transfer */
export const transferSchema = lazySchema(() =>
  z.object({ userId: z.string().trim().min(1).max(128) }),
);

/** POST /api/invitations/:token/accept (signed in) */
export const acceptInvitationSchema = lazySchema(() =>
  z.object({
    /** Set after the customer read that their Standard subscription ends at period end. */
    confirmCancelStandard: z.boolean().default(false),
  }),
);

/** POST /api/invitations/:token/signup: the link proved the address; name and password only. */
export const invitationSignupSchema = lazySchema(() =>
  z.object({
    customerName: customerNameSchema,
    password: passwordSchema,
  }),
);

/**
 * GET /api/team/members: a page of the team table. Every parameter may be left out (page 1, by
 * name A to Z, no search, every status); a parameter given twice is refused like a wrong one.
 */
export const peopleQuerySchema = lazySchema(() =>
  z.object({
    page: z
      .string({ error: TeamMessages.pageInvalid })
      // 1 to 10,000, leading zeros forgiven.
      .regex(/^0*(?:[1-9]\d{0,3}|10000)$/, TeamMessages.pageInvalid)
      .max(5, TeamMessages.pageInvalid)
      .transform(Number)
      .default(1)
      // As sent: a query parameter is text, so its documented default is the text "1".
      .meta({ default: '1' }),
    sort: z.enum(teamSortKeys, { error: TeamMessages.sortInvalid(teamSortKeys) }).default('name'),
    dir: z.enum(sortDirections, { error: TeamMessages.directionInvalid }).default('asc'),
    q: z
      .string({ error: TeamMessages.searchInvalid })
      .max(200, TeamMessages.searchInvalid)
      .default(''),
    status: z
      .enum(statusFilters, { error: TeamMessages.statusInvalid(statusFilters) })
      .default('all'),
  }),
);
export type PeopleQuery = z.output<typeof peopleQuerySchema>;

/** GET /api/team/activity and activity.csv */
export const activityQuerySchema = lazySchema(() =>
  z.object({
    member: z.string().trim().max(128).optional(),
    from: z.iso.date('From must be a date (YYYY-MM-DD).').optional(),
    to: z.iso.date('To must be a date (YYYY-MM-DD).').optional(),
  }),
);

const reason = lazySchema(() =>
  z
    .string()
    .trim()
    .min(3, 'Give a reason (at least 3 characters); it is kept in the audit log.')
    .max(500),
);
const termDate = lazySchema(() => z.iso.date('Dates must be written YYYY-MM-DD.'));
/** An organization's name is shown to its members and written into their e-mails: one plain line. */
const organizationName = lazySchema(() =>
  plainName(z.string().trim().min(1, 'Name the organization.').max(200)),
);

/** GET /api/admin/organizations?q=…: a name's start, an e-mail or a license key; '' lists the newest. */
export const organizationQuerySchema = lazySchema(() =>
  z.object({
    q: z.string().max(200, 'The search is too long (200 characters at most).').default(''),
  }),
);

/** POST /api/admin/organizations */
export const createOrganizationSchema = lazySchema(() =>
  z.object({
    name: organizationName,
    ownerEmail: email,
    seats: z.number().int().min(1, 'At least 1 seat.').max(10_000),
    deviceLimit: z.number().int().min(1, 'At least 1 device per seat.').max(1000),
    termStart: termDate,
    termEnd: termDate,
    supportTier: z.enum(supportTiers),
    agreementRef: z.string().trim().max(200).nullable().default(null),
    notes: z.string().trim().max(5000).nullable().default(null),
    reason,
  }),
);

/** PATCH /api/admin/organizations/:id */
export const updateOrganizationSchema = lazySchema(() =>
  z.object({
    name: organizationName.optional(),
    seats: z.number().int().min(1).max(10_000).optional(),
    deviceLimit: z.number().int().min(1).max(1000).optional(),
    termEnd: termDate.optional(),
    supportTier: z.enum(supportTiers).optional(),
    agreementRef: z.string().trim().max(200).nullable().optional(),
    notes: z.string().trim().max(5000).nullable().optional(),
    reason,
  }),
);

const id = lazySchema(() => z.string().trim().min(1).max(128));

/** POST /api/admin/organizations/:id/team: an owner's action taken by an operator. */
export const operatorTeamActionSchema = lazySchema(() =>
  z.discriminatedUnion('action', [
    z.object({ action: z.literal('team-invite'), email, reason }),
    z.object({ action: z.literal('team-resend-invitation'), invitationId: id, reason }),
    z.object({ action: z.literal('team-withdraw-invitation'), invitationId: id, reason }),
    z.object({ action: z.literal('team-remove-member'), userId: id, reason }),
    z.object({ action: z.literal('team-free-device'), deviceRowId: id, reason }),
    z.object({ action: z.literal('team-transfer-ownership'), userId: id, reason }),
  ]),
);

/** GET /api/team/utilization: the chart's period (the CSV export takes no period). */
export { usageFeaturesQuerySchema as utilizationQuerySchema } from './usage-dashboard';
