/**
 * The answers the sign-in, signup, account, passkey and two-step calls give, described once:
 * these zod schemas are what the published contract states and what `npm run openapi` turns into
 * the islands' checks (src/generated/answers/); ../user.ts, ../signup.ts, ../account.ts,
 * ../usage.ts, ../passkeys.ts and ../two-step.ts name their types. Worker and contract only: no
 * island imports this (no zod in the browser).
 */
import { z } from 'zod';
import { lazySchema } from '../schemas/lazy';
import { signupPlans } from '../signup';
import { proofMethods } from '../two-step';
import { licenseStatuses, planLabels } from '../user';

/** The signed-in account as the site shows it (no secret: the session token is not in it). */
export const userViewSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    customerName: z.string(),
    email: z.string(),
    plan: z.enum(planLabels),
    /** Status of the account's license. */
    licenseStatus: z.enum(licenseStatuses),
    /** ISO 8601. */
    activationDate: z.string(),
    expirationDate: z.string(),
    licenseKey: z.string(),
    isDeleted: z.boolean(),
    /** When this session started, ISO 8601. */
    sessionStartedAt: z.string(),
    /** How the account signs in. */
    authProvider: z.enum(['email', 'google']),
    /** Sent by GET /api/me only: the account owns an Enterprise organization. */
    ownsOrganization: z.boolean().optional(),
    /** Sent by GET /api/me only: the account's license is a seat of an organization. */
    holdsSeat: z.boolean().optional(),
  }),
).meta({ id: 'User' });

/** A new session: `token` for API clients (sent as Bearer), the same session also as a cookie. */
export const authResponseSchema = lazySchema(() =>
  z.object({
    token: z.string(),
    user: userViewSchema,
    /** When the session ends, milliseconds since the epoch. */
    tokenExpiration: z.number().int(),
  }),
).meta({ id: 'SessionAnswer' });

/** Two-step sign-in is on: no session yet; the code is asked on /login/code. */
export const secondStepResponseSchema = lazySchema(() =>
  z.object({
    secondFactorRequired: z.literal(true),
    /** When the waiting sign-in ends, milliseconds since the epoch. */
    expiresAt: z.number().int(),
  }),
);

/** What a password or Google sign-in answers: a session, or the code step. */
export const signInAnswerSchema = lazySchema(() =>
  z.union([authResponseSchema, secondStepResponseSchema]),
);

export const meResponseSchema = lazySchema(() =>
  z.object({
    user: userViewSchema,
    /** When the session ends, milliseconds since the epoch. */
    tokenExpiration: z.number().int(),
  }),
);

/** A sentence saying what was done. */
export const messageResponseSchema = lazySchema(() => z.object({ message: z.string() })).meta({
  id: 'MessageAnswer',
});

export const accountLicenseSchema = lazySchema(() =>
  z.object({
    devices: z.object({
      /** Devices active on the license now. */
      active: z.number().int(),
      /** Devices it may have active: the plan's limit, or an Enterprise seat's. */
      limit: z.number().int(),
    }),
    /** A card subscription's next step; null without one. */
    renewal: z
      .object({
        kind: z.enum(['renews', 'ends']),
        /** ISO 8601. */
        on: z.string(),
      })
      .nullable(),
  }),
);

export const usageSharingSchema = lazySchema(() =>
  z.object({
    /** Account Settings' "Share feature usage". */
    shareUsage: z.boolean(),
    /** With a change: what it did. */
    message: z.string().optional(),
  }),
);

export const sendVerificationResponseSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    /** 1 for the first code sent to this e-mail in the current window, then 2, 3, … */
    attempt: z.number().int(),
    /** Seconds the code stays valid. */
    expiresIn: z.number().int(),
  }),
);

export const verifyCodeResponseSchema = lazySchema(() =>
  z.object({
    verified: z.boolean(),
    /** The form the code was sent for (no password in it). */
    formData: z
      .object({
        customerName: z.string(),
        email: z.string(),
        plan: z.enum(signupPlans),
        fingerprintId: z.string(),
      })
      .meta({ id: 'VerifiedFormData' }),
    message: z.string(),
  }),
);

/** One passkey of the account (times in milliseconds since the epoch). */
export const passkeySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    createdAt: z.number().int(),
    lastUsedAt: z.number().int().nullable(),
    /** Synced between the owner's devices. */
    backedUp: z.boolean(),
  }),
);

export const passkeyListSchema = lazySchema(() =>
  z.object({
    /** Newest first. */
    passkeys: z.array(passkeySchema),
    /** How many the account may keep. */
    max: z.number().int(),
  }),
);

/** A WebAuthn ceremony: its id, sent back with the browser's answer, and the browser's options. */
export const passkeyOptionsSchema = lazySchema(() =>
  z.object({
    challengeId: z.string(),
    /** The options for `startRegistration` / `startAuthentication` of @simplewebauthn/browser. */
    options: z.unknown(),
  }),
).meta({ id: 'PasskeyOptionsAnswer' });

export const registrationOptionsSchema = lazySchema(() =>
  passkeyOptionsSchema.unwrap().extend({
    /** A name for the new passkey, from the browser's user agent ("Chrome on macOS"). */
    suggestedName: z.string(),
  }),
);

export const twoStepStatusSchema = lazySchema(() =>
  z.object({
    on: z.boolean(),
    /** When it was turned on, milliseconds since the epoch; null when off. */
    since: z.number().int().nullable(),
    recoveryCodesLeft: z.number().int(),
  }),
);

export const twoStepSetupSchema = lazySchema(() =>
  z.object({
    /** The new secret as text, in groups of four. */
    secret: z.string(),
    /** Its otpauth:// URI. */
    uri: z.string(),
    /** An SVG document of the QR code of `uri`. */
    qrSvg: z.string(),
  }),
);

export const recoveryCodesSchema = lazySchema(() =>
  z.object({
    /** Shown once; each signs in once instead of an authenticator code. */
    recoveryCodes: z.array(z.string()),
  }),
);

export const identityProofMethodsSchema = lazySchema(() =>
  z.object({
    /** The proofs that count, strongest first; empty: only signing in again proves it. */
    methods: z.array(z.enum(proofMethods)),
  }),
);
