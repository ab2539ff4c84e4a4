/**
 * The owner's Provisioning (SCIM) section of the team page: the organization's SCIM status, and
 * its bearer token made (or replaced) and revoked. The token is answered once and kept only as a
 * hash. The SCIM service itself is declared in scim-routes.ts. Paths are relative to `/api`.
 */
import { z } from 'zod';
import type { ErrorCode } from '../catalogue';
import { lazySchema } from '../schemas/lazy';
import { accountSession, sessionReadErrors, sessionWriteErrors } from './access';
import { messageResponseSchema } from './account-schemas';
import { declareRoute, errorAnswers, jsonAnswer } from './describe';

const tags = ['Team'];
const ownerReadErrors: readonly ErrorCode[] = [...sessionReadErrors, 'FORBIDDEN'];
const ownerWriteErrors: readonly ErrorCode[] = [...sessionWriteErrors, 'FORBIDDEN'];

export const scimStatusSchema = lazySchema(() =>
  z.object({
    /** What to paste into the identity provider as the SCIM base URL. */
    baseUrl: z.string(),
    /** ISO 8601; null while no token exists (never made, or revoked). */
    tokenCreatedAt: z.nullable(z.string()),
    /** ISO 8601 of the last SCIM call; null before the first. */
    lastCallAt: z.nullable(z.string()),
  }),
);

export const scimTokenAnswerSchema = lazySchema(() =>
  z.object({
    /** The bearer token, shown this once: only its hash is kept. */
    token: z.string(),
    status: scimStatusSchema,
  }),
);

export const scimStatusRoute = declareRoute({
  method: 'get',
  path: '/team/scim',
  operationId: 'getTeamScim',
  tags,
  summary: 'Provisioning (SCIM) status',
  description:
    "The SCIM base URL to give the identity provider, when the organization's token was made (null without one) and when the last SCIM call came.",
  security: accountSession,
  get responses() {
    return {
      200: jsonAnswer(scimStatusSchema, 'The status.'),
      ...errorAnswers(...ownerReadErrors),
    };
  },
});

export const createScimTokenRoute = declareRoute({
  method: 'post',
  path: '/team/scim/token',
  operationId: 'createTeamScimToken',
  tags,
  summary: 'Make or replace the SCIM token',
  description:
    "A new bearer token for the identity provider, answered this once. Any older token stops working at once. Needs a recent proof of the owner's strongest factor.",
  security: accountSession,
  get responses() {
    return {
      200: jsonAnswer(scimTokenAnswerSchema, 'The new token and the status.'),
      ...errorAnswers(...ownerWriteErrors, 'FRESH_VERIFICATION_REQUIRED'),
    };
  },
});

export const revokeScimTokenRoute = declareRoute({
  method: 'delete',
  path: '/team/scim/token',
  operationId: 'revokeTeamScimToken',
  tags,
  summary: 'Revoke the SCIM token',
  description:
    'The token stops working at once: the identity provider can no longer change the team. Members stay as they are.',
  security: accountSession,
  get responses() {
    return {
      200: jsonAnswer(messageResponseSchema, 'Revoked, with a sentence to show.'),
      ...errorAnswers(...ownerWriteErrors, 'NOT_FOUND'),
    };
  },
});

/** The owner's SCIM calls. */
export const teamScimRoutes = [scimStatusRoute, createScimTokenRoute, revokeScimTokenRoute];
