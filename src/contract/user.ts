/**
 * The user object the API returns and the browser keeps in storage.
 * It carries no secrets: the session token itself stays in an HttpOnly cookie.
 */
import { z } from 'zod';

export const planLabels = ['Trial', 'Standard', 'Enterprise'] as const;
export type PlanLabel = (typeof planLabels)[number];

export const licenseStatuses = ['active', 'expired', 'suspended', 'revoked'] as const;
export type LicenseStatus = (typeof licenseStatuses)[number];

export const userSchema = z.object({
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
});
export type User = z.infer<typeof userSchema>;

/**
 * Answer of every sign-in call (SPEC §7: token, user, tokenExpiration). The session cookie is
 * also set; `token` is returned for API clients such as the plugin and is never stored by the site.
 */
export const authResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
  /** Session expiry, milliseconds since the epoch. */
  tokenExpiration: z.number().int(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** GET /api/me: the signed-in user and when the session ends (ms since the epoch). */
export const meResponseSchema = z.object({
  user: userSchema,
  tokenExpiration: z.number().int(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
