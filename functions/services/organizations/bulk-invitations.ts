/**
 * Inviting many addresses at once (the team page's pasted list or CSV): each entry read with the
 * list rules the island counts with (src/contract/address-list.ts), then ONE db.batch in which
 * every new address has its own conditional INSERT, the same seat rule as a single invitation
 * (members plus open invitations below the seats, the term running), followed by its e-mail and
 * its team feed event, both written only when the INSERT was. Inserts run in the order given, so
 * once the seats are gone every later address is `no_seat`, and two bulk calls at once never
 * promise more seats than were bought. Three statements per address, each with fewer than D1's
 * 100 bound parameters; 250 addresses are one batch of 750.
 */
import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { bulkInviteMax, collectAddresses } from '../../../src/contract/address-list';
import { TeamMessages } from '../../../src/contract/messages';
import type { BulkInviteResponse, BulkInviteResult } from '../../../src/contract/team';
import type { OrganizationRow } from '../../db/schema';
import { fail } from '../../lib/errors';
import { deliverSoon, type QueuedMail } from '../core/mail/outbox';
import type { Db, Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { normalizeEmail } from '../shared/emails';
import { newInvitation } from './invitations';
import type { TeamActor } from './membership';
import { seatsHeldSql } from '../core/organizations/seats';

/** Of these identities (normalized addresses), those a member of the team has, and those with an
 * invitation neither accepted nor withdrawn (which the UNIQUE index keeps to one per address). */
async function onTeam(db: Db, organizationId: string, identities: readonly string[]) {
  if (identities.length === 0) return { members: new Set<string>(), invited: new Set<string>() };
  // One bound parameter for the whole list (D1 allows 100 per statement).
  const listed = sql`(select value from json_each(${JSON.stringify(identities)}))`;
  const [memberRows, invitedRows] = await Promise.all([
    db.all<{ identity: string }>(
      sql`select u.email_normalized as identity from organization_members as m
        join users as u on u.id = m.user_id
        where m.organization_id = ${organizationId} and m.removed_at is null
          and u.email_normalized in ${listed}`,
    ),
    db.all<{ identity: string }>(
      sql`select email_normalized as identity from organization_invitations
        where organization_id = ${organizationId} and accepted_at is null and revoked_at is null
          and email_normalized in ${listed}`,
    ),
  ]);
  return {
    members: new Set(memberRows.map((row) => row.identity)),
    invited: new Set(invitedRows.map((row) => row.identity)),
  };
}

/** Seats neither taken by a member nor held by an open invitation. */
async function seatsLeft(db: Db, organizationId: string, now: Millis): Promise<number> {
  const orgId = sql`${organizationId}`;
  const [row] = await db.all<{ left: number }>(
    sql`select o.seats - ${seatsHeldSql(orgId, now)} as left
      from organizations as o where o.id = ${organizationId}`,
  );
  return Math.max(0, Number(row?.left ?? 0));
}

interface Attempt {
  index: number;
  identity: string;
  mail: QueuedMail;
  statements: BatchItem<'sqlite'>[];
}

/** One new address's three statements: the conditional INSERT, its e-mail, its feed event. */
async function attempt(
  deps: Deps,
  organization: OrganizationRow,
  actor: TeamActor,
  email: string,
  identity: string,
): Promise<Omit<Attempt, 'index'>> {
  // An address that became a member or got an invitation since it was looked up is skipped
  // here (no seat taken) and told apart afterwards.
  const { insert, mail, event } = await newInvitation(deps, organization, actor, email, identity, {
    guard: sql`not exists (select 1 from organization_members as m join users as u on u.id = m.user_id
      where m.organization_id = ${organization.id} and m.removed_at is null and u.email_normalized = ${identity})`,
    skipTaken: true,
  });
  return { identity, mail, statements: [insert, mail.insert, event] };
}

/**
 * Invites the entries of a list in their order, as many as the free seats allow; answers what
 * became of each. 400 TOO_MANY_ADDRESSES over `bulkInviteMax` addresses (nothing written), 409
 * NO_SEATS once the term has ended.
 */
export async function inviteMany(
  deps: Deps,
  organization: OrganizationRow,
  actor: TeamActor,
  entries: readonly string[],
): Promise<BulkInviteResponse> {
  const { db, now } = deps;
  const list = collectAddresses(entries, normalizeEmail);
  if (list.entries.length > bulkInviteMax) throw fail('TOO_MANY_ADDRESSES');
  if (organization.termEnd <= now) throw fail('NO_SEATS', { message: TeamMessages.termEnded });

  const identities = list.entries.map(({ email }) =>
    email === null ? null : normalizeEmail(email),
  );
  const known = await onTeam(
    db,
    organization.id,
    identities.filter((identity) => identity !== null),
  );
  const results: BulkInviteResult[] = [];
  const pending: Promise<Attempt>[] = [];
  list.entries.forEach(({ email }, index) => {
    const identity = identities[index] ?? null;
    if (email === null || identity === null) results.push('invalid');
    else if (known.members.has(identity)) results.push('already_member');
    else if (known.invited.has(identity)) results.push('already_invited');
    else {
      // Until its INSERT is written.
      results.push('no_seat');
      pending.push(
        attempt(deps, organization, actor, email, identity).then((made) => ({ ...made, index })),
      );
    }
  });

  const attempts = await Promise.all(pending);
  const invited: QueuedMail[] = [];
  const [first, ...rest] = attempts.flatMap((one) => one.statements);
  if (first) {
    const answers = await db.batch([first, ...rest]);
    const missed: Attempt[] = [];
    attempts.forEach((one, n) => {
      const rows = answers[n * 3] as unknown[];
      if (rows.length > 0) {
        results[one.index] = 'invited';
        invited.push(one.mail);
      } else missed.push(one);
    });
    // Not written: a member or an invitation that came in between, else no seat was left.
    const since = await onTeam(
      db,
      organization.id,
      missed.map((one) => one.identity),
    );
    for (const one of missed) {
      if (since.members.has(one.identity)) results[one.index] = 'already_member';
      else if (since.invited.has(one.identity)) results[one.index] = 'already_invited';
    }
  }
  await deliverSoon(deps, ...invited);

  return {
    results: list.entries.map(({ input, email }, index) => ({
      address: email ?? input,
      result: results[index] ?? 'invalid',
    })),
    duplicates: list.duplicates,
    seatsLeft: await seatsLeft(db, organization.id, now),
  };
}
