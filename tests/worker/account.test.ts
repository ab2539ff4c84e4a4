import { describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../src/contract/user';
import { accountApp, credentials, queryAll, signUpTrial } from './account-helpers';
import { ORIGIN } from './helpers';

describe('DELETE /api/delete', () => {
  it('schedules the account for deletion and answers the message', async () => {
    const app = accountApp();
    const { auth, bearer } = await signUpTrial(app);

    const response = await app.request('/api/delete', { method: 'DELETE', headers: bearer });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: 'Your account has been scheduled for deletion.',
    });
    const [user] = await queryAll<{ is_deleted: number; deleted_at: number }>(
      'SELECT is_deleted, deleted_at FROM users WHERE id = ?',
      auth.user.userId,
    );
    expect(user).toEqual({ is_deleted: 1, deleted_at: app.clock.now });
  });

  it('revokes every session of the account and its license', async () => {
    const app = accountApp();
    const { form, auth, bearer } = await signUpTrial(app);
    const other = await (
      await app.post('/api/login', { email: form.email, password: form.password })
    ).json<AuthResponse>();

    await app.request('/api/delete', { method: 'DELETE', headers: bearer });

    expect((await app.request('/api/me', { headers: bearer })).status).toBe(401);
    expect(
      (await app.request('/api/me', { headers: credentials(other.token).bearer })).status,
    ).toBe(401);
    const live = await queryAll(
      'SELECT id FROM sessions WHERE user_id = ? AND revoked_at IS NULL',
      auth.user.userId,
    );
    expect(live).toHaveLength(0);
    const [license] = await queryAll<{ status: string }>(
      'SELECT status FROM licenses WHERE user_id = ?',
      auth.user.userId,
    );
    expect(license?.status).toBe('revoked');
  });

  it('clears the session cookie', async () => {
    const app = accountApp();
    const { cookie } = await signUpTrial(app);

    const response = await app.request('/api/delete', {
      method: 'DELETE',
      headers: { Cookie: cookie, Origin: ORIGIN },
    });

    expect(response.headers.getSetCookie().join()).toMatch(/__Host-sw_session=;.*Max-Age=0/);
  });

  it('stops the account from signing in: the right password gets 403 ACCOUNT_DELETED', async () => {
    const app = accountApp();
    const { form, bearer } = await signUpTrial(app);
    await app.request('/api/delete', { method: 'DELETE', headers: bearer });

    const right = await app.post('/api/login', { email: form.email, password: form.password });
    const wrong = await app.post('/api/login', { email: form.email, password: 'not the password' });

    expect(right.status).toBe(403);
    expect(await right.json()).toEqual({
      message: 'This account has been scheduled for deletion and can no longer sign in.',
      code: 'ACCOUNT_DELETED',
    });
    // Without the password nothing about the account is revealed.
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('keeps the e-mail taken while the deletion is pending (409 on a new signup)', async () => {
    const app = accountApp();
    const { form, bearer } = await signUpTrial(app);
    await app.request('/api/delete', { method: 'DELETE', headers: bearer });

    const response = await app.post('/api/send-verification-email', {
      customerName: 'Ada',
      email: form.email,
      plan: 'standard',
      fingerprintId: 'fp-another-device',
      recaptchaToken: 'ok:signup',
    });

    expect(response.status).toBe(409);
  });

  it('answers 401 without a session', async () => {
    const app = accountApp();

    const response = await app.request('/api/delete', { method: 'DELETE' });

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('answers 405 for POST', async () => {
    const app = accountApp();

    const response = await app.request('/api/delete', { method: 'POST' });

    expect(response.status).toBe(405);
  });
});
