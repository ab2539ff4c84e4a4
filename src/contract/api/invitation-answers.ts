/**
 * The zod twins of the answers src/contract/invitation.ts describes with shapes, so the published API
 * states their fields. The pages keep checking those answers with the shapes (no zod in the
 * browser); each `Agree` below fails the build if a twin and its shape ever differ. Worker and
 * contract only: no island imports this.
 */
import { z } from 'zod';
import type { Agree } from '../schemas/agree';
import { lazySchema } from '../schemas/lazy';
import { type InvitationPreview } from '../invitation';

/** GET /api/invitations/:token: what the invitation page shows before joining. */
export const invitationPreviewSchema = lazySchema(() =>
  z.object({
    organizationName: z.string(),
    inviterName: z.string(),
    /** The invited address (the signup's e-mail, not editable). */
    email: z.string(),
    /** ISO 8601. */
    expiresAt: z.string(),
    /** Whether the address has an account (sign in) or not (sign up). */
    hasAccount: z.boolean(),
  }),
);

const invitationPreviewAgrees: Agree<typeof invitationPreviewSchema, InvitationPreview> = true;

void [invitationPreviewAgrees];
