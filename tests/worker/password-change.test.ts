import { describe, expect, it } from 'vitest';
import { Messages, SuccessMessages } from '../../src/contract/messages';
import { accountApp, credentials, queryAll, signUpTrial, type AccountApp } from './account-helpers';

const NEW_PASSWORD = 'Gusset-Plate-7731';

/** Signs in again by password and answers the status. */
async function loginStatus(app: AccountApp, email: string, password: string) {
  const response = await app.post('/api/login', { email, password });
  return response.status;
}

describe('POST /api/change-password', () => {
  it('sets the new password, keeps this session, signs out the others and e-mails the owner', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const email = account.form.email;
    const password = account.form.password;
    const other = await app.post('/api/login', { email, password });
    const otherToken = (await other.json<{ token: string }>()).token;

    const response = await app.request('/api/change-password', {
      method: 'POST',
      headers: account.browser,
      json: { currentPassword: password, newPassword: NEW_PASSWORD },
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: SuccessMessages.passwordChanged });
    expect(await loginStatus(app, email, password)).toBe(401);
    expect(await loginStatus(app, email, NEW_PASSWORD)).toBe(200);
    const me = (token: string) =>
      app.request('/api/me', { headers: credentials(token).bearer }).then((r) => r.status);
    expect(await me(account.auth.token)).toBe(200);
    expect(await me(otherToken)).toBe(401);
    const sent = app.mail.filter((mail) => mail.tag === 'password-changed');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(email);
    expect(sent[0]?.text).toContain('If it was not you');
    expect(sent[0]?.text).toContain('/forgot-password');
  });

  it('refuses a wrong current password with 403 and changes nothing', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const password = account.form.password;

    const response = await app.request('/api/change-password', {
      method: 'POST',
      headers: account.browser,
      json: { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD },
    });

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: 'CURRENT_PASSWORD_WRONG',
      message: Messages.currentPasswordWrong,
    });
    expect(await loginStatus(app, account.form.email, password)).toBe(200);
    expect(app.mail.filter((mail) => mail.tag === 'password-changed')).toHaveLength(0);
  });

  it('refuses a new password that is too short or too common, with the signup messages', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const change = (newPassword: string) =>
      app.request('/api/change-password', {
        method: 'POST',
        headers: account.browser,
        json: { currentPassword: account.form.password, newPassword },
      });

    const short = await change('abc');
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const common = await change('password123');
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ code: 'WEAK_PASSWORD' });
    expect(await loginStatus(app, account.form.email, account.form.password)).toBe(200);
  });

  it('counts wrong current passwords on the sign-in budget of the e-mail', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await app.request('/api/change-password', {
        method: 'POST',
        headers: account.browser,
        json: { currentPassword: `wrong-${attempt}`, newPassword: NEW_PASSWORD },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 403)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('needs a session, and a cookie needs our Origin', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const body = { currentPassword: account.form.password, newPassword: NEW_PASSWORD };

    const anonymous = await app.request('/api/change-password', { method: 'POST', json: body });
    expect(anonymous.status).toBe(401);
    const crossSite = await app.request('/api/change-password', {
      method: 'POST',
      headers: { Cookie: account.cookie, Origin: 'https://evil.example' },
      json: body,
    });
    expect(crossSite.status).toBe(403);
    const [row] = await queryAll<{ n: number }>(
      "SELECT count(*) AS n FROM outbox WHERE to_email = ? AND tag = 'password-changed'",
      account.form.email,
    );
    expect(row?.n).toBe(0);
  });
});
