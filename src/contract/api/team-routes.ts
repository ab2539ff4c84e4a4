/**
 * Teams and their invitations, declared once: the Worker mounts its handlers on these
 * (functions/routes/team.ts, invitations.ts) and the OpenAPI document (document.ts) publishes
 * them. The team page's calls need the session of the organization's owner; an invitation link's
 * token is itself the secret for its preview and signup. Paths are relative to `/api`.
 */
import { z } from '@hono/zod-openapi';
import type { ErrorCode } from '../catalogue';
import {
  acceptInvitationSchema,
  activityQuerySchema,
  bulkInviteSchema,
  invitationSignupSchema,
  inviteSchema,
  peopleQuerySchema,
  transferSchema,
  utilizationQuerySchema,
} from '../schemas/team-requests';
import { accountSession, sessionReadErrors, sessionWriteErrors } from './access';
import {
  bodyErrors,
  declareRoute,
  errorAnswers,
  jsonAnswer,
  jsonRequest,
  lazyParameters,
  publicCall,
} from './describe';
import { invitationPreviewSchema } from './invitation-answers';
import {
  bulkInviteResponseSchema,
  organizationResponseSchema,
  teamActivityResponseSchema,
  teamMemberDevicesSchema,
  teamMemberNamesSchema,
  teamOverviewSchema,
  teamPeoplePageSchema,
  teamUtilizationSchema,
} from './team-answers';
import { authResponseSchema, messageResponseSchema } from './account-schemas';

const tags = ['Team'];
/** The owner's reads: anyone but the organization's owner is refused (403 `FORBIDDEN`). */
const ownerReadErrors: readonly ErrorCode[] = [...sessionReadErrors, 'FORBIDDEN'];
const ownerWriteErrors: readonly ErrorCode[] = [...sessionWriteErrors, 'FORBIDDEN'];
const done = (what: string) =>
  jsonAnswer(messageResponseSchema, `${what}, with a sentence to show.`);
const csv = (description: string) => ({
  description,
  content: { 'text/csv': { schema: { type: 'string' as const } } },
});
/** Plain, not lazy: the OpenAPI generator reads a parameter schema's fields (schemas/lazy.ts). */
const idParam = z.object({ id: z.string() });
const memberParam = z.object({ userId: z.string() });
const tokenParam = z.object({ token: z.string() });

export const teamOverviewRoute = declareRoute({
  method: 'get',
  path: '/team',
  operationId: 'getTeam',
  tags,
  summary: 'The team in figures',
  description:
    'The organization the account owns: its seats, those taken and held by open invitations, the device limit per seat, the term and the support tier, and whether the owner holds a seat.',
  security: accountSession,
  get responses() {
    return {
      200: jsonAnswer(teamOverviewSchema, 'The team.'),
      ...errorAnswers(...ownerReadErrors),
    };
  },
});

export const teamPeopleRoute = declareRoute({
  method: 'get',
  path: '/team/members',
  operationId: 'listTeamPeople',
  tags,
  summary: 'A page of the team table',
  description:
    'Members and open invitations, searched by name or e-mail, filtered by status, sorted and a page at a time, with the count per status of the whole team.',
  security: accountSession,
  request: { query: lazyParameters(peopleQuerySchema) },
  get responses() {
    return {
      200: jsonAnswer(teamPeoplePageSchema, 'The page.'),
      ...errorAnswers(...ownerReadErrors, 'VALIDATION_FAILED'),
    };
  },
});

export const teamMemberDevicesRoute = declareRoute({
  method: 'get',
  path: '/team/members/{userId}/devices',
  operationId: 'listTeamMemberDevices',
  tags,
  summary: "A member's devices",
  description: "The active devices of one member's license.",
  security: accountSession,
  request: { params: memberParam },
  get responses() {
    return {
      200: jsonAnswer(teamMemberDevicesSchema, 'The devices.'),
      ...errorAnswers(...ownerReadErrors, 'NOT_FOUND'),
    };
  },
});

export const teamMemberNamesRoute = declareRoute({
  method: 'get',
  path: '/team/member-names',
  operationId: 'listTeamMemberNames',
  tags,
  summary: 'Every member by name',
  description: "The members' names and e-mails, for the activity feed's filter.",
  security: accountSession,
  get responses() {
    return {
      200: jsonAnswer(teamMemberNamesSchema, 'The members.'),
      ...errorAnswers(...ownerReadErrors),
    };
  },
});

export const teamActivityRoute = declareRoute({
  method: 'get',
  path: '/team/activity',
  operationId: 'listTeamActivity',
  tags,
  summary: "The team's activity",
  description:
    'What happened on the team, newest first: devices activated and freed, members joining, invited and removed; of one `member` and between whole UTC days `from` and `to` when given.',
  security: accountSession,
  request: { query: lazyParameters(activityQuerySchema) },
  get responses() {
    return {
      200: jsonAnswer(teamActivityResponseSchema, 'The activity.'),
      ...errorAnswers(...ownerReadErrors, 'VALIDATION_FAILED'),
    };
  },
});

