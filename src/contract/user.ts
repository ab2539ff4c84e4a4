/**
 * The user object the API returns and the browser keeps in storage, and the answers of the
 * sign-in calls. It carries no secrets: the session token itself stays in an HttpOnly cookie.
 * Described by zod schemas (api/account-schemas.ts) and checked by src/generated/answers/.
 */
import type { GetSignedInUserAnswer } from '../generated/answers/GetSignedInUserAnswer';
import type { MessageAnswer } from '../generated/answers/MessageAnswer';
import type { SessionAnswer } from '../generated/answers/SessionAnswer';
export type { User } from '../generated/answers/User';

export const planLabels = ['Trial', 'Standard', 'Enterprise'] as const;
export type PlanLabel = (typeof planLabels)[number];

export const licenseStatuses = ['active', 'expired', 'suspended', 'revoked'] as const;
export type LicenseStatus = (typeof licenseStatuses)[number];

/**
 * Answer of every sign-in call (token, user, tokenExpiration). The session cookie is
 * also set; `token` is returned for API clients such as the plugin and is never stored by the site.
 */
export type AuthResponse = SessionAnswer;

/** GET /api/me: the signed-in user and when the session ends (ms since the epoch). */
export type MeResponse = GetSignedInUserAnswer;

/** Plain `{ message }` answers (logout, delete, forgot/reset password, contact). */
export type MessageResponse = MessageAnswer;
