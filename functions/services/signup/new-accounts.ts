/**
 * Who is signing up, by e-mail or by Google, before the account exists: the steps both plans
 * share (a trial becomes an account at once; a Standard signup waits for payment as a pending
 * signup). The UNIQUE columns of `users` stay the real guard; the checks here answer early.
 */
import type { RegisterEmailBody, RegisterGoogleBody } from '../../../src/contract/schemas/auth';
import type { SignupPlan } from '../../../src/contract/signup';
import { toPlainLine } from '../../../src/contract/plain-text';
import type { GoogleProfile } from '../../adapters/types';
import { fail } from '../../lib/errors';
import type { Deps } from '../shared/deps';
import { normalizeEmail } from '../shared/emails';
import { useGoogleTokenOnce, verifyGoogleToken } from '../core/users/google-tokens';
import { assertPasswordAllowed, hashPassword } from '../core/users/passwords';
import { assertNoAccount, type AccountIdentity } from '../core/users/users';
import { assertPasswordAllowedFor } from '../core/organizations/sso-required';
import { consumeVerification, findVerified } from './verification';

/** A new account's identity and the device it signs up from. */
export interface NewAccount extends AccountIdentity {
  fingerprintId: string;
}

/**
 * The e-mail signup step of both plans: the password is allowed; the e-mail was verified recently
 * for `plan` from the same device (fingerprint); it has no account, and `check` (the trial rule,
 * for a trial) passes. Then the password is hashed and the verification used up, exactly once.
 */
export async function claimEmailSignup(
  deps: Deps,
  body: RegisterEmailBody,
  plan: SignupPlan,
  check: (
    account: Pick<NewAccount, 'emailNormalized' | 'fingerprintId'>,
  ) => Promise<void> = async () => {},
): Promise<NewAccount> {
  await assertPasswordAllowed(body.password);
  const emailNormalized = normalizeEmail(body.email);
  const verification = await findVerified(deps, body.email);
  if (
    verification.formData.fingerprintId !== body.fingerprintId ||
    verification.formData.plan !== plan
  ) {
    throw fail('NOT_VERIFIED');
  }
  await assertNoAccount(deps.db, emailNormalized);
  await assertPasswordAllowedFor(deps.db, emailNormalized);
  await check({ emailNormalized, fingerprintId: body.fingerprintId });
  const passwordHash = await hashPassword(body.password, deps.secrets.pepper);
  await consumeVerification(deps, verification.id);
  return {
    customerName: body.customerName,
    email: body.email,
    emailNormalized,
    passwordHash,
    googleSub: null,
    fingerprintId: body.fingerprintId,
  };
}

/**
 * The Google signup step of both plans: the ID token is verified, the Google account and its
 * e-mail have no account yet, and `check` (the trial rule, for a trial) passes; only then is the
 * token used up, so a refused attempt does not burn it.
 */
export async function claimGoogleSignup(
  deps: Deps,
  body: Pick<RegisterGoogleBody, 'googleToken' | 'fingerprintId'>,
  check: (account: NewAccount, googleEmail: string) => Promise<void> = async () => {},
): Promise<NewAccount> {
  const profile = await verifyGoogleToken(deps, body.googleToken);
  const account = googleAccount(profile, body.fingerprintId);
  await assertNoAccount(deps.db, account.emailNormalized, profile.sub);
  await assertPasswordAllowedFor(deps.db, account.emailNormalized);
  await check(account, profile.email);
  await useGoogleTokenOnce(deps, body.googleToken);
  return account;
}

/** The identity of an account made from a verified Google profile. */
function googleAccount(profile: GoogleProfile, fingerprintId: string): NewAccount {
  // Google's name is not ours to refuse: made one plain line instead.
  const name = toPlainLine(profile.name) || profile.email.split('@')[0] || profile.email;
  return {
    // Google's name, else the e-mail's local part; at most 100 characters, as the form allows.
    customerName: name.slice(0, 100),
    email: profile.email.trim(),
    emailNormalized: normalizeEmail(profile.email),
    passwordHash: null,
    googleSub: profile.sub,
    fingerprintId,
  };
}
