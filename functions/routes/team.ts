/**
 * Enterprise teams: the owner's team page (/api/team: its figures; /api/team/members: its table,
 * a page at a time; the feed, the utilization and the owner's actions), the member's Organization card
 * (/api/organization), signed in by cookie (with our Origin on writes) or Bearer.
 */
import { Hono, type Context } from 'hono';
import { TeamMessages } from '../../src/contract/messages';
import {
  activityQuerySchema,
  bulkInviteSchema,
  inviteSchema,
  peopleQuerySchema,
  transferSchema,
  utilizationQuerySchema,
} from '../../src/contract/schemas/team-requests';
import type {
  BulkInviteResponse,
  OrganizationResponse,
  TeamActivityResponse,
  TeamMemberDevices,
  TeamMemberNames,
  TeamOverview,
  TeamPeoplePage,
  TeamUtilization,
} from '../../src/contract/team';
import type { MessageResponse } from '../../src/contract/user';
import { jsonBody, queryParams } from '../lib/validate';
import { requireSession, type AccountEnv } from '../middleware/auth';
import { organizationCard, ownedOrganization, ownerActions } from '../services/organizations/team';
import {
  teamMemberDevices,
  teamMemberNames,
  teamPeoplePage,
} from '../services/organizations/people';
import { activityCsv, teamActivity, teamSummary } from '../services/organizations/views';
import { memberUses, teamUtilization, utilizationCsv } from '../services/organizations/utilization';
import { DAY_MS, utcDayStart } from '../services/shared/db';

/** The activity filter of the query string: a member, and whole UTC days from and to. */
function activityFilter(query: {
  member?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}) {
  return {
    userId: query.member || undefined,
    from: query.from ? utcDayStart(query.from) : undefined,
    to: query.to ? utcDayStart(query.to) + DAY_MS - 1 : undefined,
  };
}

function done(c: Context<AccountEnv>, message: string) {
  return c.json({ message } satisfies MessageResponse, 200);
}

export const teamRoutes = new Hono<AccountEnv>()
  .get('/team', requireSession, async (c) => {
    const { db, now } = c.get('deps');
    const organization = await ownedOrganization(db, c.get('session').userId, true);
    return c.json((await teamSummary(db, organization, now)) satisfies TeamOverview, 200);
  })

  .get('/team/members', requireSession, queryParams(peopleQuerySchema), async (c) => {
    const { db, now } = c.get('deps');
    const organization = await ownedOrganization(db, c.get('session').userId, true);
    const page = await teamPeoplePage(db, organization, c.req.valid('query'), now);
    return c.json(page satisfies TeamPeoplePage, 200);
  })

  .get('/team/members/:userId/devices', requireSession, async (c) => {
    const { db } = c.get('deps');
    const organization = await ownedOrganization(db, c.get('session').userId, true);
    const devices = await teamMemberDevices(db, organization, c.req.param('userId'));
    return c.json({ devices } satisfies TeamMemberDevices, 200);
  })

  .get('/team/member-names', requireSession, async (c) => {
    const organization = await ownedOrganization(c.get('deps').db, c.get('session').userId, true);
    const members = await teamMemberNames(c.get('deps').db, organization);
    return c.json({ members } satisfies TeamMemberNames, 200);
  })

  .get('/team/activity', requireSession, queryParams(activityQuerySchema), async (c) => {
    const { db } = c.get('deps');
    const organization = await ownedOrganization(db, c.get('session').userId, true);
    const rows = await teamActivity(db, organization, activityFilter(c.req.valid('query')));
    return c.json({ activity: rows } satisfies TeamActivityResponse, 200);
  })

  .get('/team/activity.csv', requireSession, queryParams(activityQuerySchema), async (c) => {
    const { db, now } = c.get('deps');
    const organization = await ownedOrganization(db, c.get('session').userId, true);
    const rows = await teamActivity(db, organization, activityFilter(c.req.valid('query')));
    const day = new Date(now).toISOString().slice(0, 10);
    return c.body(activityCsv(rows), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="team-activity-${day}.csv"`,
    });
  })

  .get('/team/utilization', requireSession, queryParams(utilizationQuerySchema), async (c) => {
    const { db, now } = c.get('deps');
    const organization = await ownedOrganization(db, c.get('session').userId, true);
    const view = await teamUtilization(db, organization, now, c.req.valid('query').days);
    return c.json(view satisfies TeamUtilization, 200);
  })

  .get('/team/utilization.csv', requireSession, async (c) => {
    const { db, now } = c.get('deps');
    const organization = await ownedOrganization(db, c.get('session').userId, true);
    const day = new Date(now).toISOString().slice(0, 10);
    return c.body(utilizationCsv(await memberUses(db, organization, now)), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="team-utilization-${day}.csv"`,
    });
  })

  .post('/team/invitations', requireSession, jsonBody(inviteSchema), async (c) => {
    await ownerActions.invite(c.get('deps'), c.get('session').userId, c.req.valid('json').email);
    return done(c, TeamMessages.invited);
  })

  .post('/team/invitations/bulk', requireSession, jsonBody(bulkInviteSchema), async (c) => {
    const { entries } = c.req.valid('json');
    const answer = await ownerActions.inviteMany(c.get('deps'), c.get('session').userId, entries);
    return c.json(answer satisfies BulkInviteResponse, 200);
  })

  .post('/team/invitations/:id/resend', requireSession, async (c) => {
    await ownerActions.resend(c.get('deps'), c.get('session').userId, c.req.param('id'));
    return done(c, TeamMessages.invitationResent);
  })

  .delete('/team/invitations/:id', requireSession, async (c) => {
    await ownerActions.withdraw(c.get('deps'), c.get('session').userId, c.req.param('id'));
    return done(c, TeamMessages.invitationWithdrawn);
  })

  .delete('/team/members/:userId', requireSession, async (c) => {
    const { userId } = c.get('session');
    await ownerActions.remove(c.get('deps'), userId, c.req.param('userId'));
    return done(
      c,
      c.req.param('userId') === userId ? TeamMessages.seatLeft : TeamMessages.memberRemoved,
    );
  })

  // The owner's own seat: taken while one is free, left for a colleague.
  .post('/team/seat', requireSession, async (c) => {
    await ownerActions.takeSeat(c.get('deps'), c.get('session').userId);
    return done(c, TeamMessages.seatTaken);
  })

  .delete('/team/seat', requireSession, async (c) => {
    await ownerActions.leaveSeat(c.get('deps'), c.get('session').userId);
    return done(c, TeamMessages.seatLeft);
  })

  .post('/team/devices/:id/free', requireSession, async (c) => {
    await ownerActions.freeDevice(c.get('deps'), c.get('session').userId, c.req.param('id'));
    return done(c, TeamMessages.deviceFreed);
  })

  .post('/team/transfer', requireSession, jsonBody(transferSchema), async (c) => {
    await ownerActions.transfer(c.get('deps'), c.get('session').userId, c.req.valid('json').userId);
    return done(c, TeamMessages.ownershipTransferred);
  })

  .get('/organization', requireSession, async (c) => {
    const card = await organizationCard(c.get('deps').db, c.get('session').userId);
    return c.json({ organization: card } satisfies OrganizationResponse, 200);
  });
