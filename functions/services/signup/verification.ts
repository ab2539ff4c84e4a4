/**
 * E-mail verification codes: 6 digits from the CSPRNG, stored as a keyed
 * HMAC bound to the e-mail, valid 600 s, single use, at most `codeMaxWrongAttempts` wrong tries.
 * A resend replaces the code but carries its wrong-try count over, so resending cannot buy more
 * guesses; the count starts afresh only once a series of codes is older than the send window.
 */
import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { ApiMessages } from '../../../src/contract/messages';
import { parse } from '../../../src/contract/shape';
import { type SignupPlan, type VerifiedFormData } from '../../../src/contract/signup';
import { limits } from '../../../src/site.config';
import { verificationCodes, type VerificationRow } from '../../db/schema';
import { fail, type ApiError } from '../../lib/errors';
import { deliverSoon, queueMail } from '../core/mail/outbox';
import { verificationCodeMail } from '../core/mail/templates';
import { keyedHash, timingSafeEqualText } from '../shared/crypto';
import type { Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { normalizeEmail } from '../shared/emails';
import { isVerifiedFormData } from '../../../src/generated/answers/VerifiedFormData';

const CODE_TTL_MS = limits.codeValiditySeconds * 1000;
/** A series of codes (and its wrong-try count) lasts as long as the per-e-mail send window. */
const SERIES_MS = limits.rateLimits.sendCodePerEmail.windowSeconds * 1000;
const MAX_WRONG = limits.codeMaxWrongAttempts;

/**
 * A uniformly random code of `limits.codeLength` digits. Values of the 32-bit draw at or above the
 * largest multiple of 10^6 are redrawn, so `% 10^6` has no modulo bias.
 */
export function generateCode(): string {
  const range = 10 ** limits.codeLength;
  const ceiling = Math.floor(2 ** 32 / range) * range;
  const draw = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(draw);
    const value = draw[0] ?? ceiling;
    if (value < ceiling) return String(value % range).padStart(limits.codeLength, '0');
  }
}

function hashCode(secret: string, emailNormalized: string, code: string): Promise<string> {
  return keyedHash(secret, 'verification-code', `${emailNormalized}:${code}`);
}

/** The form a code is sent for (minus the bot token). */
export interface VerificationForm {
  customerName: string;
  email: string;
  plan: SignupPlan;
  fingerprintId: string;
}

/** A code created for sending: the plain code goes into the e-mail and nowhere else. */
export interface IssuedCode {
  code: string;
  /** Codes sent to this e-mail in the current window, this one included (1 for the first). */
  attempt: number;
  expiresInSeconds: number;
}

async function latestCode(
  { db }: Pick<Deps, 'db'>,
  emailNormalized: string,
): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(eq(verificationCodes.emailNormalized, emailNormalized))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row;
}

/** Creates a new code for the form's e-mail, replacing any older one (send and resend). */
export async function issueCode(deps: Deps, form: VerificationForm): Promise<IssuedCode> {
  const { db, now } = deps;
  const emailNormalized = normalizeEmail(form.email);
  const previous = await latestCode(deps, emailNormalized);
  const continues =
    previous !== undefined &&
    previous.createdAt > now - SERIES_MS &&
    previous.verifiedAt === null &&
    previous.consumedAt === null;

  const code = generateCode();
  const formData: VerifiedFormData = {
    customerName: form.customerName,
    email: form.email,
    plan: form.plan,
    fingerprintId: form.fingerprintId,
  };
  // The e-mail is written with the code: a code exists only together with its e-mail.
  const mail = queueMail(db, await verificationCodeMail(form.email, code, deps.origin), now);
  await db.batch([
    // Older unverified codes stop working the moment a new one exists.
    db
      .update(verificationCodes)
      .set({ supersededAt: now })
      .where(
        and(
          eq(verificationCodes.emailNormalized, emailNormalized),
          isNull(verificationCodes.supersededAt),
          isNull(verificationCodes.verifiedAt),
        ),
      ),
    db.insert(verificationCodes).values({
      id: crypto.randomUUID(),
      emailNormalized,
      codeHash: await hashCode(deps.secrets.jwtSecret, emailNormalized, code),
      formData: JSON.stringify(formData),
      attempts: continues ? previous.attempts : 0,
      resendCount: continues ? previous.resendCount + 1 : 0,
      expiresAt: now + CODE_TTL_MS,
      createdAt: now,
    }),
    mail.insert,
  ]);
  await deliverSoon(deps, mail);

  const [sent] = await db
    .select({ n: count() })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.emailNormalized, emailNormalized),
        gt(verificationCodes.createdAt, now - SERIES_MS),
      ),
    );
  return { code, attempt: Math.max(1, sent?.n ?? 1), expiresInSeconds: limits.codeValiditySeconds };
}

