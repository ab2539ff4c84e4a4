/**
 * POST /dev/operators {"email", "operator": true|false}: what `npm run admin -- grant|revoke EMAIL`
 * does to the local database, done by the running server itself. The command line writes the
 * server's SQLite file from a second process, which a request served at that moment finds
 * locked; the end-to-end tests grant operators in parallel with other tests, so they ask the
 * server. JSON only, so a page of another site cannot send it as a form.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { users } from '../../db/schema';
import type { AppEnv } from '../../env';
import { ApiMessages } from '../../../src/contract/messages';
import { normalizeEmail } from '../../../src/contract/rules';
import { fail } from '../../lib/errors';

const roleRequest = z.object({ email: z.string().trim().min(3).max(254), operator: z.boolean() });

export const operatorRoutes = new Hono<AppEnv>().post('/operators', async (c) => {
  if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? ''))
    throw fail('UNSUPPORTED_MEDIA_TYPE');
  const parsed = roleRequest.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) throw fail('BAD_REQUEST', { message: ApiMessages.devOperatorsUsage });
  const { db, now } = c.get('deps');
  const [account] = await db
    .update(users)
    .set({ role: parsed.data.operator ? 'admin' : null, updatedAt: now })
    .where(eq(users.emailNormalized, normalizeEmail(parsed.data.email)))
    .returning({ id: users.id, email: users.email, role: users.role });
  if (!account) throw fail('NOT_FOUND', { message: ApiMessages.devOperatorsNoAccount });
  return c.json({ userId: account.id, email: account.email, operator: account.role === 'admin' });
});
