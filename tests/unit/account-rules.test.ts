import { describe, expect, it } from 'vitest';
import { isDisposableEmail, normalizeEmail } from '../../functions/services/shared/emails';
import {
  COMMON_PASSWORD_COUNT,
  hashPassword,
  isCommonPassword,
  needsRehash,
  PBKDF2_ITERATIONS,
  verifyPassword,
} from '../../functions/services/core/users/passwords';
import { generateCode } from '../../functions/services/signup/verification';

const PEPPER = 'a-test-pepper-that-is-at-least-32-characters';

describe('normalizeEmail', () => {
  it('trims and lower-cases every address', () => {
    expect(normalizeEmail('  Ada.Lovelace+News@Example.COM ')).toBe(
      'ada.lovelace+news@example.com',
    );
  });

  it('removes dots and +tags for Gmail and folds googlemail.com into gmail.com', () => {
    expect(normalizeEmail('A.d.a+trial@gmail.com')).toBe('ada@gmail.com');
    expect(normalizeEmail('ada+x@GoogleMail.com')).toBe('ada@gmail.com');
  });
});

describe('isDisposableEmail', () => {
  it('recognizes throwaway domains and their subdomains, from the maintained list', () => {
    expect(isDisposableEmail('x@mailinator.com')).toBe(true);
    expect(isDisposableEmail('x@eu.mailinator.com')).toBe(true);
    expect(isDisposableEmail('x@MAILINATOR.COM')).toBe(true);
  });

  it('accepts ordinary providers', () => {
    expect(isDisposableEmail('x@gmail.com')).toBe(false);
    expect(isDisposableEmail('x@example.com')).toBe(false);
  });
});

describe('password hashing', () => {
  it('is pinned at 100 000 PBKDF2 iterations, the most deployed Workers allow', () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
  });

  it('stores a versioned string with its parameters, a 16-byte salt and a 32-byte hash', async () => {
    const stored = await hashPassword('correct horse battery staple', PEPPER);

    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[\w-]{22}\$[\w-]{43}$/);
  });

  it('salts every hash differently', async () => {
    expect(await hashPassword('same password', PEPPER)).not.toBe(
      await hashPassword('same password', PEPPER),
    );
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery staple', PEPPER);

    expect(await verifyPassword('correct horse battery staple', stored, PEPPER)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', stored, PEPPER)).toBe(false);
  });

  it('depends on the pepper: the database alone is not enough to check a guess', async () => {
    const stored = await hashPassword('correct horse battery staple', PEPPER);

    expect(await verifyPassword('correct horse battery staple', stored, `${PEPPER}-other`)).toBe(
      false,
    );
  });

  it('never truncates: passwords differing after 72 characters differ', async () => {
    const long = 'x'.repeat(100);
    const stored = await hashPassword(`${long}a`, PEPPER);

    expect(await verifyPassword(`${long}b`, stored, PEPPER)).toBe(false);
  });

  it('answers false without a stored hash, or with a malformed one', async () => {
    expect(await verifyPassword('anything', null, PEPPER)).toBe(false);
    expect(await verifyPassword('anything', 'md5$abc', PEPPER)).toBe(false);
  });

  it('asks for a rehash of hashes made with other parameters', async () => {
    expect(needsRehash(await hashPassword('pw-123456', PEPPER))).toBe(false);
    expect(
      needsRehash(
        'pbkdf2-sha256$50000$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      ),
    ).toBe(true);
  });
});

describe('isCommonPassword', () => {
  it('refuses well-known passwords, whatever their case', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('Qwerty123')).toBe(true);
  });

  it('accepts an uncommon passphrase', () => {
    expect(isCommonPassword('violet tractor under the pier')).toBe(false);
  });

  it('uses the 10 000 most common passwords', () => {
    expect(COMMON_PASSWORD_COUNT).toBe(10_000);
  });
});

describe('generateCode', () => {
  it('makes 6-digit codes, leading zeros kept', () => {
    for (let i = 0; i < 500; i += 1) expect(generateCode()).toMatch(/^\d{6}$/);
  });

  it('spreads codes evenly over the digits', () => {
    const firstDigits = new Array<number>(10).fill(0);
    for (let i = 0; i < 5000; i += 1) firstDigits[Number(generateCode()[0])]! += 1;

    for (const count of firstDigits) expect(count).toBeGreaterThan(350);
  });
});
