/**
 * The signed-in account: change the password (POST /api/change-password) and delete the account
 * (DELETE /api/delete; docs/operating.md, "Deletion and restore").
 */
import { Hono } from 'hono';
import { changePasswordSchema } from '../../src/contract/schemas/auth';
import type { MessageResponse } from '../../src/contract/user';
import { SuccessMessages } from '../../src/contract/messages';
import { methodNotAllowed } from '../lib/http';
import { jsonBody } from '../lib/validate';
import { clearSessionCookie, requireSession, type AccountEnv } from '../middleware/auth';
import { deleteAccount } from '../services/accounts/deletion';
import { changePassword } from '../services/accounts/password-change';

export const accountRoutes = new Hono<AccountEnv>()
  // Bearer or cookie with our Origin (CSRF, middleware/auth.ts); this session stays signed in.
  .post('/change-password', requireSession, jsonBody(changePasswordSchema), async (c) => {
    await changePassword(c.get('deps'), c.get('session'), c.req.valid('json'));
    return c.json({ message: SuccessMessages.passwordChanged } satisfies MessageResponse, 200);
  })
  .all('/change-password', methodNotAllowed('POST'))
  // Bearer or cookie with our Origin (CSRF, middleware/auth.ts). No body is read.
  .delete('/delete', requireSession, async (c) => {
    await deleteAccount(c.get('deps'), c.get('session').userId);
    clearSessionCookie(c);
    return c.json({ message: SuccessMessages.accountDeleted } satisfies MessageResponse, 200);
  })
  .all('/delete', methodNotAllowed('DELETE'));
