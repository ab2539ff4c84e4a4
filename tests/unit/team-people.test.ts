import { describe, expect, it } from 'vitest';
import type { TeamOverview } from '../../src/contract/team';
import {
  filterPeople,
  pageOf,
  sortPeople,
  statusCounts,
  teamPeople,
} from '../../src/islands/team/people';

const member = (n: number, name: string, extra: Partial<TeamOverview['members'][number]> = {}) => ({
  userId: `u${n}`,
  customerName: name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
  joinedAt: `2026-0${n}-01T00:00:00.000Z`,
  licenseStatus: 'active',
  lastSeenAt: null,
  lastActivityAt: null,
  idle: false,
  devices: [],
  ...extra,
});

const overview: TeamOverview = {
  organization: {
    id: 'o1',
    name: 'Acme',
    seats: 10,
    seatsTaken: 3,
    invitationsOpen: 1,
    deviceLimit: 2,
    termStart: '2026-01-01T00:00:00.000Z',
    termEnd: '2027-01-01T00:00:00.000Z',
    supportTier: 'standard',
  },
  members: [
    member(1, 'Carla Stone', { lastActivityAt: '2026-05-02T00:00:00.000Z' }),
    member(2, 'alma Grant', { idle: true }),
    member(3, 'Bruno Keller', {
      lastActivityAt: '2026-05-09T00:00:00.000Z',
      devices: [
        {
          id: 'd1',
          deviceName: 'WS-1',
          activatedAt: '2026-03-01T00:00:00.000Z',
          lastSeenAt: '2026-05-09T00:00:00.000Z',
        },
      ],
    }),
  ],
  invitations: [
    {
      id: 'i1',
      email: 'dana@example.com',
      createdAt: '2026-05-01T00:00:00.000Z',
      expiresAt: '2026-05-08T00:00:00.000Z',
      sentCount: 1,
    },
  ],
};

const people = teamPeople(overview);
const names = (list: typeof people) => list.map((person) => person.name ?? person.email);

describe('the team table', () => {
  it('lists members and open invitations with a status each, and counts them', () => {
    expect(people.map((person) => person.status)).toEqual(['active', 'idle', 'active', 'invited']);
    expect(statusCounts(people)).toEqual({ all: 4, active: 2, idle: 1, invited: 1 });
  });

  it('finds people by name or e-mail in any case, within a status', () => {
    expect(names(filterPeople(people, '  GRANT ', 'all'))).toEqual(['alma Grant']);
    expect(names(filterPeople(people, 'dana@', 'all'))).toEqual(['dana@example.com']);
    expect(names(filterPeople(people, 'example', 'active'))).toEqual([
      'Carla Stone',
      'Bruno Keller',
    ]);
    expect(filterPeople(people, 'nobody', 'all')).toEqual([]);
  });

  it('sorts either way by a column, people without a value last', () => {
    expect(names(sortPeople(people, { key: 'name', direction: 'ascending' }))).toEqual([
      'alma Grant',
      'Bruno Keller',
      'Carla Stone',
      'dana@example.com',
    ]);
    expect(names(sortPeople(people, { key: 'lastActive', direction: 'descending' }))).toEqual([
      'Bruno Keller',
      'Carla Stone',
      'alma Grant',
      'dana@example.com',
    ]);
    expect(names(sortPeople(people, { key: 'devices', direction: 'descending' }))[0]).toBe(
      'Bruno Keller',
    );
    expect(names(sortPeople(people, { key: 'status', direction: 'descending' }))[0]).toBe(
      'dana@example.com',
    );
  });

  it('pages 25 at a time and keeps the page within the pages there are', () => {
    const rows = Array.from({ length: 60 }, (_, i) => i);
    expect(pageOf(rows, 1)).toMatchObject({ page: 1, pages: 3, first: 1 });
    expect(pageOf(rows, 3).rows).toEqual(rows.slice(50));
    expect(pageOf(rows, 9)).toMatchObject({ page: 3, first: 51 });
    expect(pageOf([], 2)).toMatchObject({ page: 1, pages: 1, rows: [] });
  });
});
