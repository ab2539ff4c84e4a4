import { env } from 'cloudflare:workers';
import {
  calculateJwkThumbprint,
  decodeProtectedHeader,
  errors,
  exportJWK,
  generateKeyPair,
  SignJWT,
} from 'jose';
import { describe, expect, it } from 'vitest';
import { licenseFileClaimsSchema } from '../../src/contract/schemas/licensing';
import { licensing } from '../../src/site.config';
import { accountApp } from './account-helpers';
import {
  activateOk,
  DAY_MS,
  licensee,
  newDeviceId,
  publicJwks,
  verifyLicenseFile,
} from './licenses-helpers';

const DAY_S = DAY_MS / 1000;

/** base64url of a JSON object, as in a JWT segment. */
function segment(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

function payloadOf(file: string): Record<string, unknown> {
  const [, payload] = file.split('.');
  return JSON.parse(atob((payload ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as Record<
    string,
    unknown
  >;
}

/** A Standard license activated on one device: the file, the JWKS and the ids. */
async function activatedFile() {
  const app = accountApp();
  const who = await licensee(app, 'Standard');
  const deviceId = newDeviceId();
  const body = await activateOk(app, who.key, { deviceId });
  return { app, ...who, deviceId, file: body.licenseFile, jwks: await publicJwks(app) };
}

describe('GET /api/licenses/public-key', () => {
  it('serves only the public Ed25519 key, with kid, alg EdDSA and use sig', async () => {
    const app = accountApp();

    const jwks = await publicJwks(app);

    expect(jwks.keys).toHaveLength(1);
    const [key] = jwks.keys;
    expect(Object.keys(key ?? {}).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x']);
    expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    const secret = JSON.parse(env.LICENSE_SIGNING_KEY) as { x: string; d: string };
    expect(key?.x).toBe(secret.x);
    // RFC 7638 thumbprint of the public key.
    expect(key?.kid).toBe(
      await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: secret.x }),
    );
    expect(JSON.stringify(jwks)).not.toContain(secret.d);
  });

  it('is cacheable for an hour', async () => {
    const response = await accountApp().request('/api/licenses/public-key');

    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
  });

  it('answers 405 for POST', async () => {
    const response = await accountApp().post('/api/licenses/public-key', {});

    expect(response.status).toBe(405);
  });
});

describe('license files', () => {
  it('verify offline with the public key and carry the contract claims', async () => {
    const { app, file, jwks, userId, licenseId, deviceId } = await activatedFile();

    const claims = await verifyLicenseFile(file, jwks, app.clock.now);

    expect(licenseFileClaimsSchema.parse(claims)).toMatchObject({
      sub: userId,
      lid: licenseId,
      plan: 'Standard',
      did: deviceId,
      iat: app.clock.now / 1000,
      exp: app.clock.now / 1000 + licensing.offlineGraceDays * DAY_S,
      lexp: (app.clock.now + 365 * DAY_MS) / 1000,
    });
    expect(decodeProtectedHeader(file)).toEqual({
      alg: 'EdDSA',
      kid: jwks.keys[0]?.kid,
      typ: 'JWT',
    });
  });

  it('never outlive the license: the grace end stops at the license expiry', async () => {
    const app = accountApp();
    const { key } = await licensee(app);
    app.clock.advance(10 * DAY_S);

    const body = await activateOk(app, key, { deviceId: newDeviceId() });

    const claims = payloadOf(body.licenseFile);
    expect(claims['exp']).toBe(claims['lexp']);
    expect(claims['exp']).toBeLessThan(app.clock.now / 1000 + licensing.offlineGraceDays * DAY_S);
  });

  it('are refused after their offline grace end', async () => {
    const { app, file, jwks } = await activatedFile();

    const verifying = verifyLicenseFile(
      file,
      jwks,
      app.clock.now + (licensing.offlineGraceDays + 1) * DAY_MS,
    );

    await expect(verifying).rejects.toBeInstanceOf(errors.JWTExpired);
  });

  it('are refused when one claim is changed', async () => {
    const { app, file, jwks } = await activatedFile();
    const [header, , signature] = file.split('.');
    const forged = `${header}.${segment({ ...payloadOf(file), plan: 'Enterprise' })}.${signature}`;

    await expect(verifyLicenseFile(forged, jwks, app.clock.now)).rejects.toBeInstanceOf(
      errors.JWSSignatureVerificationFailed,
    );
  });

  it('are refused when one character of the signature is changed', async () => {
    const { app, file, jwks } = await activatedFile();
    const [header, payload, signature = ''] = file.split('.');
    // The first character carries six whole bits of the signature (the last one has padding bits).
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);

    await expect(
      verifyLicenseFile(`${header}.${payload}.${flipped}`, jwks, app.clock.now),
    ).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
  });

  it('are refused when signed by another key, even with our kid', async () => {
    const { app, file, jwks } = await activatedFile();
    const kid = jwks.keys[0]?.kid ?? '';
    const other = await generateKeyPair('EdDSA', { extractable: true });
    const forged = await new SignJWT(payloadOf(file))
      .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'JWT' })
      .sign(other.privateKey);

    await expect(verifyLicenseFile(forged, jwks, app.clock.now)).rejects.toBeInstanceOf(
      errors.JWSSignatureVerificationFailed,
    );
    // And the other key's own JWKS does not vouch for our files.
    const otherJwks = { keys: [{ ...(await exportJWK(other.publicKey)), kid }] };
    await expect(verifyLicenseFile(file, otherJwks, app.clock.now)).rejects.toBeInstanceOf(
      errors.JWSSignatureVerificationFailed,
    );
  });

  it('are refused with an unsigned (alg none) header', async () => {
    const { app, file, jwks } = await activatedFile();
    const unsigned = `${segment({ alg: 'none', typ: 'JWT' })}.${file.split('.')[1]}.`;

    await expect(verifyLicenseFile(unsigned, jwks, app.clock.now)).rejects.toThrow();
  });
});
