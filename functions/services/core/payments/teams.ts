/**
 * Standard bought for 2 or more seats: a team. The buyer owns an organization of kind `team`
 * whose seats are the subscription's quantity, whose devices per seat are Standard's, and whose
 * term is the subscription's period; the buyer takes its first seat with the license they hold
 * (same key, same devices). Members hold Standard licenses that the subscription pays for: they
 * renew, lapse and get suspended with it (billing/lifecycle.ts reads `licensesPaidBy`).
 * Billing creates teams (a paid checkout, seats added to a personal license); the organization's
 * own rules (invitations, joining, the team page) live in services/organizations/.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { plans, seats as seatRules } from '../../../../src/site.config';
import { organizationMembers, organizations, type SubscriptionRow } from '../../../db/schema';
import type { Db, Millis } from '../../shared/db';
import { teamEvent } from '../team-feed';

/** True when `quantity` seats make a team rather than a personal license. */
export const makesTeam = (quantity: number): boolean =>
  quantity >= seatRules.standardSeats.teamMinimum;

/** True while the account is a member of an organization (it can be in one at a time). */
export async function isOrganizationMember(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, userId), isNull(organizationMembers.removedAt)))
    .limit(1);
  return row !== undefined;
}

/** The name a new team gets: the buyer's company, else "{name}'s team". */
export function teamName(buyer: {
  customerName: string;
  company?: string | null | undefined;
}): string {
  const company = buyer.company?.trim();
  return company ? company.slice(0, 120) : `${buyer.customerName}'s team`.slice(0, 120);
}

/**
 * The statements that make a team of a subscription: the organization, the owner in its first
 * seat holding `licenseId`, and the first event of its feed. The organization's UNIQUE
 * subscription id makes a second attempt (webhook and polling at once) fail its batch as a whole.
 * `when` conditions every statement (e.g. the subscription row written in the same batch).
 */
export function newTeamStatements(
  db: Db,
  team: {
    ownerUserId: string;
    name: string;
    licenseId: string;
    stripeSubscriptionId: string;
    seats: number;
    termStart: Millis;
    termEnd: Millis;
    now: Millis;
  },
  when: SQL = sql`1 = 1`,
) {
  const organizationId = crypto.randomUUID();
  const { now } = team;
  return {
    organizationId,
    statements: [
      // Values in the table's column order (schema.ts).
      db
        .insert(organizations)
        .select(
          sql`select ${organizationId}, ${team.name}, ${team.ownerUserId}, ${team.seats}, ${plans.standard.deviceLimit ?? 2}, ${team.termStart}, ${team.termEnd}, 'standard', null, null, ${now}, ${now}, null, 'team', ${team.stripeSubscriptionId} where ${when}`,
        ),
      // The name, e-mail, devices in use and last activity are the triggers' to fill.
      db.insert(organizationMembers).select(
        sql`select ${crypto.randomUUID()}, ${organizationId}, ${team.ownerUserId}, ${team.licenseId}, ${now}, null, '', '', 0, null, 'owner'
            where exists (select 1 from organizations where id = ${organizationId})`,
      ),
      teamEvent(
        db,
        {
          organizationId,
          userId: null,
          actorUserId: team.ownerUserId,
          kind: 'seats-added',
          detail: `Bought ${String(team.seats)} seats`,
          now,
        },
        sql`exists (select 1 from organizations where id = ${organizationId})`,
      ),
    ],
  };
}

/**
 * SQL over `licenses`: the Standard licenses subscription `sub` pays for, still in force — its
 * buyer's own, and those of the members of the team it pays for.
 */
export function licensesPaidBy(sub: Pick<SubscriptionRow, 'userId' | 'stripeSubscriptionId'>) {
  return sql`(licenses.plan = 'Standard' and licenses.status != 'revoked' and (licenses.user_id = ${sub.userId}
    or licenses.id in (select m.license_id from organization_members as m
      join organizations as o on o.id = m.organization_id
      where o.stripe_subscription_id = ${sub.stripeSubscriptionId} and m.removed_at is null)))`;
}

/**
 * SQL: the license `licenseId` names is a team member's whose team's subscription still pays
 * (`active`, or `past_due` while the provider retries): the other side of `licensesPaidBy`.
 */
export function paidByLiveTeamSql(licenseId: SQL) {
  return sql`exists (select 1 from organization_members as m
    join organizations as o on o.id = m.organization_id
    join subscriptions as s on s.stripe_subscription_id = o.stripe_subscription_id
    where m.license_id = ${licenseId} and m.removed_at is null
      and s.status in ('active', 'past_due'))`;
}

/** The team a subscription pays for moves its term end with the subscription's period. */
export function teamTermStatement(
  db: Db,
  stripeSubscriptionId: string,
  termEnd: Millis,
  now: Millis,
  when: SQL = sql`1 = 1`,
) {
  return db
    .update(organizations)
    .set({ termEnd, updatedAt: now })
    .where(
      sql`${organizations.stripeSubscriptionId} = ${stripeSubscriptionId} and ${organizations.termEnd} < ${termEnd} and ${when}`,
    );
}