export const teamActivityCsvRoute = declareRoute({
  method: 'get',
  path: '/team/activity.csv',
  operationId: 'exportTeamActivity',
  tags,
  summary: "The team's activity as CSV",
  description: 'The same rows as the activity, as a CSV attachment.',
  security: accountSession,
  request: { query: lazyParameters(activityQuerySchema) },
  get responses() {
    return {
      200: csv('The activity.'),
      ...errorAnswers(...ownerReadErrors, 'VALIDATION_FAILED'),
    };
  },
});

export const teamUtilizationRoute = declareRoute({
  method: 'get',
  path: '/team/utilization',
  operationId: 'getTeamUtilization',
  tags,
  summary: 'Seats and devices in use',
  description:
    'Seats and devices in use per day over the last `days` days, and per member the devices in use, the last activity and the commands used.',
  security: accountSession,
  request: { query: utilizationQuerySchema },
  get responses() {
    return {
      200: jsonAnswer(teamUtilizationSchema, 'The utilization.'),
      ...errorAnswers(...ownerReadErrors, 'VALIDATION_FAILED'),
    };
  },
});

export const teamUtilizationCsvRoute = declareRoute({
  method: 'get',
  path: '/team/utilization.csv',
  operationId: 'exportTeamUtilization',
  tags,
  summary: 'Member utilization as CSV',
  description:
    'Per member: devices in use, last activity and the uses of each command, as a CSV attachment.',
  security: accountSession,
  get responses() {
    return {
      200: csv('The utilization.'),
      ...errorAnswers(...ownerReadErrors),
    };
  },
});

export const inviteRoute = declareRoute({
  method: 'post',
  path: '/team/invitations',
  operationId: 'inviteTeamMember',
  tags,
  summary: 'Invite someone',
  description:
    'E-mails an invitation link to the address; an open invitation holds a seat until it is accepted, withdrawn or expires.',
  security: accountSession,
  request: jsonRequest(inviteSchema),
  get responses() {
    return {
      200: done('Invited'),
      ...errorAnswers(...bodyErrors, ...ownerWriteErrors, 'ALREADY_MEMBER', 'NO_SEATS'),
    };
  },
});

export const bulkInviteRoute = declareRoute({
  method: 'post',
  path: '/team/invitations/bulk',
  operationId: 'inviteTeamMembers',
  tags,
  summary: 'Invite many at once',
  description:
    'Invites each address of the list while seats last, and says per address what happened; an address given twice is invited once.',
  security: accountSession,
  request: jsonRequest(bulkInviteSchema),
  get responses() {
    return {
      200: jsonAnswer(bulkInviteResponseSchema, 'What happened to each address.'),
      ...errorAnswers(...bodyErrors, ...ownerWriteErrors, 'TOO_MANY_ADDRESSES', 'NO_SEATS'),
    };
  },
});

export const resendInvitationRoute = declareRoute({
  method: 'post',
  path: '/team/invitations/{id}/resend',
  operationId: 'resendInvitation',
  tags,
  summary: 'Send an invitation again',
  description: 'E-mails an open invitation again, with a fresh link that is valid for longer.',
  security: accountSession,
  request: { params: idParam },
  get responses() {
    return {
      200: done('Sent'),
      ...errorAnswers(...ownerWriteErrors, 'NOT_FOUND'),
    };
  },
});

export const withdrawInvitationRoute = declareRoute({
  method: 'delete',
  path: '/team/invitations/{id}',
  operationId: 'withdrawInvitation',
  tags,
  summary: 'Withdraw an invitation',
  description: 'Its link stops working and its seat is free again.',
  security: accountSession,
  request: { params: idParam },
  get responses() {
    return {
      200: done('Withdrawn'),
      ...errorAnswers(...ownerWriteErrors, 'NOT_FOUND'),
    };
  },
});

export const removeMemberRoute = declareRoute({
  method: 'delete',
  path: '/team/members/{userId}',
  operationId: 'removeTeamMember',
  tags,
  summary: 'Remove a member',
  description:
    "Takes the member's seat back: their license ends and their devices are freed. The owner's own id leaves the owner's seat.",
  security: accountSession,
  request: { params: memberParam },
  get responses() {
    return {
      200: done('Removed'),
      ...errorAnswers(...ownerWriteErrors, 'NOT_FOUND', 'STALE_STATE'),
    };
  },
});

export const takeSeatRoute = declareRoute({
  method: 'post',
  path: '/team/seat',
  operationId: 'takeOwnSeat',
  tags,
  summary: 'Take a seat yourself',
  description: 'The owner takes one of the free seats, and uses the plugin on it.',
  security: accountSession,
  get responses() {
    return {
      200: done('Taken'),
      ...errorAnswers(...ownerWriteErrors, 'ALREADY_MEMBER', 'NO_SEATS', 'CONFIRMATION_REQUIRED'),
    };
  },
});

export const leaveSeatRoute = declareRoute({
  method: 'delete',
  path: '/team/seat',
  operationId: 'leaveOwnSeat',
  tags,
  summary: "Leave the owner's seat",
  description: 'The owner gives their seat up for a colleague; they keep owning the team.',
  security: accountSession,
  get responses() {
    return {
      200: done('Left'),
      ...errorAnswers(...ownerWriteErrors, 'NOT_FOUND', 'STALE_STATE'),
    };
  },
});

