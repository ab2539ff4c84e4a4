/**
 * The SCIM discovery documents (RFC 7644 section 4, RFC 7643 sections 5 to 7): what this service
 * supports (PATCH, filtering with at most `SCIM_MAX_RESULTS` results; no bulk, password change,
 * sorting, ETags or groups), its one resource type (User) and the User schema's attributes it
 * keeps.
 */
import { SCIM_BASE_PATH, SCIM_MAX_RESULTS, ScimSchemas } from '../../../../src/contract/scim';
import { site } from '../../../../src/site.config';

/** GET /ServiceProviderConfig. */
export function serviceProviderConfig(origin: string) {
  return {
    schemas: [ScimSchemas.serviceProviderConfig],
    // The owner's steps for each identity provider are on the team page.
    documentationUri: `${origin}/dashboard/team`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: `The organization's token, made by its owner on the ${site.product} team page (Provisioning (SCIM)).`,
        primary: true,
      },
    ],
    meta: {
      resourceType: 'ServiceProviderConfig',
      location: `${origin}${SCIM_BASE_PATH}/ServiceProviderConfig`,
    },
  };
}

/** The User resource type. */
function userResourceType(origin: string) {
  return {
    schemas: [ScimSchemas.resourceType],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'A member of the team (or a person invited to it).',
    schema: ScimSchemas.user,
    meta: {
      resourceType: 'ResourceType',
      location: `${origin}${SCIM_BASE_PATH}/ResourceTypes/User`,
    },
  };
}

/** GET /ResourceTypes: only User (groups are not supported). */
export function resourceTypes(origin: string) {
  const resources = [userResourceType(origin)];
  return {
    schemas: [ScimSchemas.listResponse],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/** One attribute of a schema (RFC 7643 section 7). */
interface Attribute {
  name: string;
  type: 'string' | 'boolean' | 'complex';
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: 'readWrite';
  returned: 'default';
  uniqueness: 'none' | 'server';
  subAttributes?: Attribute[];
}

function attribute(
  name: string,
  type: 'string' | 'boolean' | 'complex',
  options: {
    description: string;
    required?: boolean;
    uniqueness?: 'none' | 'server';
    multiValued?: boolean;
    subAttributes?: Attribute[];
  },
): Attribute {
  return {
    name,
    type,
    multiValued: options.multiValued ?? false,
    description: options.description,
    required: options.required ?? false,
    caseExact: false,
    mutability: 'readWrite' as const,
    returned: 'default' as const,
    uniqueness: options.uniqueness ?? 'none',
    ...(options.subAttributes ? { subAttributes: options.subAttributes } : {}),
  };
}

/** The User schema as this service keeps it. */
function userSchema(origin: string) {
  return {
    schemas: [ScimSchemas.schema],
    id: ScimSchemas.user,
    name: 'User',
    description: 'A person of the team, known by their work e-mail address.',
    attributes: [
      attribute('userName', 'string', {
        description: 'Unique in the team without regard to case; usually the work e-mail address.',
        required: true,
        uniqueness: 'server',
      }),
      attribute('name', 'complex', {
        description: "The person's name.",
        subAttributes: [
          attribute('givenName', 'string', { description: 'Given name.' }),
          attribute('familyName', 'string', { description: 'Family name.' }),
        ],
      }),
      attribute('displayName', 'string', { description: 'The name to show.' }),
      attribute('emails', 'complex', {
        description:
          'The work address, to which the invitation goes (else userName, when it is an address).',
        multiValued: true,
        subAttributes: [
          attribute('value', 'string', { description: 'The address.' }),
          attribute('type', 'string', { description: '"work".' }),
          attribute('primary', 'boolean', { description: 'The address used.' }),
        ],
      }),
      attribute('active', 'boolean', {
        description:
          'True: the person holds a seat. False: their seat, sessions and devices are freed.',
      }),
    ],
    meta: {
      resourceType: 'Schema',
      location: `${origin}${SCIM_BASE_PATH}/Schemas/${ScimSchemas.user}`,
    },
  };
}

/** GET /Schemas. */
export function schemas(origin: string) {
  const resources = [userSchema(origin)];
  return {
    schemas: [ScimSchemas.listResponse],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/** GET /Schemas/:id and /ResourceTypes/:id; null for an unknown id. */
export function schemaById(origin: string, id: string) {
  return id === ScimSchemas.user ? userSchema(origin) : null;
}

export function resourceTypeById(origin: string, id: string) {
  return id === 'User' ? userResourceType(origin) : null;
}
