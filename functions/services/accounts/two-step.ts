/**
 * Two-step sign-in with an authenticator app, as Account Settings manages it:
 *
 * 1. setup: a new shared secret, shown as a QR code and as text; stored encrypted and unconfirmed,
 *    so it protects nothing yet (a newer setup replaces an unfinished one);
 * 2. confirm: the first code the app shows proves it holds the secret; two-step sign-in turns on,
 *    10 recovery codes are made (shown once, stored as keyed hashes), this session counts as one
 *    with a second factor, and the owner gets an e-mail — all in one db.batch;
 * 3. new recovery codes (with a current code), replacing every earlier one;
 * 4. off, with a current code or the password, and an e-mail.
 *
 * Each of these changes how the account signs in, so each is a step-up action
 * (core/users/step-up.ts): someone at an unlocked computer cannot tie the account to their own
 * phone, and the password alone cannot undo what an authenticator app or a passkey protects.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { IdentityProofBody } from '../../../src/contract/schemas/two-step';
import type {
  IdentityProofMethods,
  TwoStepSetup,
  TwoStepStatus,
} from '../../../src/contract/two-step';
import { recoveryCodes, totpFactors, type UserRow } from '../../db/schema';
import { fail } from '../../lib/errors';
import { deliverSoon, queueMailWhere } from '../core/mail/outbox';
import { twoStepOffMail, twoStepOnMail } from '../core/mail/security-templates';
import { verifyPassword } from '../core/users/passwords';
import { markSessionVerified, type SessionInfo } from '../core/users/sessions';
import { hasSecondFactor } from '../core/users/second-factors';
import { assertStepUp, strongestFactor } from '../core/users/step-up';
import { liveAccount } from '../core/users/users';
import type { Deps } from '../shared/deps';
import { enforceRateLimit } from '../shared/rate-limit';
import { describeUserAgent } from '../shared/user-agent';
import {
  acceptSecondFactorCode,
  confirmedTotp,
  newRecoveryCodes,
  newTotpSecret,
  openTotpSecret,
  sealTotpSecret,
  totpFor,
  totpStep,
  unusedRecoveryCodes,
} from './second-factor-codes';

/** Whether two-step sign-in is on, and how many recovery codes are left. */
export async function twoStepStatus(deps: Deps, userId: string): Promise<TwoStepStatus> {
  const [factor, [left]] = await Promise.all([
    confirmedTotp(deps.db, userId),
    unusedRecoveryCodes(deps.db, userId),
  ]);
  return factor
    ? { on: true, since: factor.confirmedAt, recoveryCodesLeft: left?.n ?? 0 }
    : { on: false, since: null, recoveryCodesLeft: 0 };
}

/** The secret in groups of four, as a person types it into an app. */
function readable(secretBase32: string): string {
  return secretBase32.match(/.{1,4}/g)?.join(' ') ?? secretBase32;
}

/** Step 1: a new secret for the account's authenticator app (replacing an unfinished setup). */
export async function startTwoStepSetup(deps: Deps, session: SessionInfo): Promise<TwoStepSetup> {
  const { db, now } = deps;
  const user = await liveAccount(deps.db, session.userId);
  await assertStepUp(deps, session, 'two-step-on');
  if (await confirmedTotp(db, user.id)) throw fail('TWO_STEP_ALREADY_ON');
  const secret = await newTotpSecret();
  const secretEncrypted = await sealTotpSecret(deps, secret);
  const replaced = await db
    .insert(totpFactors)
    .values({ userId: user.id, secretEncrypted, createdAt: now, confirmedAt: null, lastStep: null })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secretEncrypted, createdAt: now, lastStep: null },
      // A confirmed app is never replaced by a setup (a second tab confirmed it meanwhile).
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ userId: totpFactors.userId });
  if (replaced.length === 0) throw fail('TWO_STEP_ALREADY_ON');
  const uri = (await totpFor(user.email, secret)).toString();
  // The QR code's encoder is loaded by the set-ups that draw one, not by every Worker start.
  const { renderSVG } = await import('uqr');
  return {
    secret: readable(secret),
    uri,
    qrSvg: renderSVG(uri, { pixelSize: 4, whiteColor: '#ffffff', blackColor: '#111111' }),
  };
}

