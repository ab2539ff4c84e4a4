/**
 * Passkeys: adding, naming and removing them in Account Settings, signing in with one (no e-mail,
 * no password: the passkey names its account), and confirming it is you with one.
 *
 * Every ceremony is two calls: options (a fresh challenge, stored single use for a few minutes),
 * then the browser's answer, verified by @simplewebauthn/server against that challenge, our rpID
 * and our origin (webauthn.ts). Authenticators must verify the user (fingerprint, face, PIN), so
 * a passkey proves something owned and something known or been: both factors.
 *
 * @simplewebauthn/server is imported on first use (`webAuthn()`): it brings the ASN.1 and X.509
 * libraries, whose loading decorates and registers dozens of classes, work a Worker started for
 * any other request should not do (docs/performance.md, "Cold start").
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type {
  Passkey,
  PasskeyList,
  PasskeyOptions,
  RegistrationOptions,
} from '../../../src/contract/passkeys';
import type { AddPasskeyBody, UsePasskeyBody } from '../../../src/contract/schemas/passkeys';
import type { AuthResponse } from '../../../src/contract/user';
import { limits } from '../../../src/site.config';
import { passkeys, type PasskeyRow } from '../../db/schema';
import { fail } from '../../lib/errors';
import { deliverSoon, queueMailWhere } from '../core/mail/outbox';
import { passkeyAddedMail } from '../core/mail/security-templates';
import { markSessionVerified, type SessionInfo } from '../core/users/sessions';
import { assertStepUp } from '../core/users/step-up';
import { findUserById, liveAccount } from '../core/users/users';
import { isUniqueViolation } from '../shared/db';
import type { Deps } from '../shared/deps';
import { fromBase64Url, toBase64Url } from '../shared/crypto';
import { enforceRateLimit } from '../shared/rate-limit';
import { describeUserAgent } from '../shared/user-agent';
import { startSession } from './sign-in-session';
import { assertSignInAllowed } from '../core/organizations/sso-required';
import { consumeChallenge, relyingParty, storeChallenge } from './webauthn';

let library: typeof import('@simplewebauthn/server') | undefined;
/** The WebAuthn library, loaded the first time a ceremony needs it. */
const webAuthn = async () => (library ??= await import('@simplewebauthn/server'));

/** A passkey as Account Settings shows it. */
function toPasskeyView(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    backedUp: row.backedUp,
  };
}

/** The transports the browser reported when the passkey was added (hints for the next use). */
function transportsOf(row: Pick<PasskeyRow, 'transports'>): AuthenticatorTransport[] {
  try {
    const parsed: unknown = JSON.parse(row.transports ?? '[]');
    return Array.isArray(parsed) ? (parsed as AuthenticatorTransport[]) : [];
  } catch {
    return [];
  }
}

function accountPasskeys({ db }: Pick<Deps, 'db'>, userId: string) {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt), passkeys.id);
}

/** SQL: the account has room for one more passkey. */
function belowLimit(userId: string) {
  return sql`(select count(*) from ${passkeys} where ${passkeys.userId} = ${userId}) < ${limits.maxPasskeys}`;
}

/** The account's passkeys, newest first. */
export async function listPasskeys(deps: Deps, userId: string): Promise<PasskeyList> {
  const rows = await accountPasskeys(deps, userId);
  return { passkeys: rows.map(toPasskeyView), max: limits.maxPasskeys };
}

/**
 * Adding, step 1: options for `startRegistration`. A discoverable credential (it signs in without
 * an e-mail), user verification required; the account's passkeys are excluded, so an
 * authenticator that holds one says so instead of making a second.
 */
export async function registrationOptions(
  deps: Deps,
  session: SessionInfo,
): Promise<RegistrationOptions<PublicKeyCredentialCreationOptionsJSON>> {
  const user = await liveAccount(deps.db, session.userId);
  // A passkey signs in alone and counts as both factors: someone at an unlocked computer, or who
  // knows only the password of an account with a stronger factor, must not add their own.
  await assertStepUp(deps, session, 'add-passkey');
  const existing = await accountPasskeys(deps, user.id);
  if (existing.length >= limits.maxPasskeys) throw fail('PASSKEY_LIMIT');
  const rp = relyingParty(deps.origin);
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    // The account id is the user handle: it names no one outside our database.
    userID: new TextEncoder().encode(user.id),
    userName: user.email,
    userDisplayName: user.customerName || user.email,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challengeId = await storeChallenge(deps, 'register', user.id, options.challenge);
  return { challengeId, options, suggestedName: describeUserAgent(deps.client.userAgent) };
}

