/**
 * The trial signup flows (SPEC §4 "Signup flow"): verify the e-mail with a code, then create the
 * account by e-mail and password or by Google. The standard-plan flows (payments issue) reuse
 * `startVerification`, `checkCode` and the account services.
 */
import { ErrorCode, Messages } from '../../src/contract/errors';
import type { RegisterEmailBody } from '../../src/contract/auth';
import type { GoogleProfile } from '../adapters/types';
import { ApiError } from '../lib/errors';
import { assertNoAccount, createTrialAccount, type SignedIn } from './accounts';
import type { Db, Millis } from './db';
import { normalizeEmail } from './emails';
import { useGoogleTokenOnce } from './google-tokens';
import { hashPassword, isCommonPassword } from './passwords';
import type { SessionClient } from './sessions';
import { assertTrialAllowed } from './trials';
import {
  consumeVerification,
  findVerified,
  issueCode,
  notVerified,
  type IssuedCode,
  type VerificationForm,
} from './verification';

/**
 * Checks that the form may go ahead (no account with the e-mail; for a trial also no disposable
 * domain and no earlier trial of the e-mail or device) and issues a code for it.
 */
export async function startVerification(
  db: Db,
  secret: string,
  form: VerificationForm,
  now: Millis,
): Promise<IssuedCode> {
  const emailNormalized = normalizeEmail(form.email);
  await assertNoAccount(db, emailNormalized);
  if (form.plan === 'trial') {
    await assertTrialAllowed(
      db,
      { emailNormalized, fingerprintId: form.fingerprintId },
      form.email,
    );
  }
  return issueCode(db, secret, form, now);
}

/** 400 WEAK_PASSWORD for one of the 10 000 most common passwords (DESIGN §4). */
export function assertPasswordAllowed(password: string) {
  if (isCommonPassword(password)) {
    throw new ApiError(400, ErrorCode.WEAK_PASSWORD, Messages.commonPassword);
  }
}

/** Secrets the signup services need. */
export interface SignupSecrets {
  jwtSecret: string;
  pepper: string;
}

/**
 * Completes an e-mail trial signup: the e-mail must have been verified recently from the same
 * device (fingerprint) for a trial; the verification is used up; then one batch creates account,
 * license, trial-ledger rows and session.
 */
export async function registerEmailTrial(
  db: Db,
  secrets: SignupSecrets,
  body: RegisterEmailBody,
  client: SessionClient,
  now: Millis,
): Promise<SignedIn> {
  assertPasswordAllowed(body.password);
  const emailNormalized = normalizeEmail(body.email);
  const verification = await findVerified(db, body.email, now);
  if (
    verification.formData.fingerprintId !== body.fingerprintId ||
    verification.formData.plan !== 'trial'
  ) {
    throw notVerified();
  }
  // Friendly early answers; the UNIQUE constraints in the batch below are the real guard.
  await assertNoAccount(db, emailNormalized);
  await assertTrialAllowed(db, { emailNormalized, fingerprintId: body.fingerprintId }, body.email);

  const passwordHash = await hashPassword(body.password, secrets.pepper);
  await consumeVerification(db, verification.id, now);
  return createTrialAccount(
    db,
    secrets.jwtSecret,
    {
      customerName: body.customerName,
      email: body.email,
      emailNormalized,
      passwordHash,
      googleSub: null,
      fingerprintId: body.fingerprintId,
    },
    client,
    now,
  );
}

/**
 * Google trial signup: a new account for an unknown Google subject and e-mail, with Trial license,
 * ledger rows for e-mail, Google subject and fingerprint, and a session, in one batch.
 */
export async function registerGoogleTrial(
  db: Db,
  jwtSecret: string,
  profile: GoogleProfile,
  idToken: string,
  fingerprintId: string,
  client: SessionClient,
  now: Millis,
): Promise<SignedIn> {
  const emailNormalized = normalizeEmail(profile.email);
  await assertNoAccount(db, emailNormalized, profile.sub);
  await assertTrialAllowed(
    db,
    { emailNormalized, fingerprintId, googleSub: profile.sub },
    profile.email,
  );
  await useGoogleTokenOnce(db, idToken, now);
  const customerName = profile.name.trim() || profile.email.split('@')[0] || profile.email;
  return createTrialAccount(
    db,
    jwtSecret,
    {
      customerName: customerName.slice(0, 100),
      email: profile.email.trim(),
      emailNormalized,
      passwordHash: null,
      googleSub: profile.sub,
      fingerprintId,
    },
    client,
    now,
  );
}
