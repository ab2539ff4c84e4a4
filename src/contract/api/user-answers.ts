/**
 * The zod twins of the answers src/contract/user.ts describes with shapes, so the published API
 * states their fields. The pages keep checking those answers with the shapes (no zod in the
 * browser); each `Agree` below fails the build if a twin and its shape ever differ. Worker and
 * contract only: no island imports this.
 */
import { z } from 'zod';
import type { Agree } from '../schemas/agree';
import { lazySchema } from '../schemas/lazy';
import {
  licenseStatuses,
  planLabels,
  type AuthResponse,
  type MeResponse,
  type MessageResponse,
  type User,
} from '../user';

export const userSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    customerName: z.string(),
    email: z.string(),
    plan: z.enum(planLabels),
    /** Status of the user's license. */
    licenseStatus: z.enum(licenseStatuses),
    /** ISO 8601 dates. */
    activationDate: z.string(),
    expirationDate: z.string(),
    licenseKey: z.string(),
    isDeleted: z.boolean(),
    /** When this browser session started (ISO); the dashboard shows it. */
    sessionStartedAt: z.string(),
    /** How the account signs in. */
    authProvider: z.enum(['email', 'google']),
    /**
     * The account owns an Enterprise organization: the dashboard shows Team. Sent by GET /api/me
     * (asked on every dashboard page), absent from the sign-in answers.
     */
    ownsOrganization: z.optional(z.boolean()),
    /**
     * The account holds a seat of an organization (its license is the seat's): an owner's My
     * Account shows its own license only then. Sent by GET /api/me with `ownsOrganization`.
     */
    holdsSeat: z.optional(z.boolean()),
  }),
);

const userAgrees: Agree<typeof userSchema, User> = true;

/**
 * Answer of every sign-in call (token, user, tokenExpiration). The session cookie is
 * also set; `token` is returned for API clients such as the plugin and is never stored by the site.
 */
export const authResponseSchema = lazySchema(() =>
  z.object({
    token: z.string(),
    user: userSchema,
    /** Session expiry, milliseconds since the epoch. */
    tokenExpiration: z.int(),
  }),
);

const authResponseAgrees: Agree<typeof authResponseSchema, AuthResponse> = true;

/** GET /api/me: the signed-in user and when the session ends (ms since the epoch). */
export const meResponseSchema = lazySchema(() =>
  z.object({
    user: userSchema,
    tokenExpiration: z.int(),
  }),
);

const meResponseAgrees: Agree<typeof meResponseSchema, MeResponse> = true;

/** Plain `{ message }` answers (logout, delete, forgot/reset password, contact). */
export const messageResponseSchema = lazySchema(() => z.object({ message: z.string() }));

const messageResponseAgrees: Agree<typeof messageResponseSchema, MessageResponse> = true;

void [userAgrees, authResponseAgrees, meResponseAgrees, messageResponseAgrees];