/**
 * Adding, step 2: verifies the new passkey and stores it with its name. The row and the "passkey
 * added" e-mail are one db.batch, both only while the account is below the limit and the
 * credential is new; this session then counts as one with a second factor (the authenticator
 * just verified the person).
 */
export async function addPasskey(
  deps: Deps,
  session: SessionInfo,
  { challengeId, name, response }: AddPasskeyBody,
): Promise<Passkey> {
  const { db, now } = deps;
  const user = await liveAccount(deps.db, session.userId);
  await assertStepUp(deps, session, 'add-passkey');
  const expectedChallenge = await consumeChallenge(deps, challengeId, 'register', user.id);
  const rp = relyingParty(deps.origin);
  const { verifyRegistrationResponse } = await webAuthn();
  const verified = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) throw fail('PASSKEY_NOT_ACCEPTED');
  const { credential, credentialBackedUp } = verified.registrationInfo;

  const row: PasskeyRow = {
    id: credential.id,
    userId: user.id,
    name,
    publicKey: toBase64Url(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    backedUp: credentialBackedUp,
    createdAt: now,
    lastUsedAt: null,
  };
  const allowed = sql`not exists (select 1 from ${passkeys} where ${passkeys.id} = ${row.id}) and ${belowLimit(user.id)}`;
  const mail = queueMailWhere(
    db,
    await passkeyAddedMail(
      user.email,
      user.customerName,
      name,
      { at: now, device: describeUserAgent(deps.client.userAgent) },
      deps.origin,
    ),
    now,
    allowed,
  );
  // Values in the table's column order (schema.ts), as drizzle lists them for a select.
  const insert = db
    .insert(passkeys)
    .select(
      sql`select ${row.id}, ${row.userId}, ${row.name}, ${row.publicKey}, ${row.counter}, ${row.transports}, ${row.backedUp ? 1 : 0}, ${row.createdAt}, null where ${allowed}`,
    )
    .returning({ id: passkeys.id });
  let inserted: { id: string }[];
  try {
    [, inserted] = await db.batch([mail.insert, insert]);
  } catch (error) {
    // The same credential added at the same moment by another request.
    if (isUniqueViolation(error, 'passkeys.id')) throw fail('PASSKEY_ALREADY_ADDED');
    throw error;
  }
  if (inserted.length === 0) {
    const [taken] = await db
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(eq(passkeys.id, row.id));
    throw fail(taken ? 'PASSKEY_ALREADY_ADDED' : 'PASSKEY_LIMIT');
  }
  await markSessionVerified(deps, session.sessionId, { secondFactor: true });
  await deliverSoon(deps, mail);
  return toPasskeyView(row);
}

/** Renames one of the account's passkeys; 404 PASSKEY_NOT_FOUND for any other id. */
export async function renamePasskey(
  { db }: Deps,
  userId: string,
  id: string,
  name: string,
): Promise<Passkey> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw fail('PASSKEY_NOT_FOUND');
  return toPasskeyView(row);
}

/**
 * Removes one of the account's passkeys: it signs in no more. A step-up action: the person must
 * have proved their strongest factor in the last minutes. 404 for any other id.
 */
export async function removePasskey(deps: Deps, session: SessionInfo, id: string): Promise<void> {
  const { db } = deps;
  await assertStepUp(deps, session, 'remove-passkey');
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, session.userId)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) throw fail('PASSKEY_NOT_FOUND');
}

/** Options for `startAuthentication`, with the account's passkeys listed or (sign-in) none. */
async function authenticationOptions(
  deps: Deps,
  purpose: 'sign-in' | 'confirm',
  userId: string | null,
  allow: PasskeyRow[] = [],
): Promise<PasskeyOptions<PublicKeyCredentialRequestOptionsJSON>> {
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.origin).id,
    allowCredentials: allow.map((row) => ({ id: row.id, transports: transportsOf(row) })),
    userVerification: 'required',
  });
  const challengeId = await storeChallenge(deps, purpose, userId, options.challenge);
  return { challengeId, options };
}

