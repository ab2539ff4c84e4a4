import { Hono } from 'hono';
import { site } from '../../src/site.config';
import type { AppEnv } from '../env';

/** Liveness probe for uptime checks and `npm start`; reports the plugin version the site shows. */
export const healthRoutes = new Hono<AppEnv>().get('/health', (c) =>
  c.json({ ok: true as const, version: site.currentVersion }),
);
