/**
 * The team page's Domains section: the owner's organization's e-mail domains, added, checked
 * against their TXT record and removed (services/organizations/domains.ts), signed in by cookie
 * (with our Origin on writes) or Bearer.
 */
import {
  addTeamDomainRoute,
  checkTeamDomainRoute,
  removeTeamDomainRoute,
  teamDomainsRoute,
} from '../../src/contract/api/domain-routes';
import {
  domainAdded,
  domainRemoved,
  type DomainAdded,
  type DomainCheck,
  type OrganizationDomains,
} from '../../src/contract/domains';
import type { MessageResponse } from '../../src/contract/user';
import { declaredRoutes } from '../lib/openapi';
import { requireSession, type AccountEnv } from '../middleware/auth';
import { domainOwnerActions } from '../services/organizations/domain-actions';

export const teamDomainRoutes = declaredRoutes<AccountEnv>()
  .openapi({ ...teamDomainsRoute, middleware: requireSession }, async (c) => {
    const domains = await domainOwnerActions.list(c.get('deps'), c.get('session').userId);
    return c.json({ domains } satisfies OrganizationDomains, 200);
  })

  .openapi({ ...addTeamDomainRoute, middleware: requireSession }, async (c) => {
    const { userId } = c.get('session');
    const domain = await domainOwnerActions.add(c.get('deps'), userId, c.req.valid('json').domain);
    return c.json({ message: domainAdded, domain } satisfies DomainAdded, 200);
  })

  .openapi({ ...checkTeamDomainRoute, middleware: requireSession }, async (c) => {
    const { userId } = c.get('session');
    const check = await domainOwnerActions.check(c.get('deps'), userId, c.req.valid('param').id);
    return c.json(check satisfies DomainCheck, 200);
  })

  .openapi({ ...removeTeamDomainRoute, middleware: requireSession }, async (c) => {
    const { userId } = c.get('session');
    await domainOwnerActions.remove(c.get('deps'), userId, c.req.valid('param').id);
    return c.json({ message: domainRemoved } satisfies MessageResponse, 200);
  });
