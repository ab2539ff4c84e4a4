/** The console's Enterprise organizations (docs/organizations.md), behind `requireOperator`. */
import { ConsoleMessages } from '../../src/contract/messages';
import {
  createOrganizationRoute,
  findOrganizationsRoute,
  organizationRoute,
  organizationTeamActionRoute,
  updateOrganizationRoute,
} from '../../src/contract/api/admin-routes';
import { adminOrganizationDomainsRoute } from '../../src/contract/api/domain-routes';
import { declaredRoutes } from '../lib/openapi';
import { operatorAct, requireOperator, type OperatorEnv } from '../middleware/operator';
import {
  createOrganization,
  findOrganizations,
  operatorTeamAction,
  organizationDetail,
  updateOrganization,
} from '../services/admin/organizations';
import { organizationDomainList } from '../services/admin/organization-domains';
import { utcDayStart } from '../services/shared/db';

const router = declaredRoutes<OperatorEnv>();
router.use('/admin/organizations', ...requireOperator);
router.use('/admin/organizations/*', ...requireOperator);

export const adminOrganizationRoutes = router

  .openapi(findOrganizationsRoute, async (c) => {
    const found = await findOrganizations(c.get('deps').db, c.req.valid('query').q);
    return c.json({ organizations: found }, 200);
  })
  .openapi(createOrganizationRoute, async (c) => {
    const body = c.req.valid('json');
    const id = await createOrganization(c.get('deps'), operatorAct(c, body.reason), {
      ...body,
      termStart: utcDayStart(body.termStart),
      termEnd: utcDayStart(body.termEnd),
    });
    return c.json({ message: ConsoleMessages.organizationCreated, id }, 200);
  })

  .openapi(organizationRoute, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await organizationDetail(db, c.req.valid('param').id, now), 200);
  })
  // The organization's e-mail domains, read only (the owner manages them on the team page).
  .openapi(adminOrganizationDomainsRoute, async (c) => {
    const domains = await organizationDomainList(c.get('deps').db, c.req.valid('param').id);
    return c.json({ domains }, 200);
  })
  .openapi(updateOrganizationRoute, async (c) => {
    const { reason, termEnd, ...changes } = c.req.valid('json');
    const deps = c.get('deps');
    const id = c.req.valid('param').id;
    await updateOrganization(deps, operatorAct(c, reason), id, {
      ...changes,
      ...(termEnd ? { termEnd: utcDayStart(termEnd) } : {}),
    });
    const detail = await organizationDetail(deps.db, id, deps.now);
    return c.json({ message: ConsoleMessages.organizationUpdated, detail }, 200);
  })

  .openapi(organizationTeamActionRoute, async (c) => {
    const { reason, ...input } = c.req.valid('json');
    const deps = c.get('deps');
    const id = c.req.valid('param').id;
    const message = await operatorTeamAction(deps, operatorAct(c, reason), id, input);
    const detail = await organizationDetail(deps.db, id, deps.now);
    return c.json({ message, detail }, 200);
  });
