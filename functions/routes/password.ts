/** Forgotten password: e-mailed single-use reset link (issue 3, SPEC §2 /forgot-password). */
import { Hono } from 'hono';
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  type MessageResponse,
} from '../../src/contract/auth';
import { SuccessMessages } from '../../src/contract/errors';
import { methodNotAllowed } from '../lib/http';
import { jsonBody } from '../lib/validate';
import { nowOf, type AccountEnv } from '../middleware/auth';
import { normalizeEmail } from '../services/emails';
import { passwordResetMail } from '../services/mail-templates';
import { requestPasswordReset, resetPassword } from '../services/password-reset';
import { enforceRateLimit } from '../services/rate-limit';
import { assertPasswordAllowed } from '../services/signup';

export const passwordRoutes = new Hono<AccountEnv>()
  .post('/forgot-password', jsonBody(forgotPasswordSchema), async (c) => {
    const { email } = c.req.valid('json');
    const db = c.get('db');
    const now = nowOf(c);
    // Counted per submitted address whether or not it has an account, so a 429 reveals nothing.
    await enforceRateLimit(db, 'forgotPasswordPerEmail', normalizeEmail(email), now);
    const reset = await requestPasswordReset(db, email, now);
    if (reset) {
      const link = new URL('/reset-password', c.req.url);
      link.searchParams.set('token', reset.token);
      try {
        await c
          .get('mailer')
          .send(passwordResetMail(reset.to, reset.customerName, link.toString()));
      } catch (error) {
        // Answering differently would tell who has an account; the operator sees the log.
        console.error('Could not send the password reset e-mail:', error);
      }
    }
    return c.json({ message: SuccessMessages.resetRequested } satisfies MessageResponse, 200);
  })
  .all('/forgot-password', methodNotAllowed('POST'))

  .post('/reset-password', jsonBody(resetPasswordSchema), async (c) => {
    const { token, password } = c.req.valid('json');
    assertPasswordAllowed(password);
    await resetPassword(c.get('db'), c.get('config').PASSWORD_PEPPER, token, password, nowOf(c));
    return c.json({ message: SuccessMessages.passwordReset } satisfies MessageResponse, 200);
  })
  .all('/reset-password', methodNotAllowed('POST'));
