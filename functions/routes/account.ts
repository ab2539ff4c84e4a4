/**
 * The signed-in account: its license summary for My Account (GET /api/account/license), change
 * the password (POST /api/change-password), set a first one
 * (POST /api/set-password, Google-only accounts), share feature usage or not (GET and PATCH
 * /api/account/usage-sharing) and delete the account (DELETE /api/delete; docs/operating.md,
 * "Deletion and restore").
 */
import { Hono } from 'hono';
import { changePasswordSchema, setPasswordSchema } from '../../src/contract/schemas/auth';
import type { AccountLicense } from '../../src/contract/account';
import { usageSharingBodySchema } from '../../src/contract/schemas/usage-dashboard';
import type { UsageSharing } from '../../src/contract/usage';
import type { MessageResponse } from '../../src/contract/user';
import { SuccessMessages } from '../../src/contract/messages';
import { jsonBody } from '../lib/validate';
import { clearSessionCookie, requireSession, type AccountEnv } from '../middleware/auth';
import { deleteAccount } from '../services/accounts/deletion';
import { licenseSummary } from '../services/accounts/license-summary';
import { changePassword, setFirstPassword } from '../services/accounts/password-change';
import { setUsageSharing, usageSharing } from '../services/accounts/usage-sharing';

export const accountRoutes = new Hono<AccountEnv>()
  // Bearer or cookie with our Origin (CSRF, middleware/auth.ts); this session stays signed in.
  .post('/change-password', requireSession, jsonBody(changePasswordSchema), async (c) => {
    await changePassword(c.get('deps'), c.get('session'), c.req.valid('json'));
    return c.json({ message: SuccessMessages.passwordChanged } satisfies MessageResponse, 200);
  })
  // A Google-only account's first password, for a recent proof of who is at the keyboard.
  .post('/set-password', requireSession, jsonBody(setPasswordSchema), async (c) => {
    await setFirstPassword(c.get('deps'), c.get('session'), c.req.valid('json'));
    return c.json({ message: SuccessMessages.passwordSet } satisfies MessageResponse, 200);
  })
  .get('/account/license', requireSession, async (c) => {
    const summary = await licenseSummary(c.get('deps'), c.get('session').userId);
    return c.json(summary satisfies AccountLicense, 200);
  })
  .get('/account/usage-sharing', requireSession, async (c) => {
    const sharing = await usageSharing(c.get('deps'), c.get('session').userId);
    return c.json(sharing satisfies UsageSharing, 200);
  })
  // Bearer or cookie with our Origin (CSRF, middleware/auth.ts).
  .patch('/account/usage-sharing', requireSession, jsonBody(usageSharingBodySchema), async (c) => {
    const { shareUsage } = c.req.valid('json');
    const sharing = await setUsageSharing(c.get('deps'), c.get('session').userId, shareUsage);
    return c.json(sharing satisfies UsageSharing, 200);
  })
  // Bearer or cookie with our Origin (CSRF, middleware/auth.ts). No body is read.
  .delete('/delete', requireSession, async (c) => {
    await deleteAccount(c.get('deps'), c.get('session').userId);
    clearSessionCookie(c);
    return c.json({ message: SuccessMessages.accountDeleted } satisfies MessageResponse, 200);
  });
