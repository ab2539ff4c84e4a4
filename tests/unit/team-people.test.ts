import { describe, expect, it } from 'vitest';
import type { TeamPerson } from '../../src/contract/team';
import {
  firstView,
  personEmail,
  personKey,
  rangeText,
  sortedBy,
  viewOf,
  viewQuery,
} from '../../src/islands/team/people';

describe("the members table's view", () => {
  it('is written as the query of GET /api/team/members, without what the first view has', () => {
    expect(viewQuery(firstView)).toBe('');
    expect(viewQuery({ ...firstView, page: 3, sort: 'lastActive', dir: 'desc' })).toBe(
      '?page=3&sort=lastActive&dir=desc',
    );
    expect(viewQuery({ ...firstView, q: 'ada & co', status: 'idle' })).toBe(
      '?q=ada+%26+co&status=idle',
    );
  });

  it('is read back from the address, anything not understood reading as the first view', () => {
    const view = { page: 4, sort: 'devices', dir: 'desc', q: 'grant', status: 'invited' } as const;
    expect(viewOf(viewQuery(view))).toEqual(view);
    expect(viewOf('')).toEqual(firstView);
    expect(viewOf('?page=0&sort=age&dir=up&status=gone')).toEqual(firstView);
    expect(viewOf('?page=1.5')).toEqual(firstView);
    expect(viewOf('?page=10001')).toEqual(firstView);
    expect(viewOf(`?q=${'x'.repeat(300)}`).q).toHaveLength(200);
  });

  it('turns a column around when its heading is pressed again, from page 1', () => {
    const paged = { ...firstView, page: 5 };
    expect(sortedBy(paged, 'name')).toEqual({ ...firstView, dir: 'desc' });
    expect(sortedBy({ ...paged, dir: 'desc' }, 'name')).toEqual(firstView);
    expect(sortedBy({ ...paged, dir: 'desc' }, 'email')).toEqual({ ...firstView, sort: 'email' });
  });

  it('says which rows a page shows', () => {
    expect(rangeText(1, 50, 50, 262)).toBe('1–50 of 262');
    expect(rangeText(6, 50, 12, 262)).toBe('251–262 of 262');
  });

  it('keys and addresses a row by its member or its invitation', () => {
    const invitation: TeamPerson = {
      status: 'invited',
      member: null,
      invitation: {
        id: 'i1',
        email: 'dana@example.com',
        createdAt: '2026-05-01T00:00:00.000Z',
        expiresAt: '2026-05-08T00:00:00.000Z',
        sentCount: 1,
      },
    };
    const member: TeamPerson = {
      status: 'idle',
      member: {
        userId: 'u1',
        customerName: 'Alma Grant',
        email: 'alma@example.com',
        joinedAt: '2026-01-01T00:00:00.000Z',
        licenseStatus: 'active',
        lastActivityAt: null,
        idle: true,
        devicesInUse: 0,
        source: 'scim',
      },
      invitation: null,
    };
    expect([personKey(invitation), personEmail(invitation)]).toEqual(['i1', 'dana@example.com']);
    expect([personKey(member), personEmail(member)]).toEqual(['u1', 'alma@example.com']);
  });
});
