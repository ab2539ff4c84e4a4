/**
 * What the invitation page (/invite) reads before joining (routes/invitations.ts); its zod schema
 * is in api/invitation-answers.ts and its check in src/generated/answers/.
 */
import type { PreviewInvitationAnswer } from '../generated/answers/PreviewInvitationAnswer';

/** GET /api/invitations/:token: what the invitation page shows before joining. */
export type InvitationPreview = PreviewInvitationAnswer;