/** Step 2: the first code turns two-step sign-in on; answers the recovery codes, shown once. */
export async function confirmTwoStep(
  deps: Deps,
  session: SessionInfo,
  code: string,
): Promise<string[]> {
  const { db, now } = deps;
  const user = await liveAccount(deps.db, session.userId);
  const [factor] = await db
    .select()
    .from(totpFactors)
    .where(eq(totpFactors.userId, user.id))
    .limit(1);
  if (!factor) throw fail('TWO_STEP_SETUP_MISSING');
  if (factor.confirmedAt !== null) throw fail('TWO_STEP_ALREADY_ON');
  // The app's first code proves the new app, not the person: the setup's proof must still hold.
  await assertStepUp(deps, session, 'two-step-on');
  await enforceRateLimit(deps, 'secondFactorPerAccount', user.id);
  const step = await totpStep(await openTotpSecret(deps, factor), code.replace(/\s/g, ''), now);
  if (step === null) throw fail('WRONG_SECOND_FACTOR_CODE');

  // Only the setup this code was checked against, still unconfirmed (not a newer one).
  const thisSetup = and(
    eq(totpFactors.userId, user.id),
    eq(totpFactors.secretEncrypted, factor.secretEncrypted),
    isNull(totpFactors.confirmedAt),
  );
  const recovery = await newRecoveryCodes(deps, user.id);
  const mail = queueMailWhere(
    db,
    await twoStepOnMail(
      user.email,
      user.customerName,
      { at: now, device: describeUserAgent(deps.client.userAgent) },
      deps.origin,
    ),
    now,
    sql`exists (select 1 from ${totpFactors} where ${thisSetup})`,
  );
  const [, confirmed] = await db.batch([
    mail.insert,
    db
      .update(totpFactors)
      .set({ confirmedAt: now, lastStep: step })
      .where(thisSetup)
      .returning({ userId: totpFactors.userId }),
    ...recovery.statements,
    markSessionVerified(deps, session.sessionId, { secondFactor: true }),
  ]);
  if (confirmed.length === 0) {
    // A newer setup replaced this one between the read and the write: its codes are void.
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    throw fail('TWO_STEP_SETUP_MISSING');
  }
  await deliverSoon(deps, mail);
  return recovery.codes;
}

/** Step 3: new recovery codes for a current code; every earlier code stops working. */
export async function regenerateRecoveryCodes(
  deps: Deps,
  session: SessionInfo,
  code: string,
): Promise<string[]> {
  const user = await liveAccount(deps.db, session.userId);
  await acceptSecondFactorCode(deps, user, code);
  await assertStepUp(deps, session, 'recovery-codes', { carries: 'second-factor' });
  const recovery = await newRecoveryCodes(deps, user.id);
  await deps.db.batch([
    ...recovery.statements,
    markSessionVerified(deps, session.sessionId, { secondFactor: true }),
  ]);
  return recovery.codes;
}

/**
 * Checks a proof of who is at the keyboard: a current code (a second factor) or the password,
 * which is refused (403 STRONGER_PROOF_REQUIRED) from a person who has an authenticator app or a
 * passkey. Wrong passwords count on the same per-e-mail budget as sign-in, wrong codes on the
 * account's code budget. Answers whether the proof was a second factor.
 */
export async function checkIdentityProof(
  deps: Deps,
  user: UserRow,
  proof: IdentityProofBody,
): Promise<{ secondFactor: boolean }> {
  if (proof.code !== undefined) {
    await acceptSecondFactorCode(deps, user, proof.code);
    return { secondFactor: true };
  }
  if (await hasSecondFactor(deps.db, user.id)) throw fail('STRONGER_PROOF_REQUIRED');
  await enforceRateLimit(deps, 'loginPerEmail', user.emailNormalized);
  const ok = await verifyPassword(proof.password ?? '', user.passwordHash, deps.secrets.pepper);
  if (!ok) throw fail('CURRENT_PASSWORD_WRONG');
  return { secondFactor: false };
}

/** Step 4: two-step sign-in off, for a current code (the password is never enough). */
export async function turnOffTwoStep(
  deps: Deps,
  session: SessionInfo,
  proof: IdentityProofBody,
): Promise<void> {
  const { db, now } = deps;
  const user = await liveAccount(deps.db, session.userId);
  if (!(await confirmedTotp(db, user.id))) throw fail('TWO_STEP_NOT_ON');
  const { secondFactor } = await checkIdentityProof(deps, user, proof);
  await assertStepUp(deps, session, 'two-step-off', { carries: 'second-factor' });
  const on = and(eq(totpFactors.userId, user.id), isNotNull(totpFactors.confirmedAt));
  const mail = queueMailWhere(
    db,
    await twoStepOffMail(
      user.email,
      user.customerName,
      { at: now, device: describeUserAgent(deps.client.userAgent) },
      deps.origin,
    ),
    now,
    sql`exists (select 1 from ${totpFactors} where ${on})`,
  );
  await db.batch([
    mail.insert,
    db.delete(totpFactors).where(eq(totpFactors.userId, user.id)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
    markSessionVerified(deps, session.sessionId, { secondFactor }),
  ]);
  await deliverSoon(deps, mail);
}

/**
 * Confirming it is you (POST /api/verify-identity): a current code, or the password when it is
 * the person's strongest factor. A passkey confirms through /api/passkeys/confirm/*.
 */
export async function verifyIdentity(
  deps: Deps,
  session: SessionInfo,
  proof: IdentityProofBody,
): Promise<void> {
  const user = await liveAccount(deps.db, session.userId);
  if (proof.password !== undefined && user.passwordHash === null) {
    throw fail('NO_PASSWORD_TO_CHANGE', { message: noPasswordToCheck });
  }
  const { secondFactor } = await checkIdentityProof(deps, user, proof);
  await markSessionVerified(deps, session.sessionId, { secondFactor });
}

const noPasswordToCheck =
  'Your account signs in with Google and has no password: sign in again with Google, or enter a ' +
  'code from your authenticator app.';

/** GET /api/verify-identity: the proofs that satisfy a step-up for this person. */
export async function identityProofMethods(
  deps: Deps,
  session: SessionInfo,
): Promise<IdentityProofMethods> {
  const user = await liveAccount(deps.db, session.userId);
  return { methods: (await strongestFactor(deps.db, user.id)).methods };
}
