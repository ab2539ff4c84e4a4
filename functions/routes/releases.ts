/**
 * The plugin's update check (src/contract/schemas/releases.ts). Like the license calls, the license key
 * in the body is the credential (no session, no Origin), and it counts against the same per-IP
 * budget. The installer it offers is served by routes/download.ts.
 */
import { Hono } from 'hono';
import {
  updateCheckBodySchema,
  type UpdateCheckResponse,
} from '../../src/contract/schemas/releases';
import type { AppEnv } from '../env';
import { methodNotAllowed } from '../lib/http';
import { jsonBody } from '../lib/validate';
import { checkForUpdate } from '../services/releases/update-check';

export const releaseRoutes = new Hono<AppEnv>()
  .post('/releases/check', jsonBody(updateCheckBodySchema), async (c) => {
    const result = await checkForUpdate(c.get('deps'), c.req.valid('json'));
    return c.json(result satisfies UpdateCheckResponse, 200);
  })
  .all('/releases/check', methodNotAllowed('POST'));
