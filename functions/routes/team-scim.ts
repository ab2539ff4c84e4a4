/**
 * The owner's Provisioning (SCIM) section of the team page (/api/team/scim): the status, and
 * the organization's SCIM token made, replaced or revoked. The SCIM service is routes/scim.ts.
 */
import {
  createScimTokenRoute,
  revokeScimTokenRoute,
  scimStatusRoute,
} from '../../src/contract/api/team-scim-routes';
import { ScimTeamMessages, type ScimStatus, type ScimTokenAnswer } from '../../src/contract/scim';
import type { MessageResponse } from '../../src/contract/user';
import { declaredRoutes } from '../lib/openapi';
import { requireSession, type AccountEnv } from '../middleware/auth';
import { ownerScim } from '../services/organizations/scim/owner';

export const teamScimRoutes = declaredRoutes<AccountEnv>()
  .openapi({ ...scimStatusRoute, middleware: requireSession }, async (c) => {
    const status = await ownerScim.status(c.get('deps'), c.get('session').userId);
    return c.json(status satisfies ScimStatus, 200);
  })
  .openapi({ ...createScimTokenRoute, middleware: requireSession }, async (c) => {
    const created = await ownerScim.createToken(c.get('deps'), c.get('session'));
    return c.json(created satisfies ScimTokenAnswer, 200);
  })
  .openapi({ ...revokeScimTokenRoute, middleware: requireSession }, async (c) => {
    await ownerScim.revokeToken(c.get('deps'), c.get('session').userId);
    return c.json({ message: ScimTeamMessages.tokenRevoked } satisfies MessageResponse, 200);
  });
