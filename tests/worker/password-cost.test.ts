// The Worker tests hash passwords with a cheaper PBKDF2 (password-cost.ts, installed by setup.ts).
// These tests prove, with Web Crypto's own primitive, that the Worker itself asks for production's
// full cost, and that the stand-in changes nothing but the number of iterations it runs.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  cheapPbkdf2Installed,
  PBKDF2_TEST_DIVISOR,
  realDeriveBits,
  withRealPbkdf2,
} from './password-cost';
import { accountApp, queryAll, signUpTrial } from './account-helpers';

const encoder = new TextEncoder();

/** HMAC-SHA256 of the password under the pepper, then PBKDF2-SHA256 with Web Crypto's own code. */
async function productionHash(
  password: string,
  pepper: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<string> {
  const hmacKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(pepper),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const peppered = await crypto.subtle.sign('HMAC', hmacKey, encoder.encode(password));
  const key = await crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits']);
  const bits = await realDeriveBits()(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    256,
  );
  return toBase64Url(new Uint8Array(bits));
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

describe("the Worker tests' password cost", () => {
  it('runs PBKDF2 with a thousandth of the iterations asked for, on the same inputs', async () => {
    expect(cheapPbkdf2Installed()).toBe(true);
    const key = await crypto.subtle.importKey('raw', encoder.encode('pw'), 'PBKDF2', false, [
      'deriveBits',
    ]);
    const salt = encoder.encode('sixteen byte salt');
    const params = (iterations: number) => ({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations });

    const asked = await crypto.subtle.deriveBits(params(100_000), key, 256);

    expect(PBKDF2_TEST_DIVISOR).toBe(1000);
    expect(new Uint8Array(asked)).toEqual(
      new Uint8Array(await realDeriveBits()(params(100), key, 256)),
    );
    expect(new Uint8Array(asked)).not.toEqual(
      new Uint8Array(await realDeriveBits()(params(99), key, 256)),
    );
    // Other algorithms pass through untouched.
    const hkdfKey = await crypto.subtle.importKey('raw', encoder.encode('k'), 'HKDF', false, [
      'deriveBits',
    ]);
    const hkdf = { name: 'HKDF', hash: 'SHA-256', salt, info: new Uint8Array() };
    expect(new Uint8Array(await crypto.subtle.deriveBits(hkdf, hkdfKey, 256))).toEqual(
      new Uint8Array(await realDeriveBits()(hkdf, hkdfKey, 256)),
    );
  });

  it('is not what the Worker runs: with the real primitive a sign-up stores the 100 000-iteration hash, and it signs in', async () => {
    const app = accountApp();

    await withRealPbkdf2(async () => {
      const { auth, form } = await signUpTrial(app);
      const [user] = await queryAll<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE id = ?',
        auth.user.userId,
      );
      const [scheme, iterations, salt, hash] = user!.password_hash.split('$');
      expect([scheme, iterations]).toEqual(['pbkdf2-sha256', '100000']);
      const password = String(form.password);
      const pepper = env.PASSWORD_PEPPER;

      expect(await productionHash(password, pepper, fromBase64Url(salt!), 100_000)).toBe(hash);
      expect(await productionHash(password, pepper, fromBase64Url(salt!), 100)).not.toBe(hash);

      const login = await app.post('/api/login', { email: form.email, password: form.password });
      expect(login.status).toBe(200);
      const wrong = await app.post('/api/login', { email: form.email, password: 'not-the-one' });
      expect(wrong.status).toBe(401);
    });
  });
});
