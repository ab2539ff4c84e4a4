/**
 * The SCIM 2.0 service (RFC 7644) an organization's identity provider calls with the
 * organization's bearer token: discovery, and the team's Users. Bodies are
 * `application/scim+json` (`application/json` is accepted too) and every failure answers the
 * SCIM error shape. The handlers read the bodies and queries themselves (functions/routes/scim.ts),
 * to answer SCIM's own errors, so the requests here are documented, not validated. Groups are not
 * supported. Paths are relative to `/scim/v2`.
 */
import { z } from 'zod';
import { SCIM_MAX_RESULTS, ScimSchemas } from '../scim';
import { lazySchema } from '../schemas/lazy';
import { declareRoute } from './describe';

const tags = ['SCIM'];
const security = [{ scimToken: [] }];
const scimJson = 'application/scim+json';

const scimErrorSchema = lazySchema(() =>
  z.object({
    schemas: z.array(z.literal(ScimSchemas.error)),
    /** The HTTP status, as a string. */
    status: z.string(),
    /** RFC 7644's error type, when one fits (invalidFilter, uniqueness, invalidValue, …). */
    scimType: z.string().optional(),
    /** What went wrong, in plain words. */
    detail: z.string(),
  }),
);

function scimAnswer(schema: z.ZodType, description: string) {
  return { description, content: { [scimJson]: { schema } } };
}

/** SCIM error answers by status, each with what it means here. */
function scimErrors(statuses: Partial<Record<400 | 403 | 404 | 409, string>>) {
  return {
    ...Object.fromEntries(
      Object.entries(statuses).map(([status, description]) => [
        status,
        scimAnswer(scimErrorSchema, description),
      ]),
    ),
    405: {
      ...scimAnswer(scimErrorSchema, 'A method this path does not answer.'),
      headers: {
        Allow: {
          description: 'The methods this path answers, e.g. `GET, POST`.',
          schema: { type: 'string' as const },
        },
      },
    },
    401: scimAnswer(
      scimErrorSchema,
      'No token, or one that is wrong, replaced or revoked (`WWW-Authenticate: Bearer`).',
    ),
    429: {
      ...scimAnswer(
        scimErrorSchema,
        'Too many calls for this organization (`scimType` `tooMany`).',
      ),
      headers: {
        'Retry-After': {
          description: 'Seconds to wait before trying again.',
          schema: { type: 'integer' as const, minimum: 0 },
        },
      },
    },
  };
}

const anyObject = lazySchema(() => z.looseObject({ schemas: z.array(z.string()) }));

const userSchema = lazySchema(() =>
  z.looseObject({
    schemas: z.array(z.string()),
    /** Our SCIM id of the user: random, stable, not the account's id. */
    id: z.string(),
    externalId: z.string().optional(),
    /** Unique in the team without regard to case. */
    userName: z.string(),
    name: z.object({
      givenName: z.string().optional(),
      familyName: z.string().optional(),
      formatted: z.string().optional(),
    }),
    displayName: z.string().optional(),
    emails: z.array(z.object({ value: z.string(), type: z.string(), primary: z.boolean() })),
    /** True while the person holds a seat (a member, or invited). */
    active: z.boolean(),
    meta: z.object({
      resourceType: z.literal('User'),
      created: z.string(),
      lastModified: z.string(),
      location: z.string(),
    }),
  }),
);

const userRequestSchema = lazySchema(() =>
  z.looseObject({
    schemas: z.array(z.string()).optional(),
    userName: z.string(),
    externalId: z.string().optional(),
    name: z.object({ givenName: z.string(), familyName: z.string() }).partial().optional(),
    displayName: z.string().optional(),
    emails: z
      .array(
        z.object({
          value: z.string(),
          type: z.string().optional(),
          primary: z.boolean().optional(),
        }),
      )
      .optional(),
    /** A boolean, or "True"/"False". */
    active: z.union([z.boolean(), z.string()]).optional(),
  }),
);

