/**
 * The SCIM 2.0 service at /scim/v2 (RFC 7644), for an organization's identity provider: every
 * call needs the organization's bearer token (services/organizations/scim/tokens.ts), bodies are
 * application/scim+json or application/json of 64 KB at most, and every failure, including a
 * path or method this service does not have, answers the SCIM error shape. The handlers read
 * bodies and queries themselves so that a bad one is SCIM's 400, never the API's own error.
 */
import type { Context } from 'hono';
import { ScimMessages, ScimSchemas } from '../../src/contract/scim';
import {
  scimCreateUserRoute,
  scimDeleteUserRoute,
  scimGetUserRoute,
  scimListUsersRoute,
  scimPatchUserRoute,
  scimReplaceUserRoute,
  scimResourceTypeRoute,
  scimResourceTypesRoute,
  scimSchemaRoute,
  scimSchemasRoute,
  scimServiceProviderConfigRoute,
} from '../../src/contract/api/scim-routes';
import type { AppEnv } from '../env';
import { MAX_BODY_BYTES } from '../middleware/api-guards';
import { declaredRoutes } from '../lib/openapi';
import type { OrganizationRow } from '../db/schema';
import {
  resourceTypeById,
  resourceTypes,
  schemaById,
  schemas,
  serviceProviderConfig,
} from '../services/organizations/scim/discovery';
import { ScimError } from '../services/organizations/scim/errors';
import { authenticateScim } from '../services/organizations/scim/tokens';
import {
  createScimUser,
  deleteScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
} from '../services/organizations/scim/users';

const SCIM_JSON = 'application/scim+json; charset=utf-8';

function scimJson(c: Context<AppEnv>, body: unknown, status: 200 | 201 = 200): Response {
  return c.body(JSON.stringify(body), status, { 'Content-Type': SCIM_JSON });
}

/** The SCIM error answer. */
function scimError(error: ScimError): Response {
  const body = {
    schemas: [ScimSchemas.error],
    status: String(error.status),
    ...(error.scimType ? { scimType: error.scimType } : {}),
    detail: error.detail,
  };
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { 'Content-Type': SCIM_JSON, ...error.headers },
  });
}

/** Runs a SCIM handler: its failures as SCIM errors, anything unexpected a logged 500. */
async function answer(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ScimError) return scimError(error);
    console.error('SCIM call failed', error);
    return scimError(new ScimError(500, null, ScimMessages.internal));
  }
}

/** Runs `handle` for the organization the call's token names. */
function withOrganization(
  c: Context<AppEnv>,
  handle: (organization: OrganizationRow) => Promise<Response>,
): Promise<Response> {
  return answer(async () =>
    handle(await authenticateScim(c.get('deps'), c.req.header('Authorization'))),
  );
}

/** The JSON object of a request body: 415 for another media type, 413 over 64 KB, 400 otherwise. */
async function bodyOf(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const mediaType = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/scim+json' && mediaType !== 'application/json') {
    throw new ScimError(415, null, ScimMessages.wrongMediaType);
  }
  const declared = Number(c.req.header('Content-Length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new ScimError(413, null, ScimMessages.tooLarge);
  const text = await c.req.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) {
    throw new ScimError(413, null, ScimMessages.tooLarge);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ScimError(400, 'invalidSyntax', ScimMessages.badJson);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ScimError(400, 'invalidSyntax', ScimMessages.notAnObject);
  }
  return body as Record<string, unknown>;
}

/**
 * A declared route's handler. SCIM answers are application/scim+json built here, not the typed
 * JSON answers @hono/zod-openapi checks handlers against, so the handler is handed over untyped.
 */
const handler = (run: (c: Context<AppEnv>) => Promise<Response>) => run as never;

const notFound = () => new ScimError(404, null, ScimMessages.notFound);

/** The methods each path of this service answers, for a 405's `Allow` (404 for other paths). */
function allowedAt(path: string): string | null {
  const rest = path.replace(/^\/scim\/v2/, '').replace(/\/$/, '');
  if (/^\/(ServiceProviderConfig|ResourceTypes(\/[^/]+)?|Schemas(\/[^/]+)?)$/.test(rest))
    return 'GET';
  if (rest === '/Users') return 'GET, POST';
  if (/^\/Users\/[^/]+$/.test(rest)) return 'GET, PUT, PATCH, DELETE';
  return null;
}

