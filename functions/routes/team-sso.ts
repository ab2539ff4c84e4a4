/**
 * The owner's Single sign-on section of the team page (/api/team/sso): the organization's OpenID
 * Connect connection read, saved, required or not, and disconnected
 * (services/organizations/sso-settings.ts). Signing in through the provider is elsewhere.
 */
import {
  disconnectTeamSsoRoute,
  requireTeamSsoRoute,
  saveTeamSsoRoute,
  teamSsoRoute,
} from '../../src/contract/api/team-sso-routes';
import type { SsoChange, SsoSettings } from '../../src/contract/sso-settings';
import { declaredRoutes } from '../lib/openapi';
import { requireSession, type AccountEnv } from '../middleware/auth';
import { ownerSso } from '../services/organizations/sso-settings';

export const teamSsoRoutes = declaredRoutes<AccountEnv>()
  .openapi({ ...teamSsoRoute, middleware: requireSession }, async (c) => {
    const settings = await ownerSso.settings(c.get('deps'), c.get('session').userId);
    return c.json(settings satisfies SsoSettings, 200);
  })
  .openapi({ ...saveTeamSsoRoute, middleware: requireSession }, async (c) => {
    const development = c.get('config').ENVIRONMENT === 'development';
    const change = await ownerSso.save(c.get('deps'), c.get('session'), c.req.valid('json'), {
      development,
    });
    return c.json(change satisfies SsoChange, 200);
  })
  .openapi({ ...requireTeamSsoRoute, middleware: requireSession }, async (c) => {
    const { required } = c.req.valid('json');
    const change = await ownerSso.setRequired(c.get('deps'), c.get('session').userId, required);
    return c.json(change satisfies SsoChange, 200);
  })
  .openapi({ ...disconnectTeamSsoRoute, middleware: requireSession }, async (c) => {
    const change = await ownerSso.disconnect(c.get('deps'), c.get('session').userId);
    return c.json(change satisfies SsoChange, 200);
  });
