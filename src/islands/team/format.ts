/** Display rules of the team page: seats, the term and the feed's words. Pure. */
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

const kindLabels: Record<string, string> = {
  activated: 'Device activated',
  deactivated: 'Device deactivated',
  replaced: 'Device replaced',
  renamed: 'Device renamed',
  'signed-in': 'Signed in',
  joined: 'Joined the team',
  invited: 'Invited',
  'invitation-resent': 'Invitation sent again',
  'invitation-revoked': 'Invitation withdrawn',
  removed: 'Removed from the team',
  'seat-taken': 'Took a seat',
  'seat-left': 'Left their seat',
  'device-freed': 'Device freed',
  'ownership-transferred': 'Ownership transferred',
  'term-changed': 'Term changed',
  'seats-changed': 'Seats changed',
  'seats-added': 'Seats added',
  'seats-removed-at-renewal': 'Seats at renewal changed',
};

/** "activated" → "Device activated"; a kind this page does not know reads as written. */
export function kindLabel(kind: string): string {
  return kindLabels[kind] ?? kind;
}

/** The feed's member: their name while they are on the team, else the e-mail it recorded. */
export function memberLabel(
  row: { userId: string | null; member: string },
  members: readonly { userId: string; customerName: string }[],
): string {
  const known = members.find((who) => who.userId === row.userId);
  return known?.customerName || row.member || '—';
}
