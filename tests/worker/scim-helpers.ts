/**
 * Helpers for the SCIM tests: an organization with its SCIM token, and calls to /scim/v2 as an
 * identity provider makes them.
 */
import { expect } from 'vitest';
import type { ScimTokenAnswer } from '../../src/contract/scim';
import { accountApp, type AccountApp, type SignedInAccount } from './account-helpers';
import { operator, type OperatorAccount } from './admin-helpers';
import { organization, ownerPost } from './organizations-helpers';

export const ERROR_URN = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const USER_URN = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const PATCH_URN = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

export interface ScimWorld {
  app: AccountApp;
  organizationId: string;
  owner: SignedInAccount;
  admin: OperatorAccount;
  token: string;
}

/** The owner makes (or replaces) the organization's SCIM token; answers it. */
export async function makeToken(app: AccountApp, owner: SignedInAccount): Promise<string> {
  const response = await ownerPost(app, owner, '/api/team/scim/token');
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json<ScimTokenAnswer>()).token;
}

/** A fresh app, an organization of `seats` seats created in the console, and its SCIM token. */
export async function scimWorld(seats = 3): Promise<ScimWorld> {
  const app = accountApp();
  const admin = await operator(app);
  const { id, owner } = await organization(app, admin, { seats });
  return { app, organizationId: id, owner, admin, token: await makeToken(app, owner) };
}

/** A SCIM call with the token; a body is sent as application/scim+json (a string as it is). */
export function scim(
  world: Pick<ScimWorld, 'app' | 'token'>,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return world.app.request(`/scim/v2${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${world.token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/scim+json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

/** A User as Entra ID sends it. */
export function entraUser(email: string, extra: Record<string, unknown> = {}) {
  return {
    schemas: [USER_URN, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
    externalId: `ext-${email}`,
    userName: email,
    active: true,
    displayName: 'Ana Lopez',
    title: 'Structural engineer',
    emails: [{ primary: true, type: 'work', value: email }],
    name: { formatted: 'Ana Lopez', familyName: 'Lopez', givenName: 'Ana' },
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Structures' },
    ...extra,
  };
}

/** Creates a user and answers its resource (asserting 201). */
export async function createUser(
  world: Pick<ScimWorld, 'app' | 'token'>,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string } & Record<string, unknown>> {
  const response = await scim(world, 'POST', '/Users', entraUser(email, extra));
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

/** Asserts a SCIM error answer: its status, shape and scimType; answers its detail. */
export async function expectScimError(
  response: Response,
  status: number,
  scimType?: string,
): Promise<string> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get('Content-Type')).toMatch(/^application\/scim\+json/);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(body.schemas).toEqual([ERROR_URN]);
  expect(body.status).toBe(String(status));
  if (scimType) expect(body.scimType).toBe(scimType);
  expect(typeof body.detail).toBe('string');
  return body.detail as string;
}
