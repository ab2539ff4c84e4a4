/**
 * Texts of Enterprise teams: the owner's team page, invitations and joining (gathered as
 * `TeamMessages` by messages.ts).
 */
import { bulkInviteMax } from '../config/limits.ts';

export const invitationInvalid =
  'This invitation link is not valid. Ask the person who invited you to send a new one.';
export const invitationExpired =
  'This invitation has expired. Ask the person who invited you to send a new one.';
export const invitationUsed = 'This invitation has already been accepted.';
export const invitationRevoked = 'This invitation was withdrawn.';
export const invitationOtherAccount =
  'This invitation was sent to another e-mail address. Sign out and accept it with that address.';
export const noSeats =
  'All seats of this organization are taken or held by open invitations. Remove a member, withdraw an invitation or ask us for more seats.';
export const termEnded = 'The agreement of this organization has ended. Please contact us.';
export const alreadyInvited =
  'This address already has an open invitation. Resend it instead of inviting again.';
export const alreadyOnTeam = 'This address already belongs to a member of your team.';
export const standardRunning =
  'Your Standard subscription will be cancelled at the end of the paid period; the time already paid is not refunded. Your account becomes part of the organization now. Confirm to continue.';
export const deletedAccount = 'This account is scheduled for deletion and cannot join.';
export const tooManyAddresses = `You can invite at most ${bulkInviteMax} addresses at a time. Nobody was invited: split the list and send each part.`;
export const noAddresses = 'Paste or upload at least one e-mail address.';
export const entryTooLong =
  'One entry of the list is too long to be an e-mail address (1,000 characters at most).';
export const notOwner = 'Only the owner of the organization can do this.';
export const teamPageForOwner =
  "The team page is for your organization's owner: only they see the members, devices and activity.";
export const noOrganization = 'This account does not belong to an organization.';
export const memberNotFound = 'No member of your team has this id.';
export const invitationNotFound = 'No open invitation of your team has this id.';
export const deviceNotOnTeam = 'This device is not active on a license of your team.';
export const transferToMember = 'Ownership can only be transferred to a member of the team.';
export const transferToSelf = 'You already own this team.';
export const ownSeatHeld = 'You already hold a seat on this team.';
export const ownSubscriptionRunning =
  'Your own Standard subscription still renews. Cancel it on Billing & Invoices first: a seat on the team replaces it.';
// The team table's query (GET /api/team/members).
export const pageInvalid = 'Page must be a whole number from 1 to 10,000.';
export const sortInvalid = (keys: readonly string[]) => `Sort must be one of ${keys.join(', ')}.`;
export const directionInvalid = 'Dir must be asc or desc.';
export const statusInvalid = (values: readonly string[]) =>
  `Status must be one of ${values.join(', ')}.`;
export const searchInvalid = 'The search must be one text of at most 200 characters.';

// Success answers.
export const invited = 'The invitation has been sent.';
export const invitationResent = 'The invitation has been sent again with a new link.';
export const invitationWithdrawn = 'The invitation has been withdrawn.';
export const memberRemoved = 'The member has been removed; their license is revoked.';
export const deviceFreed = 'The device has been freed.';
export const seatTaken = 'You now hold a seat. Your license key is on My Account.';
export const seatLeft =
  'You left your seat and your license is revoked. You still own the team and can take a seat again while one is free.';
export const ownershipTransferred = 'Ownership of the organization has been transferred.';
export const joined = 'Welcome to the team. Your license is active.';
export const organizationCreated = 'The organization has been created.';
export const organizationUpdated = 'The organization has been updated.';
