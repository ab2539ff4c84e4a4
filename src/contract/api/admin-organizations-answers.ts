/**
 * The answers whose domain types src/contract/admin-organizations.ts names, described once: these zod schemas are
 * what the Worker's answers are typed by, what the published API states, and what
 * `npm run openapi` turns into the islands' checks (src/generated/answers/). Worker and
 * contract only: no island imports this (no zod in the browser).
 */
import { z } from 'zod';
import { lazySchema } from '../schemas/lazy';
import { supportTiers } from '../admin-organizations';
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

export const organizationListSchema = lazySchema(() =>
  z.object({ organizations: z.array(organizationHitSchema) }),
);

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
    /**
     * Its single sign-on connection, read only (never the client secret): the provider's issuer,
     * the client ID, whether it is required, the last sign-in and the last failure; null: none.
     */
    sso: z.nullable(
      z.object({
        issuer: z.string(),
        clientId: z.string(),
        required: z.boolean(),
        updatedAt: z.string(),
        lastSignInAt: z.nullable(z.string()),
        lastSignInEmail: z.nullable(z.string()),
        lastFailureAt: z.nullable(z.string()),
        lastFailure: z.nullable(z.string()),
      }),
    ),
  }),
);

/** The answer to a change: what happened, and the page to redraw. */
export const organizationActionResultSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    detail: organizationDetailSchema,
  }),
);

/** POST /api/admin/organizations: the new organization's id. */
export const organizationCreatedSchema = lazySchema(() =>
  z.object({ message: z.string(), id: z.string() }),
);
