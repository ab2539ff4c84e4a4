/** Display rules of the team page: seats and the term (the feed's words: feed-format.ts). Pure. */
import type { TeamOverview } from '../../contract/team';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "1 of 2 seats used". */
export function seatsText(seatsTaken: number, seats: number): string {
  return `${seatsTaken} of ${plural(seats, 'seat', 'seats')} used`;
}

/** "1 more held by an open invitation", or null without open invitations. */
export function heldText(invitationsOpen: number): string | null {
  if (invitationsOpen === 0) return null;
  return `${invitationsOpen} more held by ${invitationsOpen === 1 ? 'an open invitation' : 'open invitations'}`;
}

/** True when a new invitation would be refused for lack of seats (409 NO_SEATS). */
export function seatsFull(organization: TeamOverview['organization']): boolean {
  return organization.seatsTaken + organization.invitationsOpen >= organization.seats;
}

/** "3 devices per seat". */
export function deviceLimitText(limit: number): string {
  return `${plural(limit, 'device', 'devices')} per seat`;
}

/** "2 devices". */
export function devicesText(n: number): string {
  return plural(n, 'device', 'devices');
}
