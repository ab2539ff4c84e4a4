/**
 * Forgotten password: e-mailed single-use reset link (docs/product-rules.md, "Passwords"),
 * declared in src/contract/api/sign-in-routes.ts.
 */
import { forgotPasswordRoute, resetPasswordRoute } from '../../src/contract/api/sign-in-routes';
import { SuccessMessages } from '../../src/contract/messages';
import type { MessageResponse } from '../../src/contract/user';
import { declaredRoutes } from '../lib/openapi';
import type { AccountEnv } from '../middleware/auth';
import { requestPasswordReset, resetPassword } from '../services/accounts/password-reset';

export const passwordRoutes = declaredRoutes<AccountEnv>()
  // The same answer, after the same work, whether or not the e-mail has an account.
  .openapi(forgotPasswordRoute, async (c) => {
    await requestPasswordReset(c.get('deps'), c.req.valid('json'));
    return c.json({ message: SuccessMessages.resetRequested } satisfies MessageResponse, 200);
  })

  .openapi(resetPasswordRoute, async (c) => {
    await resetPassword(c.get('deps'), c.req.valid('json'));
    return c.json({ message: SuccessMessages.passwordReset } satisfies MessageResponse, 200);
  });
