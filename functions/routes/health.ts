import { healthRoute } from '../../src/contract/api/site-routes';
import { site } from '../../src/site.config';
import type { AppEnv } from '../env';
import { declaredRoutes } from '../lib/openapi';

/** Liveness probe for uptime checks and `npm start`; reports the plugin version the site shows. */
export const healthRoutes = declaredRoutes<AppEnv>().openapi(healthRoute, (c) =>
  c.json({ ok: true as const, version: site.currentVersion }, 200),
);
