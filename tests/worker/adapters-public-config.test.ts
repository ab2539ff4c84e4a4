import { describe, expect, it } from 'vitest';
import type { Bindings } from '../../functions/env';
import { appWith } from './adapters-fakes';

async function publicConfig(bindings: Partial<Bindings>) {
  const response = await appWith(bindings).request('/api/config');
  return { response, body: await response.json<unknown>() };
}

const allSet = {
  TURNSTILE_SECRET_KEY: '0x4AAAAAAAsecret',
  TURNSTILE_SITE_KEY: '0x4AAAAAAAsite',
  GOOGLE_CLIENT_ID: '1234567890-abc.apps.googleusercontent.com',
};

describe('GET /api/config', () => {
  it('reports the local stand-ins in development without provider keys', async () => {
    const { response, body } = await publicConfig({ ENVIRONMENT: 'development' });

    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(body).toEqual({
      environment: 'development',
      botCheck: { mode: 'local', siteKey: null },
      google: { mode: 'local', clientId: null },
    });
  });

  it('reports Turnstile and Google with their public keys when configured', async () => {
    const { body } = await publicConfig({ ENVIRONMENT: 'production', ...allSet });

    expect(body).toEqual({
      environment: 'production',
      botCheck: { mode: 'turnstile', siteKey: '0x4AAAAAAAsite' },
      google: { mode: 'gis', clientId: '1234567890-abc.apps.googleusercontent.com' },
    });
  });

  it('prefers the real providers in development too when they are configured', async () => {
    const { body } = await publicConfig({ ENVIRONMENT: 'development', ...allSet });

    expect(body).toMatchObject({ botCheck: { mode: 'turnstile' }, google: { mode: 'gis' } });
  });

  it('reports the production modes with null keys in production without configuration', async () => {
    const { body } = await publicConfig({ ENVIRONMENT: 'production' });

    expect(body).toEqual({
      environment: 'production',
      botCheck: { mode: 'turnstile', siteKey: null },
      google: { mode: 'gis', clientId: null },
    });
  });

  it('reports no site key while the Turnstile secret is missing, since the check would refuse', async () => {
    const { body } = await publicConfig({
      ENVIRONMENT: 'production',
      TURNSTILE_SITE_KEY: '0x4AAAAAAAsite',
    });

    expect(body).toMatchObject({ botCheck: { mode: 'turnstile', siteKey: null } });
  });

  it('never includes a secret', async () => {
    const response = await appWith({
      ENVIRONMENT: 'production',
      ...allSet,
      RESEND_API_KEY: 're_secret_value',
      MAIL_FROM: 'Sheetwright <no-reply@sheetwright.example>',
    }).request('/api/config');
    const text = await response.text();

    expect(text).not.toContain('0x4AAAAAAAsecret');
    expect(text).not.toContain('re_secret_value');
  });

  it('answers other methods with 405', async () => {
    const response = await appWith({}).request('/api/config', { method: 'POST' });

    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, HEAD');
  });
});
