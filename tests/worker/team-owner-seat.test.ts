/**
 * The owner's own seat: an owner who does not use the plugin leaves it for a colleague (license
 * revoked, seat freed, the team and its billing still theirs) and takes one again while a seat is
 * free (a new license of the team's plan until the term's end). Taking a seat never exceeds the
 * seats, nor makes ownership a self-transfer.
 */
import { describe, expect, it } from 'vitest';
import { TeamMessages } from '../../src/contract/messages';
import { queryAll, signUpTrial, uniqueEmail, type SignedInAccount } from './account-helpers';
import { operator } from './admin-helpers';
import { billingWorld, deliver, payLocal, type BillingWorld } from './billing-helpers';
import type { StandardCheckoutResponse } from '../../src/contract/payments';
import { organization, ownerPost } from './organizations-helpers';

async function teamBought(world: BillingWorld, seats: number) {
  const account = await signUpTrial(world.app);
  const opened = await ownerPost(world.app, account, '/api/billing/checkout', { seats });
  expect(opened.status, await opened.clone().text()).toBe(200);
  const { sessionId } = await opened.json<StandardCheckoutResponse>();
  const paid = await payLocal(world, sessionId);
  for (const event of [paid.completed, paid.invoicePaid]) {
    const response = await deliver(world.app, event.payload, event.signature);
    expect(response.status, await response.clone().text()).toBe(200);
  }
  return account;
}

async function seatsOf(email: string) {
  return queryAll<{ user_id: string; status: string; plan: string; key: string; expires: number }>(
    `SELECT m.user_id, l.status, l.plan, l.license_key AS key, l.expires_at AS expires
       FROM organization_members m JOIN licenses l ON l.id = m.license_id
       JOIN organizations o ON o.id = m.organization_id JOIN users u ON u.id = o.owner_user_id
      WHERE u.email = ? AND m.removed_at IS NULL`,
    email,
  );
}

async function feedKinds(email: string) {
  const rows = await queryAll<{ kind: string }>(
    `SELECT e.kind FROM organization_events e JOIN organizations o ON o.id = e.organization_id
       JOIN users u ON u.id = o.owner_user_id WHERE u.email = ? ORDER BY e.created_at, e.rowid`,
    email,
  );
  return rows.map((row) => row.kind);
}

const leave = (world: BillingWorld, owner: SignedInAccount) =>
  world.app.request('/api/team/seat', { method: 'DELETE', headers: owner.browser });
const take = (world: BillingWorld, owner: SignedInAccount) =>
  ownerPost(world.app, owner, '/api/team/seat');

describe("the owner's own seat", () => {
  it('leaves the seat (license revoked, seat freed) and takes one again with a new license', async () => {
    const world = billingWorld();
    const owner = await teamBought(world, 3);
    const email = owner.form.email;
    const [first] = await seatsOf(email);
    expect(first).toMatchObject({ user_id: owner.auth.user.userId, plan: 'Standard' });

    const left = await leave(world, owner);
    expect(left.status, await left.clone().text()).toBe(200);
    expect((await left.json<{ message: string }>()).message).toBe(TeamMessages.seatLeft);
    expect(await seatsOf(email)).toEqual([]);
    const [revoked] = await queryAll<{ status: string }>(
      'SELECT status FROM licenses WHERE license_key = ?',
      first?.key,
    );
    expect(revoked?.status).toBe('revoked');
    // Still the owner: the team page answers.
    const page = await world.app.request('/api/team', { headers: owner.browser });
    expect(page.status).toBe(200);

    const taken = await take(world, owner);
    expect(taken.status, await taken.clone().text()).toBe(200);
    expect((await taken.json<{ message: string }>()).message).toBe(TeamMessages.seatTaken);
    const [again] = await seatsOf(email);
    expect(again).toMatchObject({
      user_id: owner.auth.user.userId,
      plan: 'Standard',
      status: 'active',
    });
    expect(again?.key).not.toBe(first?.key);
    expect(again?.expires).toBe(first?.expires);

    const twice = await take(world, owner);
    expect(twice.status).toBe(409);
    expect((await twice.json<{ message: string }>()).message).toBe(TeamMessages.ownSeatHeld);
    expect(await seatsOf(email)).toHaveLength(1);
    expect(await feedKinds(email)).toEqual(expect.arrayContaining(['seat-left', 'seat-taken']));
    expect((await feedKinds(email)).filter((kind) => kind === 'seat-taken')).toHaveLength(1);
  });

  it('takes no seat that members or open invitations hold, and never transfers to itself', async () => {
    const world = billingWorld();
    const owner = await teamBought(world, 2);
    expect((await leave(world, owner)).status).toBe(200);
    for (const address of [uniqueEmail('firm.example', 'a'), uniqueEmail('firm.example', 'b')]) {
      const invited = await ownerPost(world.app, owner, '/api/team/invitations', {
        email: address,
      });
      expect(invited.status, await invited.clone().text()).toBe(200);
    }
    const full = await take(world, owner);
    expect(full.status).toBe(409);
    expect((await full.json<{ code: string }>()).code).toBe('NO_SEATS');
    expect(await seatsOf(owner.form.email)).toEqual([]);

    const self = await ownerPost(world.app, owner, '/api/team/transfer', {
      userId: owner.auth.user.userId,
    });
    expect(self.status).toBe(409);
    expect((await self.json<{ message: string }>()).message).toBe(TeamMessages.transferToSelf);
  });

  it("gives an Enterprise owner who takes a seat the organization's Enterprise license", async () => {
    const world = billingWorld();
    const admin = await operator(world.app);
    const { owner } = await organization(world.app, admin, { seats: 2 });
    const taken = await take(world, owner);
    expect(taken.status, await taken.clone().text()).toBe(200);
    const [seat] = await seatsOf(owner.form.email);
    expect(seat).toMatchObject({
      user_id: owner.auth.user.userId,
      plan: 'Enterprise',
      status: 'active',
    });
    // Only the owner acts on the team: a member cannot take a second seat this way.
    const stranger = await signUpTrial(world.app);
    const refused = await take(world, stranger);
    expect(refused.status).toBe(403);
  });
});
