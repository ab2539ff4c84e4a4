/**
 * The answers whose domain types src/contract/invitation.ts names, described once: these zod schemas are
 * what the Worker's answers are typed by, what the published API states, and what
 * `npm run openapi` turns into the islands' checks (src/generated/answers/). Worker and
 * contract only: no island imports this (no zod in the browser).
 */
import { z } from 'zod';
import { lazySchema } from '../schemas/lazy';

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
