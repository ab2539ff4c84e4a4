/**
 * Answers of two-step sign-in (Account Settings and the sign-in's code step), described by their
 * zod schemas (api/account-schemas.ts) and checked by src/generated/answers/.
 */
import type { ConfirmTwoStepAnswer } from '../generated/answers/ConfirmTwoStepAnswer';
import type { GetIdentityProofMethodsAnswer } from '../generated/answers/GetIdentityProofMethodsAnswer';
import type { GetTwoStepStatusAnswer } from '../generated/answers/GetTwoStepStatusAnswer';
import type { SessionAnswer } from '../generated/answers/SessionAnswer';
import type { SignInAnswer } from '../generated/answers/SignInAnswer';
import type { StartTwoStepSetupAnswer } from '../generated/answers/StartTwoStepSetupAnswer';

/** The proofs of who is at the keyboard: a passkey, an authenticator (or recovery) code, the password. */
export const proofMethods = ['passkey', 'code', 'password'] as const;
export type ProofMethod = (typeof proofMethods)[number];

/**
 * GET /api/verify-identity: the proofs that satisfy a step-up for this person, which are those of
 * their strongest factor (never the password when they have an app or a passkey). Empty: nothing
 * to type; they sign in again.
 */
export type IdentityProofMethods = GetIdentityProofMethodsAnswer;

/** GET /api/two-step: whether it is on, since when (ms), and how many recovery codes are unused. */
export type TwoStepStatus = GetTwoStepStatusAnswer;

/** POST /api/two-step/setup: the new secret as text (groups of four), its otpauth URI and QR code. */
export type TwoStepSetup = StartTwoStepSetupAnswer;

/** POST /api/two-step/confirm and /api/two-step/recovery-codes: the codes, shown once. */
export type RecoveryCodesResponse = ConfirmTwoStepAnswer;

/**
 * POST /api/login or /api/login-google when the account has two-step sign-in on: no session yet;
 * an HttpOnly cookie holds the waiting sign-in, and the code is asked on /login/code.
 */
export type SecondStepResponse = Exclude<SignInAnswer, SessionAnswer>;
