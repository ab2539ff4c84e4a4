/**
 * The zod twins of the answers src/contract/admin-organizations.ts describes with shapes, so the published API
 * states their fields. The pages keep checking those answers with the shapes (no zod in the
 * browser); each `Agree` below fails the build if a twin and its shape ever differ. Worker and
 * contract only: no island imports this.
 */
import { z } from 'zod';
import type { Agree } from '../schemas/agree';
import { lazySchema } from '../schemas/lazy';
import {
  supportTiers,
  type AdminOrganization,
  type OrganizationActionResult,
  type OrganizationDetail,
  type OrganizationHit,
  type OrganizationList,
} from '../admin-organizations';
import { auditEntrySchema } from './admin-answers';
import { teamActivitySchema, teamInvitationSchema, teamMemberSchema } from './team-answers';

/** One organization found by the console (GET /api/admin/organizations?q=…). */
export const organizationHitSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    ownerUserId: z.string(),
    ownerName: z.string(),
    ownerEmail: z.string(),
    seats: z.int(),
    seatsTaken: z.int(),
    deviceLimit: z.int(),
    termEnd: z.string(),
    supportTier: z.enum(supportTiers),
    /** "name", "member e-mail", "owner e-mail", "license key"; "newest" without a query. */
    matchedBy: z.string(),
  }),
);

const organizationHitAgrees: Agree<typeof organizationHitSchema, OrganizationHit> = true;

export const organizationListSchema = lazySchema(() =>
  z.object({ organizations: z.array(organizationHitSchema) }),
);

const organizationListAgrees: Agree<typeof organizationListSchema, OrganizationList> = true;

/** The organization's own record, as operators see and change it. */
export const adminOrganizationSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    ownerUserId: z.string(),
    ownerName: z.string(),
    ownerEmail: z.string(),
    seats: z.int(),
    seatsTaken: z.int(),
    invitationsOpen: z.int(),
    deviceLimit: z.int(),
    termStart: z.string(),
    termEnd: z.string(),
    supportTier: z.enum(supportTiers),
    /** The signed agreement or purchase order the billing follows (outside Stripe). */
    agreementRef: z.nullable(z.string()),
    /** Internal; never shown to the organization. */
    notes: z.nullable(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);

const adminOrganizationAgrees: Agree<typeof adminOrganizationSchema, AdminOrganization> = true;

/** GET /api/admin/organizations/:id: the whole picture on one page. */
export const organizationDetailSchema = lazySchema(() =>
  z.object({
    organization: adminOrganizationSchema,
    members: z.array(teamMemberSchema),
    /** Open invitations, newest first. */
    invitations: z.array(teamInvitationSchema),
    /** The team feed, newest first. */
    activity: z.array(teamActivitySchema),
    /** Operators' changes to this organization, newest first. */
    audit: z.array(auditEntrySchema),
    /** Its SCIM provisioning: when its token was made (null: none) and the last SCIM call. */
    scim: z.object({ tokenCreatedAt: z.nullable(z.string()), lastCallAt: z.nullable(z.string()) }),
  }),
);

const organizationDetailAgrees: Agree<typeof organizationDetailSchema, OrganizationDetail> = true;

/** The answer to a change: what happened, and the page to redraw. */
export const organizationActionResultSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    detail: organizationDetailSchema,
  }),
);

const organizationActionResultAgrees: Agree<
  typeof organizationActionResultSchema,
  OrganizationActionResult
> = true;

/** POST /api/admin/organizations: the new organization's id. */
export const organizationCreatedSchema = lazySchema(() =>
  z.object({ message: z.string(), id: z.string() }),
);

void [
  organizationHitAgrees,
  organizationListAgrees,
  adminOrganizationAgrees,
  organizationDetailAgrees,
  organizationActionResultAgrees,
];
