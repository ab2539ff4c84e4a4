/**
 * The user object the API returns and the browser keeps in storage, and the answers of the
 * sign-in calls. It carries no secrets: the session token itself stays in an HttpOnly cookie.
 * Shapes, not zod: islands check these answers (see shape.ts).
 */
import { boolean, integer, object, oneOf, optional, string, type Infer } from './shape.ts';

export const planLabels = ['Trial', 'Standard', 'Enterprise'] as const;
export type PlanLabel = (typeof planLabels)[number];

export const licenseStatuses = ['active', 'expired', 'suspended', 'revoked'] as const;
export type LicenseStatus = (typeof licenseStatuses)[number];

export const userSchema = object({
  userId: string,
  customerName: string,
  email: string,
  plan: oneOf(planLabels),
  /** Status of the user's license. */
  licenseStatus: oneOf(licenseStatuses),
  /** ISO 8601 dates. */
  activationDate: string,
  expirationDate: string,
  licenseKey: string,
  isDeleted: boolean,
  /** When this browser session started (ISO); the dashboard shows it. */
  sessionStartedAt: string,
  /** How the account signs in. */
  authProvider: oneOf(['email', 'google']),
  /**
   * The account owns an Enterprise organization: the dashboard shows Team. Sent by GET /api/me
   * (asked on every dashboard page), absent from the sign-in answers.
   */
  ownsOrganization: optional(boolean),
  /**
   * The account holds a seat of an organization (its license is the seat's): an owner's My
   * Account shows its own license only then. Sent by GET /api/me with `ownsOrganization`.
   */
  holdsSeat: optional(boolean),
});
export type User = Infer<typeof userSchema>;

/**
 * Answer of every sign-in call (token, user, tokenExpiration). The session cookie is
 * also set; `token` is returned for API clients such as the plugin and is never stored by the site.
 */
export const authResponseSchema = object({
  token: string,
  user: userSchema,
  /** Session expiry, milliseconds since the epoch. */
  tokenExpiration: integer,
});
export type AuthResponse = Infer<typeof authResponseSchema>;

/** GET /api/me: the signed-in user and when the session ends (ms since the epoch). */
export const meResponseSchema = object({
  user: userSchema,
  tokenExpiration: integer,
});
export type MeResponse = Infer<typeof meResponseSchema>;

/** Plain `{ message }` answers (logout, delete, forgot/reset password, contact). */
export const messageResponseSchema = object({ message: string });
export type MessageResponse = Infer<typeof messageResponseSchema>;
