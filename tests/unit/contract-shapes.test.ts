/**
 * The browser's side of the contract: the combinators the generated answer checks are built with
 * (src/contract/shape.ts; the checks themselves: answer-checks.test.ts) and the field rules
 * (src/contract/rules.ts) that the Worker's zod request schemas apply too.
 */
import { describe, expect, it } from 'vitest';
import {
  loginSchema,
  resetPasswordSchema,
  sendVerificationSchema,
  verifyCodeSchema,
} from '../../src/contract/schemas/auth';
import { Messages } from '../../src/contract/messages';
import {
  codeRule,
  customerNameRule,
  emailRule,
  loginPasswordRule,
  newPasswordRule,
  normalizeEmail,
  resetTokenRule,
} from '../../src/contract/rules';
import {
  array,
  either,
  httpUrl,
  integer,
  literal,
  matches,
  nullable,
  number,
  object,
  oneOf,
  optional,
  parse,
  record,
  string,
} from '../../src/contract/shape';
import { isUser } from '../../src/generated/answers/User';
import { limits } from '../../src/site.config';

const user = {
  userId: 'u_1',
  customerName: 'Ada',
  email: 'ada@example.com',
  plan: 'Trial',
  licenseStatus: 'active',
  activationDate: '2026-11-01T00:00:00.000Z',
  expirationDate: '2026-11-16T00:00:00.000Z',
  licenseKey: 'SW-AAAAA-BBBBB-CCCCC-DDDDD',
  isDeleted: false,
  sessionStartedAt: '2026-11-01T00:00:00.000Z',
  authProvider: 'email',
};

describe('the combinators of the answer checks', () => {
  const device = object({
    id: string,
    count: integer,
    kind: oneOf(['a', 'b']),
    note: nullable(string),
    tag: optional(string),
    list: array(object({ n: integer })),
  });

  it('accept a value of the shape, extra fields included', () => {
    const value = { id: 'd', count: 2, kind: 'a', note: null, list: [{ n: 1 }], extra: true };
    expect(matches(device, value)).toBe(true);
    expect(matches(device, { ...value, tag: 'x' })).toBe(true);
  });

  it('refuse a wrong type, a missing field, a value outside the union and a bad item', () => {
    const good = { id: 'd', count: 2, kind: 'a', note: null, list: [] };
    expect(matches(device, { ...good, count: 2.5 })).toBe(false);
    expect(matches(device, { ...good, count: '2' })).toBe(false);
    expect(matches(device, { ...good, kind: 'c' })).toBe(false);
    expect(matches(device, { ...good, note: undefined })).toBe(false);
    expect(matches(device, { ...good, tag: 3 })).toBe(false);
    expect(matches(device, { ...good, list: [{ n: 'one' }] })).toBe(false);
    const { id: _id, ...withoutId } = good;
    expect(matches(device, withoutId)).toBe(false);
    expect(matches(device, null)).toBe(false);
    expect(matches(device, [good])).toBe(false);
  });

  it('send the browser only to http(s) URLs', () => {
    expect(matches(httpUrl, 'https://checkout.stripe.com/c/pay/cs_1')).toBe(true);
    expect(matches(httpUrl, 'http://localhost:8787/dev/checkout/cs_1')).toBe(true);
    expect(matches(httpUrl, 'javascript:alert(1)')).toBe(false);
    expect(matches(httpUrl, '//evil.example')).toBe(false);
  });

  it('tell unions, literals, numbers and maps apart', () => {
    const answer = either(object({ done: literal(true) }), object({ waitSeconds: number }));
    expect(matches(answer, { done: true })).toBe(true);
    expect(matches(answer, { waitSeconds: 1.5 })).toBe(true);
    expect(matches(answer, { done: false })).toBe(false);
    expect(matches(answer, { waitSeconds: Number.NaN })).toBe(false);
    expect(matches(literal(null), null)).toBe(true);
    expect(matches(literal(null), undefined)).toBe(false);
    const counts = record(integer);
    expect(matches(counts, { a: 1, b: 2 })).toBe(true);
    expect(matches(counts, {})).toBe(true);
    expect(matches(counts, { a: '1' })).toBe(false);
    expect(matches(counts, [1])).toBe(false);
  });

  it('parse returns the value or throws a plain error', () => {
    expect(parse(isUser, user)).toBe(user);
    expect(() => parse(isUser, { ...user, plan: 'Gold' }, 'user')).toThrow(
      'The user does not have the expected shape.',
    );
  });
});

/** The message of the first issue the Worker's schema finds, or null when it accepts. */
function serverMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? 'no message');
}

describe('field rules, the same in the browser and in the Worker', () => {
  const emails = ['ada@example.com', '  Ada@Example.COM ', 'ada@', 'a..b@example.com', ''];
  const long = `${'a'.repeat(250)}@example.com`;

  it('e-mail: trimmed and lower-cased, then the exact product message for anything unusable', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(emailRule('ada@example.com')).toBeNull();
    expect(emailRule('ada@')).toBe(Messages.invalidEmail);
    expect(emailRule(long)).toBe(Messages.invalidEmail);
    for (const email of [...emails, long]) {
      const browser = emailRule(normalizeEmail(email)) ?? loginPasswordRule('secret');
      expect(serverMessage(loginSchema.safeParse({ email, password: 'secret' }))).toBe(browser);
    }
  });

  it('passwords: required to sign in, minimum and maximum length to choose one', () => {
    const tooLong = 'x'.repeat(limits.passwordMaxLength + 1);
    expect(loginPasswordRule('')).toBe(Messages.passwordRequired);
    expect(newPasswordRule('12345')).toBe(Messages.passwordTooShort);
    expect(newPasswordRule(tooLong)).toBe(Messages.passwordTooLong(limits.passwordMaxLength));
    expect(newPasswordRule('123456')).toBeNull();
    for (const password of ['', '12345', '123456', tooLong]) {
      expect(serverMessage(loginSchema.safeParse({ email: 'a@b.co', password }))).toBe(
        loginPasswordRule(password),
      );
      const token = 't'.repeat(32);
      expect(serverMessage(resetPasswordSchema.safeParse({ token, password }))).toBe(
        newPasswordRule(password),
      );
    }
  });

  it('names: required, one plain line, at most 100 characters', () => {
    const body = {
      email: 'ada@example.com',
      plan: 'trial',
      recaptchaToken: 'token',
      fingerprintId: 'fingerprint-1',
    };
    for (const name of ['Ada', '   ', 'Ada\nLovelace', 'A'.repeat(101)]) {
      expect(serverMessage(sendVerificationSchema.safeParse({ ...body, customerName: name }))).toBe(
        customerNameRule(name.trim()),
      );
    }
    expect(customerNameRule('')).toBe('Please enter your name.');
    expect(customerNameRule('Ada\u202ELovelace')).toBe(Messages.nameNotPlain);
  });

  it('codes and reset links', () => {
    for (const code of ['123456', '12345', '12345a', '1234567']) {
      expect(serverMessage(verifyCodeSchema.safeParse({ email: 'a@b.co', code }))).toBe(
        codeRule(code),
      );
    }
    expect(codeRule('12345')).toBe(Messages.codeFormat);
    expect(resetTokenRule('short')).toBe(Messages.invalidResetToken);
    expect(resetTokenRule('t'.repeat(32))).toBeNull();
  });
});
