import { describe, expect, it } from 'vitest';
import { parse } from '../../src/contract/shape';
import { tokenFromHash } from '../../src/islands/team/invite-calls';
import { kindLabel, memberLabel } from '../../src/islands/team/feed-format';
import { heldText, seatsFull, seatsText } from '../../src/islands/team/format';
import { activityQuery, noFilter } from '../../src/islands/team/section-calls';
import { benchFixtures, benchInvitationToken } from '../../scripts/bench-fixtures';
import { isGetTeamAnswer } from '../../src/generated/answers/GetTeamAnswer';
import { isListTeamMemberNamesAnswer } from '../../src/generated/answers/ListTeamMemberNamesAnswer';
import { isListTeamPeopleAnswer } from '../../src/generated/answers/ListTeamPeopleAnswer';
import { isPreviewInvitationAnswer } from '../../src/generated/answers/PreviewInvitationAnswer';

const organization = {
  id: 'o1',
  name: 'Acme',
  seats: 2,
  seatsTaken: 1,
  invitationsOpen: 0,
  ownerUserId: 'owner-0001',
  ownerHoldsSeat: false,
  deviceLimit: 3,
  termStart: '2026-01-01T00:00:00.000Z',
  termEnd: '2027-01-01T00:00:00.000Z',
  supportTier: 'priority',
};

describe('the team page texts', () => {
  it('counts seats used of the total and the seats open invitations hold', () => {
    expect(seatsText(1, 2)).toBe('1 of 2 seats used');
    expect(seatsText(0, 1)).toBe('0 of 1 seat used');
    expect(heldText(0)).toBeNull();
    expect(heldText(1)).toBe('1 more held by an open invitation');
    expect(heldText(2)).toBe('2 more held by open invitations');
  });

  it('knows the seats are full when members and open invitations fill them', () => {
    expect(seatsFull(organization)).toBe(false);
    expect(seatsFull({ ...organization, invitationsOpen: 1 })).toBe(true);
  });

  it('names feed events in words and keeps a kind it does not know as written', () => {
    expect(kindLabel('activated')).toBe('Device activated');
    expect(kindLabel('invitation-revoked')).toBe('Invitation withdrawn');
    expect(kindLabel('something-new')).toBe('something-new');
  });

  it("shows a feed row's member by name while on the team, else by the recorded e-mail", () => {
    const members = [{ userId: 'u1', customerName: 'Martha Nolan' }];
    expect(memberLabel({ userId: 'u1', member: 'm@example.com' }, members)).toBe('Martha Nolan');
    expect(memberLabel({ userId: 'u2', member: 'gone@example.com' }, members)).toBe(
      'gone@example.com',
    );
    expect(memberLabel({ userId: null, member: '' }, members)).toBe('—');
  });

  it('puts only the filters that are set in the query of the feed and its CSV', () => {
    expect(activityQuery(noFilter)).toBe('');
    expect(activityQuery({ member: 'u1', from: '2026-01-01', to: '' })).toBe(
      '?member=u1&from=2026-01-01',
    );
  });
});

describe('the invitation link', () => {
  it('reads the token from the fragment and refuses a missing or odd one', () => {
    expect(tokenFromHash('#token=abcDEF123_-xyz')).toBe('abcDEF123_-xyz');
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#token=')).toBeNull();
    expect(tokenFromHash('#token=<script>alert(1)</script>')).toBeNull();
  });
});

describe('the team shapes', () => {
  it('accept the bench fixtures the pages are measured with', () => {
    const { answers } = benchFixtures(Date.UTC(2026, 0, 1));
    expect(() => parse(isGetTeamAnswer, answers['GET /api/team'])).not.toThrow();
    expect(() => parse(isListTeamPeopleAnswer, answers['GET /api/team/members'])).not.toThrow();
    expect(() =>
      parse(isListTeamMemberNamesAnswer, answers['GET /api/team/member-names']),
    ).not.toThrow();
    expect(() =>
      parse(isPreviewInvitationAnswer, answers[`GET /api/invitations/${benchInvitationToken}`]),
    ).not.toThrow();
    expect(isGetTeamAnswer({ organization: { ...organization, seats: '5' } })).toBe(false);
    const page = parse(isListTeamPeopleAnswer, answers['GET /api/team/members']);
    expect(
      isListTeamPeopleAnswer({ ...page, people: [{ ...page.people[0], status: 'gone' }] }),
    ).toBe(false);
  });
});
