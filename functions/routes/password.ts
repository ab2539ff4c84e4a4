/** Forgotten password: e-mailed single-use reset link (docs/product-rules.md, "Passwords"). */
import { Hono } from 'hono';
import { forgotPasswordSchema, resetPasswordSchema } from '../../src/contract/schemas/auth';
import { SuccessMessages } from '../../src/contract/messages';
import type { MessageResponse } from '../../src/contract/user';
import { jsonBody } from '../lib/validate';
import type { AccountEnv } from '../middleware/auth';
import { requestPasswordReset, resetPassword } from '../services/accounts/password-reset';

export const passwordRoutes = new Hono<AccountEnv>()
  // The same answer, after the same work, whether or not the e-mail has an account.
  .post('/forgot-password', jsonBody(forgotPasswordSchema), async (c) => {
    await requestPasswordReset(c.get('deps'), c.req.valid('json'));
    return c.json({ message: SuccessMessages.resetRequested } satisfies MessageResponse, 200);
  })

  .post('/reset-password', jsonBody(resetPasswordSchema), async (c) => {
    await resetPassword(c.get('deps'), c.req.valid('json'));
    return c.json({ message: SuccessMessages.passwordReset } satisfies MessageResponse, 200);
  });
