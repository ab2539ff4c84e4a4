/**
 * SCIM 2.0 provisioning (RFC 7643 core schema, RFC 7644 protocol) of an organization's team by
 * the firm's identity provider: the protocol's names, the plain-words details of its errors,
 * and the types of the team page's calls about the organization's token (described by their zod
 * schemas in api/team-scim-routes.ts, checked in the page by the checks generated from them).
 * Served at `SCIM_BASE_PATH`; the Worker's side is functions/services/organizations/scim/.
 */
import type { CreateTeamScimTokenAnswer } from '../generated/answers/CreateTeamScimTokenAnswer.ts';
import type { GetTeamScimAnswer } from '../generated/answers/GetTeamScimAnswer.ts';

/** Where the SCIM service is mounted; the identity provider is given the site's origin + this. */
export const SCIM_BASE_PATH = '/scim/v2';

export const ScimSchemas = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** The most users one list answer holds (`filter.maxResults` of the ServiceProviderConfig). */
export const SCIM_MAX_RESULTS = 100;

/** The `scimType` values of RFC 7644 this service answers. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'noTarget'
  | 'uniqueness'
  | 'mutability'
  | 'tooMany';

/** The `detail` of each SCIM error, in plain words. */
export const ScimMessages = {
  noToken:
    'This call needs the bearer token from the Provisioning (SCIM) section of the team page, sent as "Authorization: Bearer <token>".',
  wrongToken:
    'This token is not valid: it was replaced or revoked, or was copied incompletely. Create a new one on the team page.',
  badJson: 'The request body is not valid JSON.',
  notAnObject: 'The request body must be a JSON object.',
  tooLarge: 'The request body is too large; at most 64 KB is accepted.',
  wrongMediaType: 'Send the request body as application/scim+json or application/json.',
  userNameMissing: 'userName is required and must be a non-empty text.',
  noEmail:
    'The user needs an e-mail address: give a work address in emails, or a userName that is an e-mail address.',
  badEmail: (value: string) => `"${value}" is not an e-mail address.`,
  userNameTaken: (userName: string) =>
    `A user with the userName "${userName}" is already provisioned in this team.`,
  userNotFound: 'No user with this id is provisioned in this team.',
  onlyUserNameFilter:
    'Only the filter userName eq "value" is supported, for example filter=userName eq "ana@example.com".',
  badPaging: (name: string) => `${name} must be a whole number.`,
  unknownAttribute: (name: string) => `The attribute "${name}" is not part of the User schema.`,
  wrongType: (name: string, expected: string) => `The attribute "${name}" must be ${expected}.`,
  readOnly: (name: string) => `The attribute "${name}" is read-only.`,
  patchNotPatchOp:
    'A PATCH body must list the schema urn:ietf:params:scim:api:messages:2.0:PatchOp and an Operations array.',
  patchBadOp: (op: string) =>
    `The operation "${op}" is not supported: use add, replace or remove (remove only for externalId, displayName and name).`,
  patchNoValue: 'Each add or replace operation needs a value.',
  patchBadPath: (path: string) => `The path "${path}" names no attribute this service keeps.`,
  patchCannotRemove: (path: string) => `"${path}" cannot be removed; it is required.`,
  noSeat:
    'The team has no free seat. The owner can buy more seats or free one on the team page; then send the user again.',
  termEnded: "The team's term has ended, so no one can take a seat until it is renewed.",
  otherTeam:
    'This person already belongs to another team on our site; they must leave it (or its owner must remove them) before this team can add them.',
  deletedAccount:
    'The account of this address is being deleted; it can join again once the deletion is complete or undone by support.',
  groupsUnsupported:
    'Groups are not supported: provision users one by one (assign the app to users or to a group in the identity provider, which then sends its users).',
  bulkUnsupported: 'Bulk operations are not supported; send each user on its own.',
  notFound: 'There is no SCIM resource at this address.',
  methodNotAllowed: 'This address does not answer this method.',
  tooManyRequests: (minutes: number) =>
    `Too many SCIM calls for this team; try again in ${String(minutes)} minute${minutes === 1 ? '' : 's'}.`,
  internal: 'Something went wrong on our side; the change was not made. Try again shortly.',
} as const;

/** GET /api/team/scim: the organization's provisioning as the team page shows it. */
export type ScimStatus = GetTeamScimAnswer;

/** POST /api/team/scim/token: the new token, shown this once (only its hash is kept). */
export type ScimTokenAnswer = CreateTeamScimTokenAnswer;

/** What the team page's Provisioning (SCIM) calls say. */
export const ScimTeamMessages = {
  tokenRevoked:
    'The SCIM token is revoked: the identity provider can no longer change the team. Members stay as they are.',
  noToken: 'There is no SCIM token to revoke.',
} as const;
