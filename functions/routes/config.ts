import { publicConfigRoute, type PublicConfig } from '../../src/contract/api/site-routes';
import { adapterModes } from '../adapters';
import type { AppEnv, Config } from '../env';
import { declaredRoutes } from '../lib/openapi';

export type { PublicConfig };

/**
 * The public configuration for one environment (pure; the route and tests share it): what the
 * islands need to render the bot-check widget and the Google button, only public values (site
 * key, client id), never a secret. In production with a service unconfigured the mode stays the
 * production one with a null key, and the island shows the feature as unavailable.
 */
export function publicConfig(config: Config): PublicConfig {
  const modes = adapterModes(config);
  return {
    environment: config.ENVIRONMENT,
    botCheck:
      modes.botCheck === 'local'
        ? { mode: 'local', siteKey: null }
        : {
            mode: 'turnstile',
            siteKey: modes.botCheck === 'turnstile' ? (config.TURNSTILE_SITE_KEY ?? null) : null,
          },
    google:
      modes.google === 'local'
        ? { mode: 'local', clientId: null }
        : {
            mode: 'gis',
            clientId: modes.google === 'gis' ? (config.GOOGLE_CLIENT_ID ?? null) : null,
          },
  };
}

/** GET /api/config: public, never cached (it changes with deployment settings). */
export const configRoutes = declaredRoutes<AppEnv>().openapi(publicConfigRoute, (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json(publicConfig(c.get('config')), 200);
});
