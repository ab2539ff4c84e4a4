/**
 * The codes of two-step sign-in: the authenticator app's 6-digit codes (TOTP, RFC 6238: SHA-1, 30
 * seconds, one step of clock drift either way, through the maintained `otpauth` library) and the
 * single-use recovery codes. One checker serves every place a code is typed (the sign-in's second
 * step, turning two-step sign-in off, new recovery codes, confirming it is you), so each counts
 * on the same per-account budget as a password and no code is ever accepted twice.
 */
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { TOTP } from 'otpauth';
import { limits, site } from '../../../src/site.config';
import { recoveryCodes, totpFactors, type TotpFactorRow, type UserRow } from '../../db/schema';
import { fail } from '../../lib/errors';
import { decryptText, encryptText, keyedHash, randomBytes } from '../shared/crypto';
import type { Db, Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { enforceRateLimit } from '../shared/rate-limit';
import { describeUserAgent } from '../shared/user-agent';
import { deliverSoon, queueMailWhere } from '../core/mail/outbox';
import { recoveryCodeUsedMail } from '../core/mail/security-templates';

/** The purpose the shared secrets are encrypted for (functions/services/shared/crypto.ts). */
const SECRET_PURPOSE = 'totp-secret';
const RECOVERY_PURPOSE = 'recovery-code';
const PERIOD_SECONDS = 30;
/** Recovery codes use letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // cspell:disable-line
const RECOVERY_LENGTH = 10;

/**
 * The TOTP library, loaded the first time a code is made or checked: a Worker started for any
 * other request does not evaluate it (docs/performance.md, "Cold start").
 */
const otpauth = () => import('otpauth');

/** The authenticator app's view of an account's secret: what the QR code and the text carry. */
export async function totpFor(email: string, secretBase32: string): Promise<TOTP> {
  const { Secret, TOTP } = await otpauth();
  return new TOTP({
    issuer: site.product,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random shared secret (160 bits, as RFC 4226 recommends), base32 as apps expect it. */
export async function newTotpSecret(): Promise<string> {
  const { Secret } = await otpauth();
  return new Secret({ size: 20 }).base32;
}

export function sealTotpSecret(deps: Pick<Deps, 'secrets'>, secretBase32: string) {
  return encryptText(deps.secrets.jwtSecret, SECRET_PURPOSE, secretBase32);
}

export function openTotpSecret(deps: Pick<Deps, 'secrets'>, factor: TotpFactorRow) {
  return decryptText(deps.secrets.jwtSecret, SECRET_PURPOSE, factor.secretEncrypted);
}

/** The 30-second step `code` belongs to, when it is right for `secretBase32` at `now`; else null. */
export async function totpStep(
  secretBase32: string,
  code: string,
  now: Millis,
): Promise<number | null> {
  const totp = await totpFor('', secretBase32);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** A typed code without spaces or dashes, lower case: `123 456` and `K7M2P-X9QRT` both work. */
function normalizeCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toLowerCase();
}

/** True when `typed` has the shape of an authenticator code (6 digits), not of a recovery code. */
function isTotpShape(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** The account's two-step sign-in, when it is on (its authenticator app was confirmed). */
export async function confirmedTotp(db: Db, userId: string): Promise<TotpFactorRow | undefined> {
  const [factor] = await db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)))
    .limit(1);
  return factor;
}

/** How a code was accepted; for a recovery code, how many are left unused. */
export type AcceptedCode = { kind: 'totp' } | { kind: 'recovery'; left: number };

/**
 * Accepts `typed` for `user` once: an authenticator code newer than the last one accepted (so a
 * code seen over a shoulder cannot be replayed within its 90 seconds), or an unused recovery code,
 * which turns used — in the same db.batch as the e-mail that tells the owner. Counts on the
 * account's code budget (429 beyond it). Throws WRONG_SECOND_FACTOR_CODE, or RECOVERY_CODE_USED
 * for a recovery code used before.
 */
export async function acceptSecondFactorCode(
  deps: Deps,
  user: UserRow,
  typed: string,
): Promise<AcceptedCode> {
  const { db, now } = deps;
  await enforceRateLimit(deps, 'secondFactorPerAccount', user.id);
  const code = normalizeCode(typed);
  const factor = await confirmedTotp(db, user.id);
  if (!factor) throw fail('TWO_STEP_NOT_ON');
  if (isTotpShape(code)) {
    const step = await totpStep(await openTotpSecret(deps, factor), code, now);
    if (step === null) throw fail('WRONG_SECOND_FACTOR_CODE');
    const accepted = await db
      .update(totpFactors)
      .set({ lastStep: step })
      .where(
        and(
          eq(totpFactors.userId, user.id),
          or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
        ),
      )
      .returning({ userId: totpFactors.userId });
    // The code (or a later one) was accepted already: a replay.
    if (accepted.length === 0) throw fail('WRONG_SECOND_FACTOR_CODE');
    return { kind: 'totp' };
  }
  if (code.length !== RECOVERY_LENGTH) throw fail('WRONG_SECOND_FACTOR_CODE');
  const codeHash = await keyedHash(deps.secrets.jwtSecret, RECOVERY_PURPOSE, code);
  const mine = and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, codeHash));
  const [unused] = await unusedRecoveryCodes(db, user.id);
  const left = Math.max(0, (unused?.n ?? 0) - 1);
  const mail = queueMailWhere(
    db,
    await recoveryCodeUsedMail(
      user.email,
      user.customerName,
      left,
      { at: now, device: describeUserAgent(deps.client.userAgent) },
      deps.origin,
    ),
    now,
    // Only in the batch whose update used the code (its used_at is this request's time).
    sql`exists (select 1 from ${recoveryCodes} where ${and(mine, eq(recoveryCodes.usedAt, now))})`,
  );
  const [used] = await db.batch([
    db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(mine, isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id }),
    mail.insert,
  ]);
  if (used.length === 0) {
    const [known] = await db.select({ id: recoveryCodes.id }).from(recoveryCodes).where(mine);
    throw fail(known ? 'RECOVERY_CODE_USED' : 'WRONG_SECOND_FACTOR_CODE');
  }
  await deliverSoon(deps, mail);
  return { kind: 'recovery', left };
}

