/**
 * The organization page's actions: changing the agreement (PATCH /api/admin/organizations/:id)
 * and the owner's team actions taken by an operator (POST …/:id/team, contract
 * `operatorTeamActionSchema`): what each confirm dialog says and the body it sends. Pure, so they
 * are unit-tested.
 */
import type { AdminOrganization } from '../../contract/admin-organizations';
import type { TeamDevice, TeamInvitation, TeamMember } from '../../contract/team';
import { site } from '../../site.config';
import type { ActionText } from './customer-actions';
import type { AgreementInput } from './agreement-input';
import { typedCount } from './organization-form';

/** An action the operator has started, with what it acts on. */
export type OrganizationPending =
  | { action: 'edit' }
  | { action: 'team-invite' }
  | { action: 'team-resend-invitation' | 'team-withdraw-invitation'; invitation: TeamInvitation }
  | { action: 'team-remove-member' | 'team-transfer-ownership'; member: TeamMember }
  | { action: 'team-free-device'; member: TeamMember; device: TeamDevice };

/** The edit form filled with the organization as it is. */
export function agreementInput(organization: AdminOrganization): AgreementInput {
  return {
    name: organization.name,
    seats: String(organization.seats),
    deviceLimit: String(organization.deviceLimit),
    termEnd: organization.termEnd.slice(0, 10),
    supportTier: organization.supportTier,
    agreementRef: organization.agreementRef ?? '',
    notes: organization.notes ?? '',
  };
}

/**
 * Only what the operator changed, so the audit row's before → after shows just that and a
 * concurrent change to another field is not overwritten with what this page showed.
 */
export function agreementChanges(
  organization: AdminOrganization,
  input: AgreementInput,
): Record<string, unknown> {
  const was = agreementInput(organization);
  const changed: Record<string, unknown> = {};
  if (input.name.trim() !== was.name) changed.name = input.name.trim();
  if (input.seats.trim() !== was.seats) changed.seats = typedCount(input.seats);
  if (input.deviceLimit.trim() !== was.deviceLimit)
    changed.deviceLimit = typedCount(input.deviceLimit);
  if (input.termEnd !== was.termEnd) changed.termEnd = input.termEnd;
  if (input.supportTier !== was.supportTier) changed.supportTier = input.supportTier;
  if (input.agreementRef.trim() !== was.agreementRef)
    changed.agreementRef = input.agreementRef.trim() || null;
  if (input.notes.trim() !== was.notes) changed.notes = input.notes.trim() || null;
  return changed;
}

/** The JSON body of a team action (POST /api/admin/organizations/:id/team). */
export function teamActionBody(
  pending: Exclude<OrganizationPending, { action: 'edit' }>,
  reason: string,
  email: string,
): Record<string, unknown> {
  const base = { action: pending.action, reason };
  switch (pending.action) {
    case 'team-invite':
      return { ...base, email: email.trim() };
    case 'team-resend-invitation':
    case 'team-withdraw-invitation':
      return { ...base, invitationId: pending.invitation.id };
    case 'team-remove-member':
    case 'team-transfer-ownership':
      return { ...base, userId: pending.member.userId };
    case 'team-free-device':
      return { ...base, deviceRowId: pending.device.id };
  }
}

/** The confirm dialog's words for the action. */
export function organizationActionText(
  pending: OrganizationPending,
  organization: AdminOrganization,
): ActionText {
  const { name } = organization;
  switch (pending.action) {
    case 'edit':
      return {
        title: `Change the agreement of ${name}`,
        explain:
          'Change what the agreement says; only the fields you change are saved. Seats cannot go below the members the team has now. A new term end moves every member license with it (an expired one works again while the term runs).',
        confirm: 'Save changes',
        busy: 'Saving...',
        tone: 'primary',
      };
    case 'team-invite':
      return {
        title: `Invite someone to ${name}`,
        explain: `An invitation e-mail with a link valid for 7 days goes to the address below, signed "${site.product} support". It holds a seat until it is accepted, withdrawn or expires.`,
        confirm: 'Send invitation',
        busy: 'Sending...',
        tone: 'primary',
      };
    case 'team-resend-invitation':
      return {
        title: 'Send this invitation again?',
        explain: `A new link valid for 7 days goes to ${pending.invitation.email}; the link sent before stops working.`,
        confirm: 'Send again',
        busy: 'Sending...',
        tone: 'primary',
      };
    case 'team-withdraw-invitation':
      return {
        title: 'Withdraw this invitation?',
        explain: `The link sent to ${pending.invitation.email} stops working and its seat is free again.`,
        confirm: 'Withdraw invitation',
        busy: 'Withdrawing...',
        tone: 'danger',
      };
    case 'team-remove-member':
      return {
        title: `Remove ${pending.member.customerName}?`,
        explain: `${pending.member.customerName} (${pending.member.email}) leaves ${name}: their Enterprise license is revoked (the plugin is told REVOKED), their devices are freed and their seat is free for someone else.`,
        confirm: 'Remove member',
        busy: 'Removing...',
        tone: 'danger',
      };
    case 'team-transfer-ownership':
      return {
        title: `Make ${pending.member.customerName} the owner?`,
        explain: `${pending.member.customerName} (${pending.member.email}) becomes the owner of ${name} and manages the team at /dashboard/team; ${organization.ownerName} (${organization.ownerEmail}) no longer can.`,
        confirm: 'Transfer ownership',
        busy: 'Transferring...',
        tone: 'danger',
      };
    case 'team-free-device':
      return {
        title: 'Free this device?',
        explain: `"${pending.device.deviceName}" of ${pending.member.customerName} is deactivated: the plugin there is told DEVICE_NOT_ACTIVATED at its next check and its place is free for another computer.`,
        confirm: 'Free device',
        busy: 'Freeing...',
        tone: 'danger',
      };
  }
}