/**
 * Verifies a browser's answer with `passkey` against `expectedChallenge`, then records the use
 * (counter, last used). 400 PASSKEY_NOT_ACCEPTED for anything that does not verify: another
 * site's origin or rpID, a wrong signature, no user verification, a counter that went back.
 */
async function usePasskey(
  deps: Deps,
  passkey: PasskeyRow,
  response: UsePasskeyBody['response'],
  expectedChallenge: string,
  beforeUse?: () => void,
) {
  const rp = relyingParty(deps.origin);
  const { verifyAuthenticationResponse } = await webAuthn();
  const verified = await verifyAuthenticationResponse({
    response: response as AuthenticationResponseJSON,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(fromBase64Url(passkey.publicKey)),
      counter: passkey.counter,
      transports: transportsOf(passkey),
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) throw fail('PASSKEY_NOT_ACCEPTED');
  // The user handle, when the authenticator gives one, is the id it was made for.
  const handle = response.response.userHandle;
  if (handle && new TextDecoder().decode(fromBase64Url(handle)) !== passkey.userId) {
    throw fail('PASSKEY_NOT_ACCEPTED');
  }
  beforeUse?.();
  const { newCounter, credentialBackedUp } = verified.authenticationInfo;
  await deps.db
    .update(passkeys)
    .set({ counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: deps.now })
    .where(eq(passkeys.id, passkey.id));
}

async function findPasskey({ db }: Pick<Deps, 'db'>, id: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id));
  return row;
}

/**
 * Signing in, step 1: a challenge for any of our passkeys (the browser lists what it holds).
 * Anyone may ask, and each answer stores a challenge, so asks count per IP like attempts.
 */
export async function signInOptions(deps: Deps) {
  await enforceRateLimit(deps, 'passkeyOptionsPerIp', deps.client.ip);
  return authenticationOptions(deps, 'sign-in', null);
}

/**
 * Signing in, step 2: the passkey names its account; a session with both factors starts. Each
 * attempt costs a signature check, so attempts count per IP. A passkey of a deleted account is
 * named as such (ACCOUNT_DELETED) only after it verified, like the password after the right one.
 */
export async function signInWithPasskey(
  deps: Deps,
  { challengeId, response }: UsePasskeyBody,
): Promise<AuthResponse> {
  await enforceRateLimit(deps, 'passkeyPerIp', deps.client.ip);
  const expectedChallenge = await consumeChallenge(deps, challengeId, 'sign-in', null);
  const passkey = await findPasskey(deps, response.id);
  if (!passkey) throw fail('PASSKEY_UNKNOWN');
  const user = await findUserById(deps.db, passkey.userId);
  if (!user) throw fail('PASSKEY_UNKNOWN');
  await usePasskey(deps, passkey, response, expectedChallenge, () => {
    if (user.isDeleted) throw fail('ACCOUNT_DELETED');
  });
  // The organization signs this address in through its identity provider (its owner excepted).
  await assertSignInAllowed(deps.db, user);
  return startSession(deps, user, 'a passkey', { secondFactor: true });
}

/** Confirming it is you, step 1: a challenge for one of this account's passkeys. */
export async function confirmOptions(deps: Deps, session: SessionInfo) {
  const user = await liveAccount(deps.db, session.userId);
  const own = await accountPasskeys(deps, user.id);
  if (own.length === 0) throw fail('PASSKEY_NOT_FOUND');
  return authenticationOptions(deps, 'confirm', user.id, own);
}

/**
 * Confirming it is you, step 2: one of this account's passkeys answered, so the person at this
 * session has just proved both factors.
 */
export async function confirmWithPasskey(
  deps: Deps,
  session: SessionInfo,
  { challengeId, response }: UsePasskeyBody,
): Promise<void> {
  const user = await liveAccount(deps.db, session.userId);
  const expectedChallenge = await consumeChallenge(deps, challengeId, 'confirm', user.id);
  const passkey = await findPasskey(deps, response.id);
  if (!passkey || passkey.userId !== user.id) throw fail('PASSKEY_NOT_FOUND');
  await usePasskey(deps, passkey, response, expectedChallenge);
  await markSessionVerified(deps, session.sessionId, { secondFactor: true });
}
