/**
 * The team table's rows (members and open invitations together) and what the owner does to them:
 * search, the status filter, sorting and paging. Pure: the table (MembersSection) renders it.
 */
import type { TeamInvitation, TeamMember, TeamOverview } from '../../contract/team';
import type { TableSort } from '../shared/DataTable';

/** In the order the Status column sorts them. */
export type PersonStatus = 'active' | 'idle' | 'invited';
export type StatusFilter = 'all' | PersonStatus;

/** A row: its fields are the sort keys of the table's columns. */
export interface Person {
  key: string;
  /** Null for an invitation: nobody has joined yet. */
  name: string | null;
  email: string;
  status: PersonStatus;
  /** ISO 8601; null without activity and for invitations. */
  lastActive: string | null;
  /** Devices in use; null for invitations. */
  devices: number | null;
  /** Joined, or invited (ISO 8601). */
  since: string;
  member?: TeamMember;
  invitation?: TeamInvitation;
}

export const PAGE_SIZE = 25;

/** Members, then open invitations, as one list of people. */
export function teamPeople({ members, invitations }: TeamOverview): Person[] {
  return [
    ...members.map((member) => ({
      key: member.userId,
      name: member.customerName,
      email: member.email,
      status: member.idle ? ('idle' as const) : ('active' as const),
      lastActive: member.lastActivityAt,
      devices: member.devices.length,
      since: member.joinedAt,
      member,
    })),
    ...invitations.map((invitation) => ({
      key: invitation.id,
      name: null,
      email: invitation.email,
      status: 'invited' as const,
      lastActive: null,
      devices: null,
      since: invitation.createdAt,
      invitation,
    })),
  ];
}

/** How many people each status filter shows. */
export function statusCounts(people: readonly Person[]): Record<StatusFilter, number> {
  const counts = { all: people.length, active: 0, idle: 0, invited: 0 };
  for (const person of people) counts[person.status] += 1;
  return counts;
}

/** The people of `status` whose name or e-mail holds `query` (any case; blank matches all). */
export function filterPeople(people: readonly Person[], query: string, status: StatusFilter) {
  const words = query.trim().toLowerCase();
  return people.filter(
    (person) =>
      (status === 'all' || person.status === status) &&
      `${person.name ?? ''}\n${person.email}`.toLowerCase().includes(words),
  );
}

/** Sorted by `sort` (ties by e-mail); people without a value (never active, …) come last. */
export function sortPeople(people: readonly Person[], { key, direction }: TableSort): Person[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const value = (person: Person) => person[key as keyof Person] as string | number | null;
  return [...people].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === y) return a.email.localeCompare(b.email);
    if (x === null) return 1;
    if (y === null) return -1;
    return (
      sign *
      (typeof x === 'number' ? x - Number(y) : x.localeCompare(String(y), 'en', { numeric: true }))
    );
  });
}

/** Page `page` (from 1; kept within the pages there are) of `rows`. */
export function pageOf<Row>(rows: readonly Row[], page: number) {
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const start = (current - 1) * PAGE_SIZE;
  return { rows: rows.slice(start, start + PAGE_SIZE), page: current, pages, first: start + 1 };
}
