import { describe, expect, it } from 'vitest';
import { TeamMessages } from '../../src/contract/messages';
import type { BulkInviteResponse } from '../../src/contract/team';
import { bulkInviteMax } from '../../src/contract/address-list';
import {
  accountApp,
  queryAll,
  signUpTrial,
  uniqueEmail,
  type AccountApp,
  type SignedInAccount,
} from './account-helpers';
import { operator } from './admin-helpers';
import { invite, organization, ownerPost, signUpByLink } from './organizations-helpers';

const BULK = '/api/team/invitations/bulk';

async function bulk(app: AccountApp, owner: SignedInAccount, entries: string[]) {
  const response = await ownerPost(app, owner, BULK, { entries });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<BulkInviteResponse>();
}

/** Rows written for the organization: invitations, their e-mails, their feed events. */
async function written(organizationId: string) {
  const [row] = await queryAll<{ invitations: number; events: number }>(
    `select (select count(*) from organization_invitations where organization_id = ?1) as invitations,
      (select count(*) from organization_events where organization_id = ?1 and kind = 'invited') as events`,
    organizationId,
  );
  return row!;
}

async function invitationMailsTo(addresses: readonly string[]): Promise<number> {
  const [row] = await queryAll<{ n: number }>(
    `select count(*) as n from outbox where tag = 'team-invitation'
      and to_email in (select value from json_each(?))`,
    JSON.stringify(addresses),
  );
  return row?.n ?? 0;
}

const count = (answer: BulkInviteResponse, result: string) =>
  answer.results.filter((row) => row.result === result).length;

