/** Enterprise organizations in the operator console (issue 13), behind `requireOperator`. */
import { Hono } from 'hono';
import { ConsoleMessages } from '../../src/contract/messages';
import {
  createOrganizationSchema,
  operatorTeamActionSchema,
  updateOrganizationSchema,
} from '../../src/contract/team-requests';
import { methodNotAllowed } from '../lib/http';
import { jsonBody } from '../lib/validate';
import { operatorAct, requireOperator, type OperatorEnv } from '../middleware/operator';
import {
  createOrganization,
  findOrganizations,
  operatorTeamAction,
  organizationOf,
  updateOrganization,
} from '../services/admin/organizations';
import { teamActivity, teamOverview } from '../services/organizations/team';
import { utcDayStart } from '../services/shared/db';

export const adminOrganizationRoutes = new Hono<OperatorEnv>()
  .use('/admin/organizations', ...requireOperator)
  .use('/admin/organizations/*', ...requireOperator)

  .get('/admin/organizations', async (c) => {
    const found = await findOrganizations(c.get('deps').db, c.req.query('q') ?? '');
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
  .all('/admin/organizations', methodNotAllowed('GET', 'POST'))

  .get('/admin/organizations/:id', async (c) => {
    const { db, now } = c.get('deps');
    const organization = await organizationOf(db, c.req.param('id'));
    const [team, activity] = await Promise.all([
      teamOverview(db, organization, now),
      teamActivity(db, organization, {}),
    ]);
    return c.json({ organization, team, activity }, 200);
  })
  .patch('/admin/organizations/:id', jsonBody(updateOrganizationSchema), async (c) => {
    const { reason, termEnd, ...changes } = c.req.valid('json');
    await updateOrganization(c.get('deps'), operatorAct(c, reason), c.req.param('id'), {
      ...changes,
      ...(termEnd ? { termEnd: utcDayStart(termEnd) } : {}),
    });
    return c.json({ message: ConsoleMessages.organizationUpdated }, 200);
  })
  .all('/admin/organizations/:id', methodNotAllowed('GET', 'PATCH'))

  .post('/admin/organizations/:id/team', jsonBody(operatorTeamActionSchema), async (c) => {
    const { reason, ...input } = c.req.valid('json');
    await operatorTeamAction(c.get('deps'), operatorAct(c, reason), c.req.param('id'), input);
    return c.json({ message: ConsoleMessages.organizationUpdated }, 200);
  })
  .all('/admin/organizations/:id/team', methodNotAllowed('POST'));
