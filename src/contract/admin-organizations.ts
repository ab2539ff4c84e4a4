/**
 * What the console's organization calls answer (routes/admin-organizations.ts), as shapes the
 * console islands check (see shape.ts). The requests are zod schemas in schemas/team-requests.ts.
 * Times are ISO 8601 strings.
 */
import { auditEntrySchema } from './admin.ts';
import { array, integer, nullable, object, oneOf, string, type Infer } from './shape.ts';
import { teamActivitySchema, teamInvitationSchema, teamMemberSchema } from './team.ts';

export const supportTiers = ['standard', 'priority'] as const;

/** One organization found by the console (GET /api/admin/organizations?q=…). */
export const organizationHitSchema = object({
  id: string,
  name: string,
  ownerUserId: string,
  ownerName: string,
  ownerEmail: string,
  seats: integer,
  seatsTaken: integer,
  deviceLimit: integer,
  termEnd: string,
  supportTier: oneOf(supportTiers),
  /** "name", "member e-mail", "owner e-mail", "license key"; "newest" without a query. */
  matchedBy: string,
});
export type OrganizationHit = Infer<typeof organizationHitSchema>;

export const organizationListSchema = object({ organizations: array(organizationHitSchema) });
export type OrganizationList = Infer<typeof organizationListSchema>;

/** The organization's own record, as operators see and change it. */
export const adminOrganizationSchema = object({
  id: string,
  name: string,
  ownerUserId: string,
  ownerName: string,
  ownerEmail: string,
  seats: integer,
  seatsTaken: integer,
  invitationsOpen: integer,
  deviceLimit: integer,
  termStart: string,
  termEnd: string,
  supportTier: oneOf(supportTiers),
  /** The signed agreement or purchase order the billing follows (outside Stripe). */
  agreementRef: nullable(string),
  /** Internal; never shown to the organization. */
  notes: nullable(string),
  createdAt: string,
  updatedAt: string,
});
export type AdminOrganization = Infer<typeof adminOrganizationSchema>;

/** GET /api/admin/organizations/:id: the whole picture on one page. */
export const organizationDetailSchema = object({
  organization: adminOrganizationSchema,
  members: array(teamMemberSchema),
  /** Open invitations, newest first. */
  invitations: array(teamInvitationSchema),
  /** The team feed, newest first. */
  activity: array(teamActivitySchema),
  /** Operators' changes to this organization, newest first. */
  audit: array(auditEntrySchema),
  /** Its SCIM provisioning: when its token was made (null: none) and the last SCIM call. */
  scim: object({ tokenCreatedAt: nullable(string), lastCallAt: nullable(string) }),
});
export type OrganizationDetail = Infer<typeof organizationDetailSchema>;

/** The answer to a change: what happened, and the page to redraw. */
export const organizationActionResultSchema = object({
  message: string,
  detail: organizationDetailSchema,
});
export type OrganizationActionResult = Infer<typeof organizationActionResultSchema>;

/** POST /api/admin/organizations: the new organization's id. */
export const organizationCreatedSchema = object({ message: string, id: string });