describe('bulk invitations (POST /api/team/invitations/bulk)', () => {
  it(`invites ${bulkInviteMax} pasted entries in their order, as far as the seats go, and says what became of each`, async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { id, owner } = await organization(app, admin, { seats: 100 });
    // 3 members and 4 open invitations: 93 seats left.
    const members: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const email = uniqueEmail('firm.example', 'member');
      const joined = await signUpByLink(app, await invite(app, owner, email));
      expect(joined.status).toBe(200);
      members.push(email);
    }
    const invited = Array.from({ length: 4 }, () => uniqueEmail('firm.example', 'invited'));
    for (const email of invited) await invite(app, owner, email);
    const before = await written(id);

    const invalid = ['Ann Lee', 'not-an-address', 'bob@', '@firm.example', 'carl@firm'];
    const fresh = Array.from({ length: 238 }, (_, i) =>
      i % 3 === 0
        ? `Person ${i} <new.${i}.${crypto.randomUUID().slice(0, 6)}@firm.example>`
        : `new.${i}.${crypto.randomUUID().slice(0, 6)}@firm.example`,
    );
    // Members and invitees written as their mail programs copy them; one duplicate on top.
    const entries = [
      `"Member, One" <${members[0]!.toUpperCase()}>`,
      ...fresh.slice(0, 50),
      ...invalid,
      members[1]!,
      ...invited.map((email) => `Invitee <${email}>`),
      ...fresh.slice(50),
      members[2]!,
      fresh[1]!.toUpperCase(),
    ];
    expect(entries).toHaveLength(bulkInviteMax + 1);

    const answer = await bulk(app, owner, entries);
    expect(answer.results).toHaveLength(bulkInviteMax);
    expect(answer.duplicates).toEqual([fresh[1]]);
    expect(count(answer, 'invited')).toBe(93);
    expect(count(answer, 'already_member')).toBe(3);
    expect(count(answer, 'already_invited')).toBe(4);
    expect(count(answer, 'invalid')).toBe(5);
    expect(count(answer, 'no_seat')).toBe(238 - 93);
    expect(answer.seatsLeft).toBe(0);

    // In paste order: the first 93 new addresses got the seats, every later one none.
    const newRows = answer.results.filter(
      (row) => row.result === 'invited' || row.result === 'no_seat',
    );
    expect(newRows.slice(0, 93).every((row) => row.result === 'invited')).toBe(true);
    expect(newRows.slice(93).every((row) => row.result === 'no_seat')).toBe(true);
    expect(answer.results[0]).toEqual({ address: members[0], result: 'already_member' });
    expect(answer.results[1]?.address).toMatch(/^new\.0\.\w+@firm\.example$/);
    expect(answer.results.find((row) => row.address === 'Ann Lee')?.result).toBe('invalid');

    // One invitation, one e-mail and one feed event per address invited; nothing for the rest.
    const invitedAddresses = answer.results
      .filter((row) => row.result === 'invited')
      .map((row) => row.address);
    const after = await written(id);
    expect(after.invitations - before.invitations).toBe(93);
    expect(after.events - before.events).toBe(93);
    expect(await invitationMailsTo(invitedAddresses)).toBe(93);
    const noSeat = answer.results
      .filter((row) => row.result === 'no_seat')
      .map((row) => row.address);
    expect(await invitationMailsTo(noSeat)).toBe(0);
    expect(app.mail.filter((mail) => mail.tag === 'team-invitation')).toHaveLength(93 + 3 + 4);

    const team = await (
      await app.request('/api/team', { headers: owner.browser })
    ).json<{
      organization: { seatsTaken: number; invitationsOpen: number };
    }>();
    expect(team.organization).toMatchObject({ seatsTaken: 3, invitationsOpen: 4 + 93 });
  });

  it(`refuses more than ${bulkInviteMax} addresses whole, writing nothing`, async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { id, owner } = await organization(app, admin, { seats: 1000 });
    const entries = Array.from({ length: bulkInviteMax + 1 }, () => uniqueEmail('firm.example'));
    const mailsBefore = app.mail.length;

    const response = await ownerPost(app, owner, BULK, { entries });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'TOO_MANY_ADDRESSES',
      message: TeamMessages.tooManyAddresses,
    });
    expect(await written(id)).toEqual({ invitations: 0, events: 0 });
    expect(await invitationMailsTo(entries)).toBe(0);
    expect(app.mail.length).toBe(mailsBefore);

    // The same list without its last address: one batch of 250 INSERTs, 250 e-mails, 250 events.
    const answer = await bulk(app, owner, entries.slice(0, bulkInviteMax));
    expect(count(answer, 'invited')).toBe(bulkInviteMax);
    expect(await written(id)).toEqual({ invitations: bulkInviteMax, events: bulkInviteMax });
    expect(await invitationMailsTo(entries)).toBe(bulkInviteMax);
    expect(answer.seatsLeft).toBe(1000 - bulkInviteMax);
  });

  it('reads names and repeats the same way as the team page, and answers a single address too', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { owner } = await organization(app, admin, { seats: 5 });
    const ann = uniqueEmail('firm.example', 'ann');
    const answer = await bulk(app, owner, [
      `"Lee, Ann" <${ann}>`,
      ann.toUpperCase(),
      `Ann <${ann}>`,
      'Ole Hansen',
    ]);
    expect(answer).toEqual({
      results: [
        { address: ann, result: 'invited' },
        { address: 'Ole Hansen', result: 'invalid' },
      ],
      duplicates: [ann.toUpperCase().toLowerCase()],
      seatsLeft: 4,
    });
    expect(await invitationMailsTo([ann])).toBe(1);

    const again = await bulk(app, owner, [ann]);
    expect(again.results).toEqual([{ address: ann, result: 'already_invited' }]);
    expect(await invitationMailsTo([ann])).toBe(1);
  });

  it('never promises more seats than bought when two bulk calls run at once', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { id, owner } = await organization(app, admin, { seats: 10 });
    const first = Array.from({ length: 8 }, () => uniqueEmail('firm.example', 'a'));
    const second = Array.from({ length: 8 }, () => uniqueEmail('firm.example', 'b'));
    // One address in both lists: invited once.
    second[7] = first[0]!;

    const answers = await Promise.all([bulk(app, owner, first), bulk(app, owner, second)]);
    const invitedCount = answers.reduce((sum, answer) => sum + count(answer, 'invited'), 0);
    expect(invitedCount).toBe(10);
    expect((await written(id)).invitations).toBe(10);
    expect(await invitationMailsTo([...first, ...second])).toBe(10);
    const shared = answers.map(
      (answer) => answer.results.find((row) => row.address === first[0])?.result,
    );
    expect(shared.filter((result) => result === 'invited')).toHaveLength(1);
    const [open] = await queryAll<{ n: number }>(
      `select count(*) as n from organization_invitations where organization_id = ? and accepted_at is null and revoked_at is null`,
      id,
    );
    expect(open?.n).toBe(10);
  });

  it("is the owner's alone: another account gets 403, and so does a cross-site request", async () => {
    const app = accountApp();
    const admin = await operator(app);
    const { id, owner } = await organization(app, admin, { seats: 5 });
    const stranger = await signUpTrial(app);
    const entries = [uniqueEmail('firm.example')];

    const refused = await ownerPost(app, stranger, BULK, { entries });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: TeamMessages.notOwner,
    });

    const crossSite = await app.request(BULK, {
      method: 'POST',
      json: { entries },
      headers: { Cookie: owner.cookie, Origin: 'https://elsewhere.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await written(id)).toEqual({ invitations: 0, events: 0 });

    const empty = await ownerPost(app, owner, BULK, { entries: [] });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: TeamMessages.noAddresses });
  });
});
