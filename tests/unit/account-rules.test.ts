import { describe, expect, it } from 'vitest';
import { isDisposableEmail, normalizeEmail } from '../../functions/services/shared/emails';
import { dictionary } from '@zxcvbn-ts/language-common';
import { commonPasswordLines } from '../../functions/services/core/users/common-passwords';
import {
  COMMON_PASSWORD_COUNT,
  hashPassword,
  isCommonPassword,
  needsRehash,
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

  it.each([
    ['Outlook.com', ['outlook.com', 'hotmail.com', 'live.com']],
    ['iCloud', ['icloud.com', 'me.com', 'mac.com']],
    ['Proton', ['proton.me', 'protonmail.com', 'pm.me']],
    ['Fastmail', ['fastmail.com', 'fastmail.fm']],
  ])('removes the +tag for %s, keeps dots and the domain', (_provider, domains) => {
    for (const domain of domains) {
      expect(normalizeEmail(` Ada.Lovelace+Trial+2@${domain.toUpperCase()} `)).toBe(
        `ada.lovelace@${domain}`,
      );
      expect(normalizeEmail(`ada.lovelace@${domain}`)).toBe(`ada.lovelace@${domain}`);
    }
  });

  it('keeps +tags for other domains, and subdomains of listed ones', () => {
    expect(normalizeEmail('ada+x@yahoo.com')).toBe('ada+x@yahoo.com');
    expect(normalizeEmail('ada+x@mail.outlook.com')).toBe('ada+x@mail.outlook.com');
    expect(normalizeEmail('ada+x@constructor')).toBe('ada+x@constructor');
  });
});

describe('isDisposableEmail', () => {
  it('recognizes throwaway domains and their subdomains, from the maintained list', async () => {
    expect(await isDisposableEmail('x@mailinator.com')).toBe(true);
    expect(await isDisposableEmail('x@eu.mailinator.com')).toBe(true);
    expect(await isDisposableEmail('x@MAILINATOR.COM')).toBe(true);
  });

  it('accepts ordinary providers', async () => {
    expect(await isDisposableEmail('x@gmail.com')).toBe(false);
    expect(await isDisposableEmail('x@example.com')).toBe(false);
  });
});

describe('password hashing', () => {
  it('runs PBKDF2-SHA256 over the peppered password at 100 000 iterations, the most deployed Workers allow', async () => {
    const password = 'correct horse battery staple';
    const stored = await hashPassword(password, PEPPER);
    const [scheme, iterations, salt, hash] = stored.split('$');
    expect([scheme, iterations]).toEqual(['pbkdf2-sha256', '100000']);

    // The same derivation, written out with Web Crypto: HMAC-SHA256 of the password under the
    // pepper, then PBKDF2-SHA256 with the stored salt; only 100 000 iterations give the hash.
    const hmacKey = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(PEPPER),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const peppered = await crypto.subtle.sign('HMAC', hmacKey, new TextEncoder().encode(password));
    const key = await crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits']);
    const derive = async (count: number) =>
      Buffer.from(
        await crypto.subtle.deriveBits(
          {
            name: 'PBKDF2',
            hash: 'SHA-256',
            salt: Buffer.from(salt!, 'base64url'),
            iterations: count,
          },
          key,
          256,
        ),
      ).toString('base64url');
    expect(await derive(100_000)).toBe(hash);
    expect(await derive(99_999)).not.toBe(hash);
  });

  it('never runs a stored hash that asks for more than 100 000 iterations', async () => {
    const stored = await hashPassword('pw-123456', PEPPER);
    const raised = stored.replace('$100000$', '$100001$');

    expect(await verifyPassword('pw-123456', stored, PEPPER)).toBe(true);
    expect(await verifyPassword('pw-123456', raised, PEPPER)).toBe(false);
    expect(needsRehash(raised)).toBe(true);
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
  it('refuses well-known passwords, whatever their case', async () => {
    expect(await isCommonPassword('password')).toBe(true);
    expect(await isCommonPassword('123456')).toBe(true);
    expect(await isCommonPassword('Qwerty123')).toBe(true);
  });

  it('accepts an uncommon passphrase', async () => {
    expect(await isCommonPassword('violet tractor under the pier')).toBe(false);
  });

  it('ships exactly the first 10 000 of the dictionary (scripts/common-passwords.mjs)', () => {
    expect(commonPasswordLines.split('\n')).toEqual(
      dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT),
    );
  });

  it('refuses the 10 000 most common passwords of the dictionary and no more', async () => {
    const ranked = dictionary['passwords-common'];
    const refused = async (passwords: readonly string[]) =>
      Promise.all(passwords.map((password) => isCommonPassword(password)));

    expect((await refused(ranked.slice(0, 10_000))).every(Boolean)).toBe(true);
    // The 10 001st and later entries are allowed (none repeats an earlier one).
    expect((await refused(ranked.slice(10_000, 10_100))).some(Boolean)).toBe(false);
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
