/** The console's Enterprise organizations (docs/organizations.md), behind `requireOperator`. */
import { Hono } from 'hono';
import { ConsoleMessages } from '../../src/contract/messages';
import {
  createOrganizationSchema,
  operatorTeamActionSchema,
  organizationQuerySchema,
  updateOrganizationSchema,
} from '../../src/contract/schemas/team-requests';
import { jsonBody, queryParams } from '../lib/validate';
import { operatorAct, requireOperator, type OperatorEnv } from '../middleware/operator';
import {
  createOrganization,
  findOrganizations,
  operatorTeamAction,
  organizationDetail,
  updateOrganization,
} from '../services/admin/organizations';
import { utcDayStart } from '../services/shared/db';

export const adminOrganizationRoutes = new Hono<OperatorEnv>()
  .use('/admin/organizations', ...requireOperator)
  .use('/admin/organizations/*', ...requireOperator)

  .get('/admin/organizations', queryParams(organizationQuerySchema), async (c) => {
    const found = await findOrganizations(c.get('deps').db, c.req.valid('query').q);
    return c.json({ organizations: found }, 200);
  })
  .post('/admin/organizations', jsonBody(createOrganizationSchema), async (c) => {
    const body = c.req.valid('json');
    const id = await createOrganization(c.get('deps'), operatorAct(c, body.reason), {
      ...body,
      termStart: utcDayStart(body.termStart),
      termEnd: utcDayStart(body.termEnd),
    });
    return c.json({ message: ConsoleMessages.organizationCreated, id }, 200);
  })

  .get('/admin/organizations/:id', async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await organizationDetail(db, c.req.param('id'), now), 200);
  })
  .patch('/admin/organizations/:id', jsonBody(updateOrganizationSchema), async (c) => {
    const { reason, termEnd, ...changes } = c.req.valid('json');
    const deps = c.get('deps');
    const id = c.req.param('id');
    await updateOrganization(deps, operatorAct(c, reason), id, {
      ...changes,
      ...(termEnd ? { termEnd: utcDayStart(termEnd) } : {}),
    });
    const detail = await organizationDetail(deps.db, id, deps.now);
    return c.json({ message: ConsoleMessages.organizationUpdated, detail }, 200);
  })

  .post('/admin/organizations/:id/team', jsonBody(operatorTeamActionSchema), async (c) => {
    const { reason, ...input } = c.req.valid('json');
    const deps = c.get('deps');
    const id = c.req.param('id');
    const message = await operatorTeamAction(deps, operatorAct(c, reason), id, input);
    const detail = await organizationDetail(deps.db, id, deps.now);
    return c.json({ message, detail }, 200);
  });
