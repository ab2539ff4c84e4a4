/**
 * What the Enterprise team calls answer (routes/team.ts, routes/invitations.ts), as shapes the
 * team islands check (see shape.ts). The requests the Worker validates are zod schemas in
 * schemas/team-requests.ts.
 */
import { array, boolean, integer, nullable, object, string, type Infer } from './shape.ts';

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

/** GET /api/team: the owner's page. */
export const teamOverviewSchema = object({
  organization: object({
    id: string,
    name: string,
    seats: integer,
    /** Members now; open invitations hold seats too (`invitationsOpen`). */
    seatsTaken: integer,
    invitationsOpen: integer,
    deviceLimit: integer,
    /** ISO 8601. */
    termStart: string,
    termEnd: string,
    supportTier: string,
  }),
  members: array(teamMemberSchema),
  /** Open (not accepted, withdrawn or expired), newest first. */
  invitations: array(teamInvitationSchema),
});
export type TeamOverview = Infer<typeof teamOverviewSchema>;

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
});
export type OrganizationCard = Infer<typeof organizationCardSchema>;

/** GET /api/organization: null for accounts in no organization. */
export const organizationResponseSchema = object({
  organization: nullable(organizationCardSchema),
});
export type OrganizationResponse = Infer<typeof organizationResponseSchema>;

/** GET /api/invitations/:token: what the invitation page shows before joining. */
export const invitationPreviewSchema = object({
  organizationName: string,
  inviterName: string,
  /** The invited address (the signup's e-mail, not editable). */
  email: string,
  /** ISO 8601. */
  expiresAt: string,
  /** Whether the address has an account (sign in) or not (sign up). */
  hasAccount: boolean,
});
export type InvitationPreview = Infer<typeof invitationPreviewSchema>;