export const freeTeamDeviceRoute = declareRoute({
  method: 'post',
  path: '/team/devices/{id}/free',
  operationId: 'freeTeamDevice',
  tags,
  summary: "Free a member's device",
  description: "Frees one device of a member's license (`id` from the member's devices).",
  security: accountSession,
  request: { params: idParam },
  get responses() {
    return {
      200: done('Freed'),
      ...errorAnswers(...ownerWriteErrors, 'NOT_FOUND'),
    };
  },
});

export const transferOwnershipRoute = declareRoute({
  method: 'post',
  path: '/team/transfer',
  operationId: 'transferTeamOwnership',
  tags,
  summary: 'Hand the team to a member',
  description:
    'Another member becomes the owner; the previous owner stays a member if they held a seat.',
  security: accountSession,
  request: jsonRequest(transferSchema),
  get responses() {
    return {
      200: done('Transferred'),
      ...errorAnswers(
        ...bodyErrors,
        ...ownerWriteErrors,
        'ALREADY_MEMBER',
        'NOT_FOUND',
        'STALE_STATE',
      ),
    };
  },
});

export const organizationCardRoute = declareRoute({
  method: 'get',
  path: '/organization',
  operationId: 'getOrganization',
  tags,
  summary: "The account's organization",
  description:
    'The organization the account owns or holds a seat of, for the My Account card; `organization` is null for neither.',
  security: accountSession,
  get responses() {
    return {
      200: jsonAnswer(organizationResponseSchema, 'The organization.'),
      ...errorAnswers(...sessionReadErrors),
    };
  },
});

const invitationTags = ['Invitations'];
/** The link's token: unknown, used, withdrawn or expired, or the team's term has ended. */
const tokenErrors: readonly ErrorCode[] = ['INVITATION_INVALID'];

export const invitationPreviewRoute = declareRoute({
  method: 'get',
  path: '/invitations/{token}',
  operationId: 'previewInvitation',
  tags: invitationTags,
  summary: 'What an invitation link offers',
  description:
    'The organization, who invited, the invited address, when the link expires, and whether that address has an account (sign in and accept) or not (sign up). Counted against the sign-in budget per address.',
  security: publicCall,
  request: { params: tokenParam },
  get responses() {
    return {
      200: jsonAnswer(invitationPreviewSchema, 'The invitation.'),
      ...errorAnswers(...tokenErrors, 'TOO_MANY_ATTEMPTS'),
    };
  },
});

export const acceptInvitationRoute = declareRoute({
  method: 'post',
  path: '/invitations/{token}/accept',
  operationId: 'acceptInvitation',
  tags: invitationTags,
  summary: 'Accept an invitation',
  description:
    'The signed-in account of the invited address joins the organization and takes a seat. An account paying for Standard must confirm that its own subscription stops (`confirmCancelStandard`).',
  security: accountSession,
  request: { params: tokenParam, ...jsonRequest(acceptInvitationSchema) },
  get responses() {
    return {
      200: done('Joined'),
      ...errorAnswers(
        ...bodyErrors,
        ...sessionWriteErrors,
        ...tokenErrors,
        'FORBIDDEN',
        'CONFIRMATION_REQUIRED',
        'ALREADY_MEMBER',
        'NO_SEATS',
      ),
    };
  },
});

export const invitationSignupRoute = declareRoute({
  method: 'post',
  path: '/invitations/{token}/signup',
  operationId: 'signUpByInvitation',
  tags: invitationTags,
  summary: 'Sign up by an invitation',
  description:
    'Makes the account of the invited address (the link proves the address) with a name and a password, joins the organization and signs the browser in (the session also as a cookie). Counted against the sign-in budget per address.',
  security: publicCall,
  request: { params: tokenParam, ...jsonRequest(invitationSignupSchema) },
  get responses() {
    return {
      200: jsonAnswer(authResponseSchema, 'Signed up and in.'),
      ...errorAnswers(
        ...bodyErrors,
        ...tokenErrors,
        'ACCOUNT_EXISTS',
        'WEAK_PASSWORD',
        'ALREADY_MEMBER',
        'NO_SEATS',
        'TOO_MANY_ATTEMPTS',
      ),
    };
  },
});

/** Every team call, in the order the document lists them. */
export const teamRoutes = [
  teamOverviewRoute,
  teamPeopleRoute,
  teamMemberDevicesRoute,
  teamMemberNamesRoute,
  teamActivityRoute,
  teamActivityCsvRoute,
  teamUtilizationRoute,
  teamUtilizationCsvRoute,
  inviteRoute,
  bulkInviteRoute,
  resendInvitationRoute,
  withdrawInvitationRoute,
  removeMemberRoute,
  takeSeatRoute,
  leaveSeatRoute,
  freeTeamDeviceRoute,
  transferOwnershipRoute,
  organizationCardRoute,
];

/** Every invitation call. */
export const invitationRoutes = [
  invitationPreviewRoute,
  acceptInvitationRoute,
  invitationSignupRoute,
];
