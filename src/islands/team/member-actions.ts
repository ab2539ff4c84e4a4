/**
 * The confirmations of the team table's row actions (free a device, remove, make owner; send an
 * invitation again, withdraw it): what each one does, in words, and its call. Loaded on the
 * first press of a row's button, not with the page.
 */
import type { TeamDevice, TeamInvitation, TeamMember } from '../../contract/team';

/** Who an action is about: a member as the table or the console shows them. */
type Who = Pick<TeamMember, 'userId' | 'customerName' | 'email'>;
import { site } from '../../site.config';
import type { teamAction } from './team-calls';
import type { PendingAction } from './TeamConfirm';

/** The builders for one team (its name in the texts); `call` is team-calls' teamAction. */
export function memberActions(call: typeof teamAction, team: string) {
  const member = (userId: string) => `/api/team/members/${encodeURIComponent(userId)}`;
  const invitation = (id: string) => `/api/team/invitations/${encodeURIComponent(id)}`;
  return {
    freeDevice: (who: Who, device: TeamDevice): PendingAction => ({
      title: 'Free this device?',
      text: `${site.product} on "${device.deviceName}" (${who.customerName}) stops working until the license is activated on it again. The device's place is free for another computer at once.`,
      confirmLabel: 'Free device',
      busyLabel: 'Freeing...',
      run: () => call('POST', `/api/team/devices/${encodeURIComponent(device.id)}/free`),
    }),
    remove: (who: Who): PendingAction => ({
      title: `Remove ${who.customerName}?`,
      text: `${who.customerName} (${who.email}) leaves ${team}: their license is revoked, their devices stop working and their seat is free for someone else.`,
      confirmLabel: 'Remove member',
      busyLabel: 'Removing...',
      run: () => call('DELETE', member(who.userId)),
    }),
    leaveSeat: (): PendingAction => ({
      title: 'Leave your seat?',
      text: `Your license on ${team} is revoked and your devices stop working; the seat is free for a colleague. You still own the team, manage it and its billing, and can take a seat again while one is free.`,
      confirmLabel: 'Leave my seat',
      busyLabel: 'Leaving...',
      run: () => call('DELETE', '/api/team/seat'),
    }),
    takeSeat: (): PendingAction => ({
      title: 'Take a seat?',
      text: `You get a license of ${team} for your own computers, until the end of the term. It uses one of the free seats.`,
      confirmLabel: 'Take a seat',
      busyLabel: 'Taking...',
      run: () => call('POST', '/api/team/seat'),
    }),
    transfer: (who: Who): PendingAction => ({
      title: `Make ${who.customerName} the owner?`,
      text: `${who.customerName} (${who.email}) becomes the owner of ${team} and manages the team from now on. You can no longer open this page unless they give ownership back.`,
      confirmLabel: 'Transfer ownership',
      busyLabel: 'Transferring...',
      run: () => call('POST', '/api/team/transfer', { userId: who.userId }),
      leaves: true,
    }),
    resend: (row: TeamInvitation): PendingAction => ({
      title: 'Send the invitation again?',
      text: `${row.email} gets a new e-mail with a new link, valid for 7 days; the link sent before stops working.`,
      confirmLabel: 'Send again',
      busyLabel: 'Sending...',
      run: () => call('POST', `${invitation(row.id)}/resend`),
    }),
    withdraw: (row: TeamInvitation): PendingAction => ({
      title: 'Withdraw the invitation?',
      text: `The link sent to ${row.email} stops working and the seat it held is free again.`,
      confirmLabel: 'Withdraw invitation',
      busyLabel: 'Withdrawing...',
      run: () => call('DELETE', invitation(row.id)),
    }),
  };
}

export type MemberActions = ReturnType<typeof memberActions>;