const patchSchema = lazySchema(() =>
  z.object({
    schemas: z.array(z.literal(ScimSchemas.patchOp)),
    Operations: z.array(
      z.object({
        /** add, replace or remove, in any case. */
        op: z.string(),
        /** active, userName, externalId, displayName, name, name.givenName, name.familyName, emails, emails[type eq "work"].value; none for an object of attributes. */
        path: z.string().optional(),
        value: z.unknown().optional(),
      }),
    ),
  }),
);

const listSchema = lazySchema(() =>
  z.object({
    schemas: z.array(z.literal(ScimSchemas.listResponse)),
    totalResults: z.int(),
    startIndex: z.int(),
    itemsPerPage: z.int(),
    Resources: z.array(userSchema),
  }),
);

function scimBody(schema: z.ZodType, description: string) {
  return { body: { required: true, description, content: { [scimJson]: { schema } } } };
}

/** Plain, not lazy: the OpenAPI generator reads a parameter schema's fields. */
const idParam = z.object({ id: z.string() });

export const scimServiceProviderConfigRoute = declareRoute({
  method: 'get',
  path: '/ServiceProviderConfig',
  operationId: 'getScimServiceProviderConfig',
  tags,
  summary: 'What this SCIM service supports',
  description: `PATCH and filtering (at most ${String(SCIM_MAX_RESULTS)} results) are supported; bulk, password change, sorting and ETags are not. Authentication: the organization's bearer token.`,
  security,
  get responses() {
    return { 200: scimAnswer(anyObject, 'The configuration.'), ...scimErrors({}) };
  },
});

export const scimResourceTypesRoute = declareRoute({
  method: 'get',
  path: '/ResourceTypes',
  operationId: 'listScimResourceTypes',
  tags,
  summary: 'Resource types',
  description: 'Only User: groups are not supported.',
  security,
  get responses() {
    return { 200: scimAnswer(anyObject, 'A ListResponse of resource types.'), ...scimErrors({}) };
  },
});

export const scimResourceTypeRoute = declareRoute({
  method: 'get',
  path: '/ResourceTypes/{id}',
  operationId: 'getScimResourceType',
  tags,
  summary: 'One resource type',
  description: '`User`.',
  security,
  get request() {
    return { params: idParam };
  },
  get responses() {
    return {
      200: scimAnswer(anyObject, 'The resource type.'),
      ...scimErrors({ 404: 'No such resource type.' }),
    };
  },
});

export const scimSchemasRoute = declareRoute({
  method: 'get',
  path: '/Schemas',
  operationId: 'listScimSchemas',
  tags,
  summary: 'Schemas',
  description: 'The core User schema, with the attributes this service keeps.',
  security,
  get responses() {
    return { 200: scimAnswer(anyObject, 'A ListResponse of schemas.'), ...scimErrors({}) };
  },
});

export const scimSchemaRoute = declareRoute({
  method: 'get',
  path: '/Schemas/{id}',
  operationId: 'getScimSchema',
  tags,
  summary: 'One schema',
  description: `\`${ScimSchemas.user}\`.`,
  security,
  get request() {
    return { params: idParam };
  },
  get responses() {
    return {
      200: scimAnswer(anyObject, 'The schema.'),
      ...scimErrors({ 404: 'No such schema.' }),
    };
  },
});

export const scimListUsersRoute = declareRoute({
  method: 'get',
  path: '/Users',
  operationId: 'listScimUsers',
  tags,
  summary: 'List or find users',
  description: `The team's provisioned users, oldest first, a page at a time (\`startIndex\` from 1, \`count\` at most ${String(SCIM_MAX_RESULTS)}). The only filter is \`userName eq "…"\` (any case).`,
  security,
  get request() {
    return {
      query: z.object({
        filter: z.string().optional().meta({ description: '`userName eq "ana@example.com"`' }),
        startIndex: z.string().optional().meta({ description: 'A whole number, from 1.' }),
        count: z.string().optional().meta({ description: 'A whole number, at most 100.' }),
      }),
    };
  },
  get responses() {
    return {
      200: scimAnswer(listSchema, 'A ListResponse of users.'),
      ...scimErrors({ 400: 'Another filter (`invalidFilter`), or paging that is not a number.' }),
    };
  },
});

