import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { licenses } from '../../functions/db/schema';
import { installer, site } from '../../src/site.config';
import { accountApp, signUpTrial, type AccountApp } from './account-helpers';
import { testDb } from './cron-helpers';

/** The newest installer's bytes: every test that puts it puts the same ones. */
const CURRENT = new TextEncoder().encode(`installer ${site.currentVersion}\n`.repeat(64));

async function putInstaller(version: string, bytes: Uint8Array, contentType?: string) {
  await env.DOWNLOADS.put(
    installer.key(version),
    bytes,
    contentType ? { httpMetadata: { contentType } } : {},
  );
}

/** A trial account whose license was issued for `appVersion`. */
async function trialOn(app: AccountApp, appVersion: string) {
  const account = await signUpTrial(app);
  await testDb()
    .update(licenses)
    .set({ appVersion })
    .where(eq(licenses.userId, account.auth.user.userId));
  return account;
}

/** A version no other test uses, so its installer exists only if this test puts it. */
const uniqueVersion = () => `0.0.${Math.floor(Math.random() * 1e9)}`;

describe('GET /api/download', () => {
  it('gives a trial account the version it signed up with, as an attachment', async () => {
    const app = accountApp();
    const version = uniqueVersion();
    const bytes = new TextEncoder().encode(`old installer ${version}`);
    await putInstaller(version, bytes);
    await putInstaller(site.currentVersion, CURRENT);
    const { bearer } = await trialOn(app, version);

    const response = await app.request('/api/download', { headers: bearer });

    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    expect(response.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="${installer.fileName(version)}"`,
    );
    expect(response.headers.get('Content-Length')).toBe(String(bytes.byteLength));
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('gives a Standard account the newest version, whatever its trial started on', async () => {
    const app = accountApp();
    await putInstaller(site.currentVersion, CURRENT);
    const { auth, bearer } = await trialOn(app, uniqueVersion());
    // An upgrade turns the trial license into a Standard one in place (same key and row).
    await testDb()
      .update(licenses)
      .set({ plan: 'Standard' })
      .where(eq(licenses.userId, auth.user.userId));

    const response = await app.request('/api/download', { headers: bearer });

    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="${installer.fileName(site.currentVersion)}"`,
    );
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(CURRENT);
  });

  it('falls back to the newest version for a trial license without a recorded version', async () => {
    const app = accountApp();
    await putInstaller(site.currentVersion, CURRENT);
    const { bearer, auth } = await signUpTrial(app);
    await testDb()
      .update(licenses)
      .set({ appVersion: null })
      .where(eq(licenses.userId, auth.user.userId));

    const response = await app.request('/api/download', { headers: bearer });

    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(CURRENT);
  });

  it('still lets an account with an expired license download (the plugin checks the license)', async () => {
    const app = accountApp();
    const version = uniqueVersion();
    await putInstaller(version, new TextEncoder().encode('expired but installable'));
    const { bearer, auth } = await trialOn(app, version);
    await testDb()
      .update(licenses)
      .set({ status: 'expired' })
      .where(eq(licenses.userId, auth.user.userId));

    const response = await app.request('/api/download', { headers: bearer });

    expect(response.status).toBe(200);
    expect(await response.text()).toBe('expired but installable');
  });

  it('works with the session cookie of a browser, and keeps the object’s content type', async () => {
    const app = accountApp();
    const version = uniqueVersion();
    await putInstaller(
      version,
      new Uint8Array([77, 90, 0, 1]),
      'application/vnd.microsoft.portable-executable',
    );
    const { cookie } = await trialOn(app, version);

    // A plain navigation: GET with the cookie, no Origin (none is needed for a read).
    const response = await app.request('/api/download', {
      headers: { Cookie: cookie, Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe(
      'application/vnd.microsoft.portable-executable',
    );
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([77, 90, 0, 1]));
  });

  it('answers HEAD with the same headers and no body', async () => {
    const app = accountApp();
    await putInstaller(site.currentVersion, CURRENT);
    const { bearer } = await trialOn(app, site.currentVersion);

    const response = await app.request('/api/download', { method: 'HEAD', headers: bearer });

    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="${installer.fileName(site.currentVersion)}"`,
    );
    expect(response.headers.get('Content-Length')).toBe(String(CURRENT.byteLength));
    expect(await response.text()).toBe('');
  });

  it('answers 401 JSON to an API client without a session', async () => {
    const app = accountApp();

    const response = await app.request('/api/download', {
      headers: { Accept: 'application/json' },
    });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      message: 'Please log in to continue.',
      code: 'UNAUTHORIZED',
    });
  });

  it('sends a browser without a session to /login instead of showing JSON', async () => {
    const app = accountApp();

    const response = await app.request('/api/download', {
      headers: { Accept: 'text/html,application/xhtml+xml' },
    });

    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login');
  });

  it('sends a browser whose session was revoked to /login too', async () => {
    const app = accountApp();
    await putInstaller(site.currentVersion, CURRENT);
    const { cookie, bearer } = await trialOn(app, site.currentVersion);
    const navigate = () =>
      app.request('/api/download', { headers: { Cookie: cookie, Accept: 'text/html' } });
    expect((await navigate()).status).toBe(200);
    await app.request('/api/logout', { method: 'POST', headers: bearer });

    const response = await navigate();

    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login');
  });

  it('answers 401 to a deleted account (its sessions are revoked)', async () => {
    const app = accountApp();
    await putInstaller(site.currentVersion, CURRENT);
    const { bearer } = await signUpTrial(app);
    await app.request('/api/delete', { method: 'DELETE', headers: bearer });

    const response = await app.request('/api/download', { headers: bearer });

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('answers 404 DOWNLOAD_UNAVAILABLE when the installer is missing from the bucket', async () => {
    const app = accountApp();
    const { bearer } = await trialOn(app, uniqueVersion());
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    const response = await app.request('/api/download', { headers: bearer });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: 'The installer is not available right now. Please try again later.',
      code: 'DOWNLOAD_UNAVAILABLE',
    });
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('answers 405 with Allow to other methods', async () => {
    const app = accountApp();

    const response = await app.request('/api/download', { method: 'POST' });

    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, HEAD');
  });
});
