/**
 * An organization's e-mail domains, declared once: the Worker mounts its handlers on these
 * (functions/routes/team-domains.ts; the console's read in admin-organizations.ts) and the
 * OpenAPI document (document.ts) publishes them. The team page's calls need the session of the
 * organization's owner, the console's an operator's. Paths are relative to `/api`.
 */
import { z } from '@hono/zod-openapi';
import type { ErrorCode } from '../catalogue';
import { addDomainSchema } from '../schemas/domains';
import {
  accountSession,
  operatorReadErrors,
  operatorSession,
  sessionReadErrors,
  sessionWriteErrors,
} from './access';
import { messageResponseSchema } from './account-schemas';
import { bodyErrors, declareRoute, errorAnswers, jsonAnswer, jsonRequest } from './describe';
import { domainAddedSchema, domainCheckSchema, organizationDomainsSchema } from './domain-answers';

const tags = ['Team'];
/** Anyone but the organization's owner is refused (403 `FORBIDDEN`). */
const ownerReadErrors: readonly ErrorCode[] = [...sessionReadErrors, 'FORBIDDEN'];
const ownerWriteErrors: readonly ErrorCode[] = [...sessionWriteErrors, 'FORBIDDEN'];
/** Plain, not lazy: the OpenAPI generator reads a parameter schema's fields (schemas/lazy.ts). */
const idParam = z.object({ id: z.string() });

export const teamDomainsRoute = declareRoute({
  method: 'get',
  path: '/team/domains',
  operationId: 'listTeamDomains',
  tags,
  summary: "The organization's domains",
  description:
    "The e-mail domains the owner's organization lists, oldest first: each with its state (pending, verified, lapsed), the TXT record that proves it, and when it was verified, lapsed and last checked.",
  security: accountSession,
  get responses() {
    return {
      200: jsonAnswer(organizationDomainsSchema, 'The domains.'),
      ...errorAnswers(...ownerReadErrors),
    };
  },
});

export const addTeamDomainRoute = declareRoute({
  method: 'post',
  path: '/team/domains',
  operationId: 'addTeamDomain',
  tags,
  summary: 'Add a domain',
  description:
    "Lists a domain for the organization, not yet verified, with the TXT record `sheetwright-verification=…` to publish at it. A host name with a dot only, without scheme or path; a public mail provider's domain is refused.",
  security: accountSession,
  request: jsonRequest(addDomainSchema),
  get responses() {
    return {
      200: jsonAnswer(domainAddedSchema, 'Added, with a sentence to show.'),
      ...errorAnswers(...bodyErrors, ...ownerWriteErrors, 'DOMAIN_ALREADY_ADDED', 'DOMAIN_LIMIT'),
    };
  },
});

export const checkTeamDomainRoute = declareRoute({
  method: 'post',
  path: '/team/domains/{id}/check',
  operationId: 'checkTeamDomain',
  tags,
  summary: "Check a domain's TXT record",
  description:
    'Looks up the TXT records of the domain now. The record there verifies the domain (refused while another organization has it verified); a verified domain whose record is gone lapses; DNS that cannot be asked changes nothing and says so.',
  security: accountSession,
  request: { params: idParam },
  get responses() {
    return {
      200: jsonAnswer(domainCheckSchema, 'What the look-up found, and the domain now.'),
      ...errorAnswers(...ownerWriteErrors, 'NOT_FOUND', 'DOMAIN_TAKEN'),
    };
  },
});

export const removeTeamDomainRoute = declareRoute({
  method: 'delete',
  path: '/team/domains/{id}',
  operationId: 'removeTeamDomain',
  tags,
  summary: 'Remove a domain',
  description: "Takes the domain off the organization's list, verified or not.",
  security: accountSession,
  request: { params: idParam },
  get responses() {
    return {
      200: jsonAnswer(messageResponseSchema, 'Removed, with a sentence to show.'),
      ...errorAnswers(...ownerWriteErrors, 'NOT_FOUND'),
    };
  },
});

export const adminOrganizationDomainsRoute = declareRoute({
  method: 'get',
  path: '/admin/organizations/{id}/domains',
  operationId: 'listOrganizationDomains',
  tags: ['Console: organizations'],
  summary: "An organization's domains",
  description: 'The e-mail domains the organization lists, with their state, read only.',
  security: operatorSession,
  request: { params: idParam },
  get responses() {
    return {
      200: jsonAnswer(organizationDomainsSchema, 'The domains.'),
      ...errorAnswers(...operatorReadErrors, 'NOT_FOUND'),
    };
  },
});

/** Every call of the team page's Domains section, in the order the document lists them. */
export const teamDomainRoutes = [
  teamDomainsRoute,
  addTeamDomainRoute,
  checkTeamDomainRoute,
  removeTeamDomainRoute,
];

/** The console's read of an organization's domains. */
export const adminDomainRoutes = [adminOrganizationDomainsRoute];