export const scimCreateUserRoute = declareRoute({
  method: 'post',
  path: '/Users',
  operationId: 'createScimUser',
  tags,
  summary: 'Provision a user',
  description:
    'An active user takes a seat: an account with that e-mail address joins the team at once, any other address is invited by e-mail. Core User attributes not kept (title, phoneNumbers, …) and the enterprise extension are ignored; other attributes are refused.',
  security,
  get request() {
    return scimBody(userRequestSchema, 'A User.');
  },
  get responses() {
    return {
      201: scimAnswer(userSchema, 'The user, with its id.'),
      ...scimErrors({
        400: 'Bad JSON, an unknown attribute, a wrong type, or no e-mail address.',
        403: 'No free seat, or the term has ended.',
        409: 'The userName exists in the team (`uniqueness`), or the person belongs to another team.',
      }),
    };
  },
});

export const scimGetUserRoute = declareRoute({
  method: 'get',
  path: '/Users/{id}',
  operationId: 'getScimUser',
  tags,
  summary: 'One user',
  description: 'The user with this SCIM id.',
  security,
  get request() {
    return { params: idParam };
  },
  get responses() {
    return {
      200: scimAnswer(userSchema, 'The user.'),
      ...scimErrors({ 404: 'No such user in this team.' }),
    };
  },
});

export const scimReplaceUserRoute = declareRoute({
  method: 'put',
  path: '/Users/{id}',
  operationId: 'replaceScimUser',
  tags,
  summary: 'Replace a user',
  description:
    '`active: false` frees the seat, ends every web session and signed-in plugin of the person and frees their devices; `active: true` takes a seat again while one is free.',
  security,
  get request() {
    return { params: idParam, ...scimBody(userRequestSchema, 'The whole User.') };
  },
  get responses() {
    return {
      200: scimAnswer(userSchema, 'The user.'),
      ...scimErrors({
        400: 'Bad JSON, an unknown attribute or a wrong type.',
        403: 'Reactivated without a free seat.',
        404: 'No such user in this team.',
        409: 'The new userName exists in the team (`uniqueness`).',
      }),
    };
  },
});

export const scimPatchUserRoute = declareRoute({
  method: 'patch',
  path: '/Users/{id}',
  operationId: 'patchScimUser',
  tags,
  summary: 'Change a user',
  description:
    'A PatchOp: `add` or `replace` of active, userName, externalId, displayName, name and emails, with a path or with an object of attributes; `remove` of externalId, displayName and name. Operation names in any case and "True"/"False" for active are accepted. Deactivating and reactivating as with PUT.',
  security,
  get request() {
    return { params: idParam, ...scimBody(patchSchema, 'A PatchOp.') };
  },
  get responses() {
    return {
      200: scimAnswer(userSchema, 'The user.'),
      ...scimErrors({
        400: 'Not a PatchOp, an unknown path (`invalidPath`) or a wrong value (`invalidValue`).',
        403: 'Reactivated without a free seat.',
        404: 'No such user in this team.',
        409: 'The new userName exists in the team (`uniqueness`).',
      }),
    };
  },
});

export const scimDeleteUserRoute = declareRoute({
  method: 'delete',
  path: '/Users/{id}',
  operationId: 'deleteScimUser',
  tags,
  summary: 'Deprovision a user',
  description:
    'As deactivating (the seat freed, sessions, signed-in plugins and devices ended), and the user is forgotten.',
  security,
  get request() {
    return { params: idParam };
  },
  get responses() {
    return {
      204: { description: 'Deleted.' },
      ...scimErrors({ 404: 'No such user in this team.' }),
    };
  },
});

/** Every SCIM route, mounted at `/scim/v2`. */
export const scimRoutes = [
  scimServiceProviderConfigRoute,
  scimResourceTypesRoute,
  scimResourceTypeRoute,
  scimSchemasRoute,
  scimSchemaRoute,
  scimListUsersRoute,
  scimCreateUserRoute,
  scimGetUserRoute,
  scimReplaceUserRoute,
  scimPatchUserRoute,
  scimDeleteUserRoute,
];
