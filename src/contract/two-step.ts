/**
 * Answers of two-step sign-in (Account Settings and the sign-in's code step). Shapes, not zod:
 * islands check these answers (see shape.ts).
 */
import {
  array,
  boolean,
  integer,
  literal,
  nullable,
  object,
  oneOf,
  string,
  type Infer,
  type Shape,
} from './shape.ts';
import { authResponseSchema, type AuthResponse } from './user.ts';

/** The proofs of who is at the keyboard: a passkey, an authenticator (or recovery) code, the password. */
export const proofMethods = ['passkey', 'code', 'password'] as const;
export type ProofMethod = (typeof proofMethods)[number];

/**
 * GET /api/verify-identity: the proofs that satisfy a step-up for this person, which are those of
 * their strongest factor (never the password when they have an app or a passkey). Empty: nothing
 * to type; they sign in again.
 */
export const identityProofMethodsSchema = object({ methods: array(oneOf(proofMethods)) });
export type IdentityProofMethods = Infer<typeof identityProofMethodsSchema>;

/** GET /api/two-step: whether it is on, since when (ms), and how many recovery codes are unused. */
export const twoStepStatusSchema = object({
  on: boolean,
  since: nullable(integer),
  recoveryCodesLeft: integer,
});
export type TwoStepStatus = Infer<typeof twoStepStatusSchema>;

/** POST /api/two-step/setup: the new secret as text (groups of four), its otpauth URI and QR code. */
export const twoStepSetupSchema = object({
  secret: string,
  uri: string,
  /** An SVG document of the QR code of `uri`, drawn by the Worker (no script in the page). */
  qrSvg: string,
});
export type TwoStepSetup = Infer<typeof twoStepSetupSchema>;

/** POST /api/two-step/confirm and /api/two-step/recovery-codes: the codes, shown once. */
export const recoveryCodesSchema = object({ recoveryCodes: array(string) });
export type RecoveryCodesResponse = Infer<typeof recoveryCodesSchema>;

/**
 * POST /api/login or /api/login-google when the account has two-step sign-in on: no session yet;
 * an HttpOnly cookie holds the waiting sign-in, and the code is asked on /login/code.
 */
export const secondStepResponseSchema = object({
  secondFactorRequired: literal(true),
  /** When the waiting sign-in ends, ms since the epoch. */
  expiresAt: integer,
});
export type SecondStepResponse = Infer<typeof secondStepResponseSchema>;

/** What POST /api/login and /api/login-google answer: a session, or the code step. */
export const signInAnswerSchema: Shape<AuthResponse | SecondStepResponse> = (value) =>
  authResponseSchema(value) || secondStepResponseSchema(value);