/** How many of the account's recovery codes are still unused. */
export function unusedRecoveryCodes(db: Db, userId: string) {
  return db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
}

/** A fresh recovery code as shown to its owner: `k7m2p-x9qrt`, five and five. */
function newRecoveryCode(): string {
  const bytes = randomBytes(RECOVERY_LENGTH);
  // 256 is not a multiple of 31: bytes past the last whole multiple would favour some letters.
  const usable = 256 - (256 % RECOVERY_ALPHABET.length);
  let code = '';
  for (const byte of bytes) {
    code += byte < usable ? RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length] : '';
  }
  // Rarely short by a letter or two: draw again rather than bias the alphabet.
  if (code.length < RECOVERY_LENGTH) return newRecoveryCode();
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * A new set of recovery codes for `userId`: the codes to show once, and the statements (for the
 * caller's db.batch) that replace every earlier code, used or not, with their keyed hashes.
 */
export async function newRecoveryCodes(deps: Pick<Deps, 'db' | 'now' | 'secrets'>, userId: string) {
  const { db, now, secrets } = deps;
  const codes = Array.from({ length: limits.recoveryCodeCount }, newRecoveryCode);
  const rows = await Promise.all(
    codes.map(async (code) => ({
      id: crypto.randomUUID(),
      userId,
      codeHash: await keyedHash(secrets.jwtSecret, RECOVERY_PURPOSE, normalizeCode(code)),
      createdAt: now,
      usedAt: null,
    })),
  );
  const statements = [
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.insert(recoveryCodes).values(rows),
  ] as const;
  return { codes, statements };
}

/** The SQL condition "`userId` has two-step sign-in on", for statements that depend on it. */
export function twoStepOnSql(userId: string) {
  return sql`exists (select 1 from ${totpFactors} where ${and(
    eq(totpFactors.userId, userId),
    isNotNull(totpFactors.confirmedAt),
  )})`;
}
