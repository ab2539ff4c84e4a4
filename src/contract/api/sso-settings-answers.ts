/**
 * The answers of the owner's single sign-on calls (src/contract/sso-settings.ts names their
 * types), described once: what the Worker's answers are typed by, what the published API states,
 * and what `npm run openapi` turns into the islands' checks. The client secret is never in them,
 * sealed or not. Worker and contract only.
 */
import { z } from 'zod';
import { lazySchema } from '../schemas/lazy';

/** The organization's connection, as saved; never its secret. */
export const ssoConnectionSchema = lazySchema(() =>
  z.object({
    /** The provider's issuer URL, as its discovery document names it. */
    issuer: z.string(),
    clientId: z.string(),
    /** True once a client secret is saved (it is kept encrypted and never answered). */
    secretSaved: z.boolean(),
    /** "Require single sign-on": password, Google and passkey sign-in refused for members on the verified domains (never the owner). */
    required: z.boolean(),
    /** ISO 8601 of the last save. */
    updatedAt: z.string(),
    /** The last sign-in the provider completed (ISO 8601) and whose; null before the first. */
    lastSignInAt: z.nullable(z.string()),
    lastSignInEmail: z.nullable(z.string()),
    /** The last sign-in that failed at or after the provider (ISO 8601) and why, in words; null if none. */
    lastFailureAt: z.nullable(z.string()),
    lastFailure: z.nullable(z.string()),
  }),
);

/** GET /api/team/sso: what to register at the provider, the domains served, and the connection. */
export const ssoSettingsSchema = lazySchema(() =>
  z.object({
    /** The redirect URI to register at the provider: the site's origin + /sso/callback. */
    redirectUri: z.string(),
    /** The organization's verified domains: single sign-on serves only their addresses. */
    verifiedDomains: z.array(z.string()),
    /** Null while the organization has no connection. */
    connection: z.nullable(ssoConnectionSchema),
  }),
);

/** A change's answer: a sentence to show, and the settings as they are now. */
export const ssoChangeSchema = lazySchema(() =>
  z.object({ message: z.string(), settings: ssoSettingsSchema }),
);
