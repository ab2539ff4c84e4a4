/**
 * Request bodies of two-step sign-in (the authenticator app, recovery codes, the sign-in's code
 * step, confirming it is you). A code is typed by a person: spaces and dashes are allowed and
 * ignored; its shape is checked by the Worker, which answers one plain message for any wrong code.
 */
import { z } from 'zod';
import { Messages } from '../messages';
import { lazySchema } from './lazy';
import { trimmedPattern } from './patterns';

/** An authenticator code (6 digits) or a recovery code (10 letters and digits, one dash). */
export const secondFactorCode = lazySchema(() =>
  z
    .string()
    .trim()
    // The lengths count the trimmed code, so they are rules rather than the string's own bounds
    // (which the document would apply to the code as sent, spaces around it included).
    .superRefine((code, context) => {
      if (code.length === 0)
        context.addIssue({ code: 'custom', message: Messages.secondFactorCodeRequired });
      else if (code.length > 32)
        context.addIssue({ code: 'custom', message: Messages.wrongSecondFactorCode });
    })
    .meta({ pattern: trimmedPattern(1, 32) }),
);

/** POST /api/two-step/confirm: the first code the app shows, proving it holds the secret. */
export const confirmTwoStepSchema = lazySchema(() => z.object({ code: secondFactorCode }));
export type ConfirmTwoStepBody = z.infer<typeof confirmTwoStepSchema>;

/** POST /api/two-step/recovery-codes: new codes need a current code. */
export const newRecoveryCodesSchema = lazySchema(() => z.object({ code: secondFactorCode }));
export type NewRecoveryCodesBody = z.infer<typeof newRecoveryCodesSchema>;

/**
 * Proof that the person at the keyboard owns the account: a current code, or the password (which
 * the Worker takes only from a person who has no authenticator app and no passkey). Turning
 * two-step sign-in off (POST /api/two-step/off) and POST /api/verify-identity take it.
 */
export const identityProofSchema = lazySchema(() =>
  z
    .object({
      code: secondFactorCode.optional(),
      password: z.string().min(1).max(1024).optional(),
    })
    .refine((body) => (body.code === undefined) !== (body.password === undefined), {
      message: Messages.identityProofRequired,
    })
    // One of the two, never both.
    .meta({
      oneOf: [
        { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
        { type: 'object', properties: { password: { type: 'string' } }, required: ['password'] },
      ],
    }),
);
export type IdentityProofBody = z.infer<typeof identityProofSchema>;