/** 429 once a series of codes has used its wrong tries; Retry-After when the series ends. */
function tooManyWrongCodes(row: VerificationRow, now: Millis): ApiError {
  const retryAfter = Math.max(1, Math.ceil((row.createdAt + SERIES_MS - now) / 1000));
  return fail('TOO_MANY_ATTEMPTS', {
    message: ApiMessages.tooManyWrongCodes(Math.ceil(retryAfter / 60)),
    headers: { 'Retry-After': String(retryAfter) },
  });
}

/**
 * Checks a code for an e-mail. Every try is counted BEFORE comparing, by one conditional update,
 * so parallel guesses cannot exceed the limit; a right code gives its try back. Answers the
 * verified form data; throws INVALID_CODE, CODE_EXPIRED or 429 TOO_MANY_ATTEMPTS.
 */
export async function checkCode(
  { db, now, secrets }: Deps,
  { email, code }: { email: string; code: string },
): Promise<VerifiedFormData> {
  const emailNormalized = normalizeEmail(email);
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.emailNormalized, emailNormalized),
        isNull(verificationCodes.supersededAt),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row) throw fail('INVALID_CODE');
  if (row.attempts >= MAX_WRONG) throw tooManyWrongCodes(row, now);
  if (row.expiresAt <= now) throw fail('CODE_EXPIRED');

  const [counted] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, row.id),
        lt(verificationCodes.attempts, MAX_WRONG),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .returning({ attempts: verificationCodes.attempts });
  if (!counted) throw tooManyWrongCodes(row, now);

  const expected = await hashCode(secrets.jwtSecret, emailNormalized, code);
  if (!timingSafeEqualText(expected, row.codeHash)) throw fail('INVALID_CODE');

  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} - 1`, verifiedAt: row.verifiedAt ?? now })
    .where(eq(verificationCodes.id, row.id));
  return parseFormData(row.formData);
}

/** Exactly the four fields: the row is ours, but only these may reach an answer. */
function parseFormData(json: string): VerifiedFormData {
  const { customerName, email, plan, fingerprintId } = parse(
    isVerifiedFormData,
    JSON.parse(json),
    'stored signup form',
  );
  return { customerName, email, plan, fingerprintId };
}

/** A verification usable for registering: verified within the window and not yet used. */
export interface UsableVerification {
  id: string;
  formData: VerifiedFormData;
}

/**
 * The newest verification of this e-mail that was verified within
 * `limits.verifiedSignupWindowSeconds` and not consumed; throws 400 NOT_VERIFIED otherwise.
 */
export async function findVerified(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  email: string,
): Promise<UsableVerification> {
  const [row] = await db
    .select({ id: verificationCodes.id, formData: verificationCodes.formData })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.emailNormalized, normalizeEmail(email)),
        gte(verificationCodes.verifiedAt, now - limits.verifiedSignupWindowSeconds * 1000),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.verifiedAt))
    .limit(1);
  if (!row) throw fail('NOT_VERIFIED');
  return { id: row.id, formData: parseFormData(row.formData) };
}

/**
 * Marks a verification used, exactly once: the conditional update makes a second, concurrent
 * registration with the same verification fail with NOT_VERIFIED.
 */
export async function consumeVerification(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  id: string,
): Promise<void> {
  const [row] = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (!row) throw fail('NOT_VERIFIED');
}
