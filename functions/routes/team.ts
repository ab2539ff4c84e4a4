/**
 * Enterprise teams: the owner's team page (/api/team: its figures; /api/team/members: its table,
 * a page at a time; the feed, the utilization and the owner's actions), the member's Organization card
 * (/api/organization), signed in by cookie (with our Origin on writes) or Bearer.
 */
import type { Context } from 'hono';
import {
  bulkInviteRoute,
  freeTeamDeviceRoute,
  inviteRoute,
  leaveSeatRoute,
  organizationCardRoute,
  removeMemberRoute,
  resendInvitationRoute,
  takeSeatRoute,
  teamActivityCsvRoute,
  teamActivityRoute,
  teamMemberDevicesRoute,
  teamMemberNamesRoute,
  teamOverviewRoute,
  teamPeopleRoute,
  teamUtilizationCsvRoute,
  teamUtilizationRoute,
  transferOwnershipRoute,
  withdrawInvitationRoute,
} from '../../src/contract/api/team-routes';
import { TeamMessages } from '../../src/contract/messages';
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
import { declaredRoutes } from '../lib/openapi';
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

export const teamRoutes = declaredRoutes<AccountEnv>()
  .openapi({ ...teamOverviewRoute, middleware: requireSession }, async (c) => {
    const { db, now } = c.get('deps');
    const organization = await ownedOrganization(db, c.get('session').userId, true);
    return c.json((await teamSummary(db, organization, now)) satisfies TeamOverview, 200);
  })

  .openapi({ ...teamPeopleRoute, middleware: requireSession }, async (c) => {
    const { db, now } = c.get('deps');
    const organization = await ownedOrganization(db, c.get('session').userId, true);
    const page = await teamPeoplePage(db, organization, c.req.valid('query'), now);
    return c.json(page satisfies TeamPeoplePage, 200);
  })

  .openapi({ ...teamMemberDevicesRoute, middleware: requireSession }, async (c) => {
    const { db } = c.get('deps');
    const organization = await ownedOrganization(db, c.get('session').userId, true);
    const devices = await teamMemberDevices(db, organization, c.req.valid('param').userId);
    return c.json({ devices } satisfies TeamMemberDevices, 200);
  })

  .openapi({ ...teamMemberNamesRoute, middleware: requireSession }, async (c) => {
    const organization = await ownedOrganization(c.get('deps').db, c.get('session').userId, true);
    const members = await teamMemberNames(c.get('deps').db, organization);
    return c.json({ members } satisfies TeamMemberNames, 200);
  })

  .openapi({ ...teamActivityRoute, middleware: requireSession }, async (c) => {
    const { db } = c.get('deps');
    const organization = await ownedOrganization(db, c.get('session').userId, true);
    const rows = await teamActivity(db, organization, activityFilter(c.req.valid('query')));
    return c.json({ activity: rows } satisfies TeamActivityResponse, 200);
  })

  .openapi({ ...teamActivityCsvRoute, middleware: requireSession }, async (c) => {
    const { db, now } = c.get('deps');
    const organization = await ownedOrganization(db, c.get('session').userId, true);
    const rows = await teamActivity(db, organization, activityFilter(c.req.valid('query')));
    const day = new Date(now).toISOString().slice(0, 10);
    return c.body(activityCsv(rows), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="team-activity-${day}.csv"`,
    });
  })

  .openapi({ ...teamUtilizationRoute, middleware: requireSession }, async (c) => {
    const { db, now } = c.get('deps');
    const organization = await ownedOrganization(db, c.get('session').userId, true);
    const view = await teamUtilization(db, organization, now, c.req.valid('query').days);
    return c.json(view satisfies TeamUtilization, 200);
  })

  .openapi({ ...teamUtilizationCsvRoute, middleware: requireSession }, async (c) => {
    const { db, now } = c.get('deps');
    const organization = await ownedOrganization(db, c.get('session').userId, true);
    const day = new Date(now).toISOString().slice(0, 10);
    return c.body(utilizationCsv(await memberUses(db, organization, now)), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="team-utilization-${day}.csv"`,
    });
  })

  .openapi({ ...inviteRoute, middleware: requireSession }, async (c) => {
    await ownerActions.invite(c.get('deps'), c.get('session').userId, c.req.valid('json').email);
    return done(c, TeamMessages.invited);
  })

  .openapi({ ...bulkInviteRoute, middleware: requireSession }, async (c) => {
    const { entries } = c.req.valid('json');
    const answer = await ownerActions.inviteMany(c.get('deps'), c.get('session').userId, entries);
    return c.json(answer satisfies BulkInviteResponse, 200);
  })

  .openapi({ ...resendInvitationRoute, middleware: requireSession }, async (c) => {
    await ownerActions.resend(c.get('deps'), c.get('session').userId, c.req.valid('param').id);
    return done(c, TeamMessages.invitationResent);
  })

  .openapi({ ...withdrawInvitationRoute, middleware: requireSession }, async (c) => {
    await ownerActions.withdraw(c.get('deps'), c.get('session').userId, c.req.valid('param').id);
    return done(c, TeamMessages.invitationWithdrawn);
  })

  .openapi({ ...removeMemberRoute, middleware: requireSession }, async (c) => {
    const { userId } = c.get('session');
    await ownerActions.remove(c.get('deps'), userId, c.req.valid('param').userId);
    return done(
      c,
      c.req.valid('param').userId === userId ? TeamMessages.seatLeft : TeamMessages.memberRemoved,
    );
  })

  // The owner's own seat: taken while one is free, left for a colleague.
  .openapi({ ...takeSeatRoute, middleware: requireSession }, async (c) => {
    await ownerActions.takeSeat(c.get('deps'), c.get('session').userId);
    return done(c, TeamMessages.seatTaken);
  })

  .openapi({ ...leaveSeatRoute, middleware: requireSession }, async (c) => {
    await ownerActions.leaveSeat(c.get('deps'), c.get('session').userId);
    return done(c, TeamMessages.seatLeft);
  })

  .openapi({ ...freeTeamDeviceRoute, middleware: requireSession }, async (c) => {
    await ownerActions.freeDevice(c.get('deps'), c.get('session').userId, c.req.valid('param').id);
    return done(c, TeamMessages.deviceFreed);
  })

  .openapi({ ...transferOwnershipRoute, middleware: requireSession }, async (c) => {
    await ownerActions.transfer(c.get('deps'), c.get('session').userId, c.req.valid('json').userId);
    return done(c, TeamMessages.ownershipTransferred);
  })

  .openapi({ ...organizationCardRoute, middleware: requireSession }, async (c) => {
    const card = await organizationCard(c.get('deps').db, c.get('session').userId);
    return c.json({ organization: card } satisfies OrganizationResponse, 200);
  });
