/**
 * Step-up: the one list of actions that want a recent proof of who is at the keyboard, not only a
 * signed-in session, and the one rule that checks it. A session can be stolen, or a computer left
 * unlocked; what changes how the account signs in, or what an operator changes for a customer,
 * must be done by the person, now.
 *
 * The rule: a proof younger than `limits.freshVerificationMinutes` (10), of the strongest factor
 * the person has — an authenticator code (or a recovery code) or a passkey when they have either,
 * the password only when it is all they have, and a fresh sign-in for an account with neither (a
 * Google-only account). Older or weaker answers 403 FRESH_VERIFICATION_REQUIRED; the islands then
 * ask for that proof (GET /api/verify-identity names it) and try again.
 */
import { ApiMessages } from '../../../../src/contract/messages';
import { limits } from '../../../../src/site.config';
import type { ProofMethod } from '../../../../src/contract/two-step';
import { fail } from '../../../lib/errors';
import type { Db, Millis } from '../../shared/db';
import { secondFactorsOf } from './second-factors';
import type { SessionInfo } from './sessions';
import { findUserById } from './users';

/** Every action that needs a step-up, and how it is asked for. */
export const stepUpActions = {
  /** Every POST, PUT, PATCH and DELETE under /api/admin (middleware/operator.ts). */
  'console-change': 'changing anything from the operator console',
  /** The current password in the body proves a person whose password is all they have. */
  'change-password': 'changing the password',
  'set-password': 'setting a first password',
  /** Starting the setup and confirming it with the app's first code. */
  'two-step-on': 'turning two-step sign-in on',
  /** A code in the body is the proof (the password never is: the app is a stronger factor). */
  'two-step-off': 'turning two-step sign-in off',
  /** A code in the body is the proof. */
  'recovery-codes': 'making new recovery codes',
  /** Asking for the options and sending the new passkey. */
  'add-passkey': 'adding a passkey',
  'remove-passkey': 'removing a passkey',
  /** Saving the organization's single sign-on connection (who may sign in through which provider). */
  'sso-settings': 'saving the single sign-on settings',
  /** Making or replacing the organization's SCIM token (which can add and remove members). */
  'scim-token': 'making a SCIM token',
} as const;
export type StepUpAction = keyof typeof stepUpActions;

/** The strongest factor a person has, which a step-up must prove. */
export type Factor = 'second-factor' | 'password' | 'sign-in';

const rank: Record<Factor, number> = { 'sign-in': 0, password: 1, 'second-factor': 2 };

/** The strongest factor of `userId`, and the proofs that give it (strongest first). */
export async function strongestFactor(
  db: Db,
  userId: string,
): Promise<{ factor: Factor; methods: ProofMethod[] }> {
  const [user, factors] = await Promise.all([
    findUserById(db, userId),
    secondFactorsOf(db, userId),
  ]);
  if (factors.passkey || factors.authenticator) {
    const methods: ProofMethod[] = [];
    if (factors.passkey) methods.push('passkey');
    if (factors.authenticator) methods.push('code');
    return { factor: 'second-factor', methods };
  }
  if (user?.passwordHash) return { factor: 'password', methods: ['password'] };
  // Nothing to type: only signing in again proves it.
  return { factor: 'sign-in', methods: [] };
}

/** What the step-up of one request may rely on besides the session. */
export interface StepUpOptions {
  /** A proof the request carries itself and the caller checks (the current password, a code). */
  carries?: Exclude<Factor, 'sign-in'>;
}

/**
 * 403 FRESH_VERIFICATION_REQUIRED unless the person at `session` proved their strongest factor in
 * the last `freshVerificationMinutes`, or the request carries a proof as strong (`options`).
 * `action` names the entry of `stepUpActions` the caller performs.
 */
export async function assertStepUp(
  { db, now }: { db: Db; now: Millis },
  session: SessionInfo,
  action: StepUpAction,
  options: StepUpOptions = {},
): Promise<void> {
  const { factor } = await strongestFactor(db, session.userId);
  if (options.carries && rank[options.carries] >= rank[factor]) return;
  const provedAt = factor === 'second-factor' ? session.secondFactorAt : session.verifiedAt;
  if (provedAt === null || now - provedAt > limits.freshVerificationMinutes * 60_000) {
    throw fail('FRESH_VERIFICATION_REQUIRED', { message: freshProofText(action, factor) });
  }
}

/** The refusal in words: what to prove, for what. */
function freshProofText(action: StepUpAction, factor: Factor): string {
  const what = stepUpActions[action];
  if (factor === 'second-factor') return ApiMessages.freshProofSecondFactor(what);
  if (factor === 'password') return ApiMessages.freshProofPassword(what);
  return ApiMessages.freshProofSignIn(what, limits.freshVerificationMinutes);
}
