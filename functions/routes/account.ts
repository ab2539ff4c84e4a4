/** Account deletion: DELETE /api/delete (docs/operating.md, "Deletion and restore"). */
import { Hono } from 'hono';
import type { MessageResponse } from '../../src/contract/user';
import { SuccessMessages } from '../../src/contract/messages';
import { methodNotAllowed } from '../lib/http';
import { clearSessionCookie, requireSession, type AccountEnv } from '../middleware/auth';
import { deleteAccount } from '../services/accounts/deletion';

export const accountRoutes = new Hono<AccountEnv>()
  // Bearer or cookie with our Origin (CSRF, middleware/auth.ts). No body is read.
  .delete('/delete', requireSession, async (c) => {
    await deleteAccount(c.get('deps'), c.get('session').userId);
    clearSessionCookie(c);
    return c.json({ message: SuccessMessages.accountDeleted } satisfies MessageResponse, 200);
  })
  .all('/delete', methodNotAllowed('DELETE'));
