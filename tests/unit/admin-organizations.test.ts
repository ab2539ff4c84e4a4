import { describe, expect, it } from 'vitest';
import type { ContactMessageView } from '../../src/contract/admin';
import type { AdminOrganization } from '../../src/contract/admin-organizations';
import type { TeamMember } from '../../src/contract/team';
import { createOrganizationHref } from '../../src/islands/admin/format';
import {
  agreementChanges,
  agreementInput,
  organizationActionText,
  teamActionBody,
} from '../../src/islands/admin/organization-actions';
import { createBody, prefilledCreate } from '../../src/islands/admin/organization-form';

const organization: AdminOrganization = {
  id: 'org-1',
  name: 'Keller Bridge Design',
  ownerUserId: 'user-owner',
  ownerName: 'Hanna Keller',
  ownerEmail: 'hanna@keller.example',
  seats: 5,
  seatsTaken: 2,
  invitationsOpen: 1,
  deviceLimit: 3,
  termStart: '2026-01-01T00:00:00.000Z',
  termEnd: '2027-01-01T00:00:00.000Z',
  supportTier: 'priority',
  agreementRef: 'PO-118',
  notes: null,
  createdAt: '2026-01-01T09:00:00.000Z',
  updatedAt: '2026-01-01T09:00:00.000Z',
};

const member: TeamMember = {
  userId: 'user-jonas',
  customerName: 'Jonas Weber',
  email: 'jonas@keller.example',
  joinedAt: '2026-02-01T00:00:00.000Z',
  licenseStatus: 'active',
  lastSeenAt: null,
  lastActivityAt: null,
  idle: false,
  devices: [],
};

describe('the agreement edit', () => {
  it('sends only what the operator changed', () => {
    const input = agreementInput(organization);
    expect(input).toMatchObject({
      seats: '5',
      termEnd: '2027-01-01',
      agreementRef: 'PO-118',
      notes: '',
    });
    expect(agreementChanges(organization, input)).toEqual({});
    expect(
      agreementChanges(organization, {
        ...input,
        seats: ' 7 ',
        termEnd: '2028-01-01',
        notes: '  Renewal call in October ',
      }),
    ).toEqual({ seats: 7, termEnd: '2028-01-01', notes: 'Renewal call in October' });
    // Cleared text is sent as null; a count that is not a number goes as typed for the server.
    expect(
      agreementChanges(organization, { ...input, agreementRef: ' ', deviceLimit: 'three' }),
    ).toEqual({ agreementRef: null, deviceLimit: 'three' });
  });
});

describe('the team actions an operator takes', () => {
  it('sends the id each action acts on, and the reason', () => {
    expect(teamActionBody({ action: 'team-invite' }, 'Asked by phone', ' a@b.example ')).toEqual({
      action: 'team-invite',
      reason: 'Asked by phone',
      email: 'a@b.example',
    });
    expect(teamActionBody({ action: 'team-remove-member', member }, 'Left', '')).toEqual({
      action: 'team-remove-member',
      reason: 'Left',
      userId: 'user-jonas',
    });
    const device = {
      id: 'dev-1',
      deviceName: 'WEBER-LAPTOP',
      activatedAt: '2026-02-02T00:00:00.000Z',
      lastSeenAt: '2026-02-03T00:00:00.000Z',
    };
    expect(teamActionBody({ action: 'team-free-device', member, device }, 'Stolen', '')).toEqual({
      action: 'team-free-device',
      reason: 'Stolen',
      deviceRowId: 'dev-1',
    });
  });

  it('says what each does before it is confirmed; destructive ones are red', () => {
    const remove = organizationActionText({ action: 'team-remove-member', member }, organization);
    expect(remove).toMatchObject({ title: 'Remove Jonas Weber?', tone: 'danger' });
    expect(remove.explain).toContain('REVOKED');
    const transfer = organizationActionText(
      { action: 'team-transfer-ownership', member },
      organization,
    );
    expect(transfer.explain).toContain('Hanna Keller (hanna@keller.example) no longer can');
    expect(organizationActionText({ action: 'edit' }, organization).tone).toBe('primary');
  });
});

describe('the new organization form', () => {
  it('starts with a year from today, or with what the inbox link carries', () => {
    const today = new Date('2026-11-24T15:00:00Z');
    expect(prefilledCreate(new URLSearchParams(), today)).toMatchObject({
      ownerEmail: '',
      termStart: '2026-11-24',
      termEnd: '2027-11-24',
      supportTier: 'standard',
    });
    const message: ContactMessageView = {
      id: 'msg-1',
      name: 'Hanna Keller',
      email: 'hanna@keller.example',
      message: 'Enterprise for 5 engineers, please.',
      createdAt: '2026-11-20T10:00:00.000Z',
      status: 'new',
      handledAt: null,
      handledBy: null,
      handledNote: null,
      userId: null,
      replies: [],
    };
    const href = createOrganizationHref(message);
    const params = new URL(href, 'https://console.example').searchParams;
    const draft = prefilledCreate(params, today);
    expect(draft.ownerEmail).toBe('hanna@keller.example');
    expect(draft.notes).toContain('Hanna Keller');
    expect(draft.notes).toContain('Enterprise for 5 engineers, please.');
  });

  it('sends counts as numbers and empty text as null', () => {
    const draft = {
      ...prefilledCreate(new URLSearchParams(), new Date('2026-11-24')),
      name: ' A ',
    };
    expect(createBody({ ...draft, seats: '12', agreementRef: '  ' }, 'Signed')).toMatchObject({
      name: 'A',
      seats: 12,
      deviceLimit: 2,
      agreementRef: null,
      notes: null,
      reason: 'Signed',
    });
  });
});
