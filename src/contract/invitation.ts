/**
 * What the invitation page (/invite) reads before joining (routes/invitations.ts), as a shape the
 * island checks (see shape.ts). Not in team.ts: that page loads none of the team page's shapes.
 */
import { boolean, object, string, type Infer } from './shape.ts';

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