export const scimRoutes = declaredRoutes<AppEnv>()
  .openapi(
    scimServiceProviderConfigRoute,
    handler((c) =>
      withOrganization(c, async () => scimJson(c, serviceProviderConfig(c.get('deps').origin))),
    ),
  )
  .openapi(
    scimResourceTypesRoute,
    handler((c) =>
      withOrganization(c, async () => scimJson(c, resourceTypes(c.get('deps').origin))),
    ),
  )
  .openapi(
    scimResourceTypeRoute,
    handler((c) =>
      withOrganization(c, async () => {
        const found = resourceTypeById(c.get('deps').origin, c.req.param('id') ?? '');
        if (!found) throw notFound();
        return scimJson(c, found);
      }),
    ),
  )
  .openapi(
    scimSchemasRoute,
    handler((c) => withOrganization(c, async () => scimJson(c, schemas(c.get('deps').origin)))),
  )
  .openapi(
    scimSchemaRoute,
    handler((c) =>
      withOrganization(c, async () => {
        const found = schemaById(c.get('deps').origin, c.req.param('id') ?? '');
        if (!found) throw notFound();
        return scimJson(c, found);
      }),
    ),
  )
  .openapi(
    scimListUsersRoute,
    handler((c) =>
      withOrganization(c, async (organization) =>
        scimJson(
          c,
          await listScimUsers(c.get('deps'), organization, {
            filter: c.req.query('filter'),
            startIndex: c.req.query('startIndex'),
            count: c.req.query('count'),
          }),
        ),
      ),
    ),
  )
  .openapi(
    scimCreateUserRoute,
    handler((c) =>
      withOrganization(c, async (organization) => {
        const body = await bodyOf(c);
        const user = await createScimUser(c.get('deps'), organization, body);
        c.header('Location', String((user.meta as { location: string }).location));
        return scimJson(c, user, 201);
      }),
    ),
  )
  .openapi(
    scimGetUserRoute,
    handler((c) =>
      withOrganization(c, async (organization) =>
        scimJson(c, await getScimUser(c.get('deps'), organization, c.req.param('id') ?? '')),
      ),
    ),
  )
  .openapi(
    scimReplaceUserRoute,
    handler((c) =>
      withOrganization(c, async (organization) => {
        const body = await bodyOf(c);
        const id = c.req.param('id') ?? '';
        return scimJson(c, await replaceScimUser(c.get('deps'), organization, id, body));
      }),
    ),
  )
  .openapi(
    scimPatchUserRoute,
    handler((c) =>
      withOrganization(c, async (organization) => {
        const body = await bodyOf(c);
        const id = c.req.param('id') ?? '';
        return scimJson(c, await patchScimUser(c.get('deps'), organization, id, body));
      }),
    ),
  )
  .openapi(
    scimDeleteUserRoute,
    handler((c) =>
      withOrganization(c, async (organization) => {
        await deleteScimUser(c.get('deps'), organization, c.req.param('id') ?? '');
        return c.body(null, 204);
      }),
    ),
  )
  // Groups and bulk are not supported (ServiceProviderConfig says so): 501 in the SCIM shape,
  // to a caller with a valid token.
  .all('/Groups', (c) =>
    withOrganization(c, async () => {
      throw new ScimError(501, null, ScimMessages.groupsUnsupported);
    }),
  )
  .all('/Groups/*', (c) =>
    withOrganization(c, async () => {
      throw new ScimError(501, null, ScimMessages.groupsUnsupported);
    }),
  )
  .all('/Bulk', (c) =>
    withOrganization(c, async () => {
      throw new ScimError(501, null, ScimMessages.bulkUnsupported);
    }),
  )
  // Anything else under /scim/v2: 405 for a known path asked with another method, else 404.
  .all('*', (c) =>
    answer(async () => {
      const allow = allowedAt(c.req.path);
      if (allow) throw new ScimError(405, null, ScimMessages.methodNotAllowed, { Allow: allow });
      throw notFound();
    }),
  );
