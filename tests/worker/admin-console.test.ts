// cspell:ignore dmin
import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ConsoleMessages } from '../../src/contract/messages';
import { licensing } from '../../src/site.config';
import { parse } from '../../src/contract/shape';
import { accountApp, botToken, queryAll, signUpTrial, type AccountApp } from './account-helpers';
import { act, adminGet, adminPost, detailOf, operator } from './admin-helpers';
import { ORIGIN } from './helpers';
import {
  activateOk,
  DAY_MS,
  deactivate,
  licensee,
  newDeviceId,
  validate,
} from './licenses-helpers';
import { isGetOperatorAnswer } from '../../src/generated/answers/GetOperatorAnswer';
import { isListAuditLogAnswer } from '../../src/generated/answers/ListAuditLogAnswer';
import { isListContactMessagesAnswer } from '../../src/generated/answers/ListContactMessagesAnswer';
import { isSearchCustomersAnswer } from '../../src/generated/answers/SearchCustomersAnswer';

async function search(app: AccountApp, who: Awaited<ReturnType<typeof operator>>, q: string) {
  const response = await adminGet(app, who, `/api/admin/search?q=${encodeURIComponent(q)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return parse(isSearchCustomersAnswer, await response.json());
}

describe('who may use the console', () => {
  it('answers 401 without a session, 403 to customers, the session to an operator', async () => {
    const app = accountApp();
    const customer = await signUpTrial(app);
    const admin = await operator(app);

    expect((await app.request('/api/admin/session')).status).toBe(401);
    const refused = await adminGet(app, customer, '/api/admin/session');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    for (const path of ['/api/admin/search?q=ada', `/api/admin/customers/${admin.userId}`]) {
      expect((await adminGet(app, customer, path)).status).toBe(403);
    }
    const allowed = await adminGet(app, admin, '/api/admin/session');
    expect(allowed.status).toBe(200);
    expect(parse(isGetOperatorAnswer, await allowed.json())).toMatchObject({
      userId: admin.userId,
      freshUntil: new Date(app.clock.now + 12 * 60 * 60 * 1000).toISOString(),
    });
  });

  it('asks an operator to sign in again 12 hours after signing in, and changes nothing', async () => {
    const app = accountApp();
    const customer = await licensee(app);
    const admin = await operator(app);
    app.clock.advance(12 * 60 * 60 + 1);

    const response = await adminPost(
      app,
      admin,
      `/api/admin/customers/${customer.userId}/actions`,
      {
        action: 'suspend-license',
        licenseId: customer.licenseId,
        reason: 'Payment dispute',
      },
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'REAUTH_REQUIRED',
      message: ConsoleMessages.signInAgain,
    });
    const [license] = await queryAll<{ status: string }>(
      'SELECT status FROM licenses WHERE id = ?',
      customer.licenseId,
    );
    expect(license?.status).toBe('active');
  });

  it('refuses console calls another site starts, and writes without our Origin', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const crossSite = await app.request('/api/admin/session', {
      headers: { Cookie: admin.cookie, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const noOrigin = await app.request(`/api/admin/customers/${admin.userId}/actions`, {
      method: 'POST',
      json: { action: 'sign-out-everywhere', reason: 'Testing CSRF' },
      headers: { Cookie: admin.cookie },
    });
    expect(noOrigin.status).toBe(403);
  });

  it('serves the console pages to operators and the ordinary 404 page to anyone else', async () => {
    const app = accountApp();
    const customer = await signUpTrial(app);
    const admin = await operator(app);

    for (const headers of [{}, customer.browser]) {
      const page = await app.request('/admin/', { headers });
      expect(page.status).toBe(404);
      const html = await page.text();
      expect(html).toContain('Fixture not found');
      expect(html).not.toContain('console');
      // The CSP of _headers, with the inline-script hashes the 404 page needs to run.
      expect(page.headers.get('Content-Security-Policy')).toContain("'sha256-fixture'");
      expect(page.headers.get('Cache-Control')).toBe('no-store');
    }
    const page = await app.request('/admin/', { headers: admin.browser });
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    expect(await page.text()).toContain('Operator console fixture');
  });

  it('answers any other spelling of a console page with the 404 page, even to operators', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const spellings = [
      '/admin.html',
      '/admin.htm',
      '/%61dmin',
      '/%61dmin/',
      '/adm%69n/audit',
      '/admin%2Faudit',
      '/admin/index.html',
      '/admin/audit.html',
      '/ADMIN',
    ];

    for (const path of spellings) {
      const page = await app.request(path, { headers: admin.browser });
      expect(page.status, path).toBe(404);
      expect(await page.text(), path).toContain('Fixture not found');
    }
    // The console itself still answers its operators.
    for (const path of ['/admin', '/admin/']) {
      const page = await app.request(path, { headers: admin.browser });
      expect(page.status, path).not.toBe(404);
    }
  });

  it('routes those spellings to the Worker, so the assets layer cannot redirect them to /admin', async () => {
    // SELF goes through the assets layer and run_worker_first of wrangler.toml, like production.
    for (const path of ['/admin.html', '/admin.htm', '/%61dmin', '/%61dmin/', '/adm%69n']) {
      const page = await SELF.fetch(new URL(path, ORIGIN), { redirect: 'manual' });
      expect(page.status, path).toBe(404);
      expect(page.headers.get('Location'), path).toBeNull();
      expect(await page.text(), path).toContain('Fixture not found');
    }
  });

  it('has no route that changes a role', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const customer = await signUpTrial(app);
    const response = await adminPost(
      app,
      admin,
      `/api/admin/customers/${customer.auth.user.userId}/actions`,
      {
        action: 'grant-admin',
        reason: 'Trying',
      },
    );
    expect(response.status).toBe(400);
    const [row] = await queryAll<{ role: string | null }>(
      'SELECT role FROM users WHERE id = ?',
      customer.auth.user.userId,
    );
    expect(row?.role).toBeNull();
  });
});

describe('GET /api/admin/search', () => {
  it('finds a customer by part of the e-mail or name, User ID, license key and device', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const who = await licensee(app);
    const email = who.account.form.email;
    const deviceId = newDeviceId('laptop');
    await activateOk(app, who.key, { deviceId, deviceName: 'Marta-Laptop-07' });

    const local = email.split('@')[0] ?? '';
    const queries = [
      local.slice(2, 12).toUpperCase(),
      who.userId,
      who.key,
      who.key.replaceAll('-', '').toLowerCase(),
      deviceId,
      'marta-laptop',
    ];
    for (const q of queries) {
      const found = await search(app, admin, q);
      expect(
        found.results.map((r) => r.userId),
        q,
      ).toContain(who.userId);
    }
    expect((await search(app, admin, who.key)).results[0]).toMatchObject({
      userId: who.userId,
      email,
      plan: 'Trial',
      matchedBy: 'license key',
    });
  });

  it('pages results newest first', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const tag = `pg${crypto.randomUUID().slice(0, 6)}`;
    const ids: string[] = [];
    // Accounts as signups store them (the signup rate limits would stop 22 real ones).
    for (let i = 0; i < 22; i += 1) {
      const id = crypto.randomUUID();
      const email = `${tag}-${i}@example.com`;
      await env.DB.prepare(
        `INSERT INTO users (id, customer_name, email, email_normalized, plan, is_deleted, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'Trial', 0, ?, ?)`,
      )
        .bind(id, `Paged ${i}`, email, email, app.clock.now + i, app.clock.now + i)
        .run();
      ids.push(id);
    }
    const first = await search(app, admin, tag);
    expect(first.results).toHaveLength(20);
    expect(first.results.map((r) => r.userId)).toEqual(ids.slice(-20).reverse());
    expect(first.nextCursor).not.toBeNull();
    const response = await adminGet(
      app,
      admin,
      `/api/admin/search?q=${tag}&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
    );
    const second = parse(isSearchCustomersAnswer, await response.json());
    expect(second.results.map((r) => r.userId)).toEqual(ids.slice(0, 2).reverse());
    expect(second.nextCursor).toBeNull();
  });

  it('explains a search that is too short and never fails on odd input', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const short = await adminGet(app, admin, '/api/admin/search?q=a');
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ message: ConsoleMessages.searchTooShort });
    for (const q of ['"', '""*', 'a"b OR c', 'NEAR(x y)', '%_%', '\u0000\u0001x', 'cs_', 'sub_x']) {
      const response = await adminGet(app, admin, `/api/admin/search?q=${encodeURIComponent(q)}`);
      expect([200, 400], q).toContain(response.status);
    }
    const long = await adminGet(app, admin, `/api/admin/search?q=${'x'.repeat(201)}`);
    expect(long.status).toBe(400);
  });
});

describe('GET /api/admin/customers/:id', () => {
  it('shows account, licenses, devices, history, sessions, e-mails and trial claims', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const who = await licensee(app);
    const deviceId = newDeviceId();
    await activateOk(app, who.key, { deviceId, deviceName: 'Office PC' });

    const detail = await detailOf(app, admin, who.userId);
    expect(detail.account).toMatchObject({
      id: who.userId,
      email: who.account.form.email,
      plan: 'Trial',
      verified: true,
      googleLinked: false,
      hasPassword: true,
      isDeleted: false,
      role: null,
    });
    expect(detail.licenses).toEqual([
      expect.objectContaining({
        id: who.licenseId,
        licenseKey: who.key,
        current: true,
        activeDevices: 1,
      }),
    ]);
    expect(detail.devices).toEqual([
      expect.objectContaining({ deviceId, deviceName: 'Office PC' }),
    ]);
    expect(detail.activations[0]).toMatchObject({ action: 'activated', deviceId });
    expect(detail.sessions.length).toBeGreaterThan(0);
    expect(detail.mails.map((m) => m.tag)).toEqual(
      expect.arrayContaining(['welcome', 'verification-code']),
    );
    // Operators never see a one-time code: the code's subject is shown without its digits.
    const code = detail.mails.find((m) => m.tag === 'verification-code');
    expect(code?.subject).not.toMatch(/\d/);
    expect(
      detail.trialMatches
        .filter((m) => m.thisAccount)
        .map((m) => m.kind)
        .sort(),
    ).toEqual(['email', 'fingerprint']);
  });

  it('answers 404 for an unknown id', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const response = await adminGet(app, admin, `/api/admin/customers/${crypto.randomUUID()}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: ConsoleMessages.customerNotFound });
  });
});

describe('customer actions', () => {
  it('extends a trial by 7 days: the dashboard and the plugin see the new date', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const who = await licensee(app);
    const deviceId = newDeviceId();
    await activateOk(app, who.key, { deviceId });
    const [before] = await queryAll<{ expires_at: number }>(
      'SELECT expires_at FROM licenses WHERE id = ?',
      who.licenseId,
    );

    const result = await act(app, admin, who.userId, {
      action: 'extend-license',
      licenseId: who.licenseId,
      days: 7,
      reason: 'Onboarding took a week',
    });

    const expected = new Date((before?.expires_at ?? 0) + 7 * DAY_MS).toISOString();
    expect(result.message).toBe(ConsoleMessages.licenseExtended);
    expect(result.detail.licenses[0]?.expiresAt).toBe(expected);
    const me = await app.request('/api/me', { headers: who.account.bearer });
    expect(JSON.stringify(await me.json())).toContain(expected.slice(0, 10));
    const check = await validate(app, who.key, deviceId);
    expect(check.license?.expiresAt).toBe(expected);
    expect(result.detail.audit[0]).toMatchObject({
      action: 'extend-license',
      operatorId: admin.userId,
      operatorEmail: admin.form.email,
      reason: 'Onboarding took a week',
      subject: `license:${who.licenseId}`,
    });
    expect(JSON.parse(result.detail.audit[0]?.before ?? '{}')).toEqual({
      status: 'active',
      expiresAt: before?.expires_at,
    });
    expect(JSON.parse(result.detail.audit[0]?.after ?? '{}')).toMatchObject({
      status: 'active',
      days: 7,
    });
    // The customer is told the new date once, in words.
    const told = app.mail.filter((m) => m.tag === 'license-extended');
    expect(told).toHaveLength(1);
    expect(told[0]?.to).toBe(who.account.form.email.toLowerCase());
    const inWords = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(expected),
    );
    expect(told[0]?.subject).toBe(`Your Sheetwright free trial now runs until ${inWords}`);
    expect(told[0]?.text).toContain('extended your Sheetwright free trial by 7 days');

    // A refused extension (a revoked license) tells nobody.
    await act(app, admin, who.userId, { action: 'revoke-license', licenseId: who.licenseId });
    const refused = await adminPost(app, admin, `/api/admin/customers/${who.userId}/actions`, {
      action: 'extend-license',
      licenseId: who.licenseId,
      days: 7,
      reason: 'Too late',
    });
    expect(refused.status).toBe(409);
    expect(app.mail.filter((m) => m.tag === 'license-extended')).toHaveLength(1);
  });

  it('restarts an expired trial from today', async () => {
    const app = accountApp();
    const who = await licensee(app);
    app.clock.advance(20 * 24 * 60 * 60);
    const admin = await operator(app);
    await env.DB.prepare("UPDATE licenses SET status = 'expired' WHERE id = ?")
      .bind(who.licenseId)
      .run();
    const result = await act(app, admin, who.userId, {
      action: 'extend-license',
      licenseId: who.licenseId,
      days: 7,
    });
    expect(result.detail.licenses[0]).toMatchObject({
      status: 'active',
      effectiveStatus: 'active',
      expiresAt: new Date(app.clock.now + 7 * DAY_MS).toISOString(),
    });
  });

  it('suspends, reinstates and revokes a license as the plugin then sees it', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const who = await licensee(app, 'Standard');
    const deviceId = newDeviceId();
    await activateOk(app, who.key, { deviceId });

    await act(app, admin, who.userId, { action: 'suspend-license', licenseId: who.licenseId });
    expect((await validate(app, who.key, deviceId)).status).toBe('SUSPENDED');
    await act(app, admin, who.userId, { action: 'reinstate-license', licenseId: who.licenseId });
    expect((await validate(app, who.key, deviceId)).status).toBe('VALID');
    const revoked = await act(app, admin, who.userId, {
      action: 'revoke-license',
      licenseId: who.licenseId,
    });
    expect((await validate(app, who.key, deviceId)).status).toBe('REVOKED');
    expect(revoked.detail.devices.every((d) => d.deactivatedAt !== null)).toBe(true);
    // Revoked is final: nothing else applies to it.
    const again = await adminPost(app, admin, `/api/admin/customers/${who.userId}/actions`, {
      action: 'reinstate-license',
      licenseId: who.licenseId,
      reason: 'Oops',
    });
    expect(again.status).toBe(409);
  });

  it('frees a device: the plugin is told DEVICE_NOT_ACTIVATED, the budget is not used', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const who = await licensee(app);
    const deviceId = newDeviceId();
    await activateOk(app, who.key, { deviceId, deviceName: 'Lost laptop' });
    const [device] = (await detailOf(app, admin, who.userId)).devices;

    const result = await act(app, admin, who.userId, {
      action: 'free-device',
      deviceRowId: device?.id,
      reason: 'Laptop stolen',
    });

    expect(result.message).toBe(ConsoleMessages.deviceFreed);
    expect((await validate(app, who.key, deviceId)).status).toBe('DEVICE_NOT_ACTIVATED');
    expect(result.detail.activations[0]).toMatchObject({
      action: 'deactivated',
      source: 'support',
    });
    expect(result.detail.licenses[0]?.deactivations.used).toBe(0);
    // Freed already: a second try is a plain 404.
    const again = await adminPost(app, admin, `/api/admin/customers/${who.userId}/actions`, {
      action: 'free-device',
      deviceRowId: device?.id,
      reason: 'Double click',
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ message: ConsoleMessages.deviceNotActive });
  });

  it('resets the deactivation budget so the customer can move devices again', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const who = await licensee(app);
    // Move the license between machines until the rolling budget refuses a deactivation.
    let status = 200;
    let deviceId = '';
    for (let i = 0; i <= licensing.maxDeactivations && status !== 429; i += 1) {
      deviceId = newDeviceId();
      await activateOk(app, who.key, { deviceId });
      status = (await deactivate(app, who.key, deviceId)).status;
    }
    expect(status).toBe(429);

    const result = await act(app, admin, who.userId, {
      action: 'reset-deactivations',
      licenseId: who.licenseId,
    });

    expect(result.detail.licenses[0]?.deactivations).toMatchObject({ used: 0 });
    expect((await deactivate(app, who.key, deviceId)).status).toBe(200);
  });

  it('issues a replacement key: the old one is REVOKED, the new one works and is e-mailed', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const who = await licensee(app, 'Standard');
    const deviceId = newDeviceId();
    await activateOk(app, who.key, { deviceId });

    const result = await act(app, admin, who.userId, {
      action: 'replace-key',
      licenseId: who.licenseId,
      reason: 'Key posted on a forum',
    });

    const [current, old] = result.detail.licenses;
    expect(old).toMatchObject({ licenseKey: who.key, status: 'revoked', current: false });
    expect(current).toMatchObject({ plan: 'Standard', status: 'active', current: true });
    expect(current?.licenseKey).not.toBe(who.key);
    expect((await validate(app, who.key, deviceId)).status).toBe('REVOKED');
    await activateOk(app, current?.licenseKey ?? '', { deviceId });
    const mail = app.mail.find(
      (m) => m.tag === 'license-replaced' && m.to === who.account.form.email,
    );
    expect(mail?.text).toContain(current?.licenseKey);
    const me = await app.request('/api/me', { headers: who.account.bearer });
    expect(await me.text()).toContain(current?.licenseKey);
  });

  it('resends the license e-mail and signs the customer out everywhere', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const who = await licensee(app);
    const sent = app.mail.length;

    await act(app, admin, who.userId, { action: 'resend-license-mail' });
    expect(app.mail.slice(sent)).toEqual([
      expect.objectContaining({ to: who.account.form.email, tag: 'welcome' }),
    ]);
    expect(app.mail.at(-1)?.text).toContain(who.key);

    await act(app, admin, who.userId, { action: 'sign-out-everywhere' });
    expect((await app.request('/api/me', { headers: who.account.bearer })).status).toBe(401);
  });

  it('schedules a deletion and restores the account within its window', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const who = await licensee(app);
    const deviceId = newDeviceId();
    await activateOk(app, who.key, { deviceId });

    const deleted = await act(app, admin, who.userId, { action: 'schedule-deletion' });
    expect(deleted.detail.account).toMatchObject({ isDeleted: true });
    expect(deleted.detail.account.purgeAt).not.toBeNull();
    expect((await validate(app, who.key, deviceId)).status).toBe('REVOKED');
    const login = () =>
      app.post('/api/login', {
        email: who.account.form.email,
        password: who.account.form.password,
      });
    expect((await login()).status).toBe(403);

    const restored = await act(app, admin, who.userId, { action: 'restore-account' });
    expect(restored.detail.account).toMatchObject({ isDeleted: false, deletedAt: null });
    expect(restored.detail.licenses[0]).toMatchObject({ status: 'active' });
    expect((await login()).status).toBe(200);
    await activateOk(app, who.key, { deviceId });
    expect(restored.detail.audit.map((a) => a.action)).toEqual([
      'restore-account',
      'schedule-deletion',
    ]);
  });

  it('lets one of two operators acting on one license at once apply; the other changes nothing', async () => {
    const app = accountApp();
    const first = await operator(app);
    const second = await operator(app);
    const who = await licensee(app);

    const responses = await Promise.all(
      [first, second].map((admin) =>
        adminPost(app, admin, `/api/admin/customers/${who.userId}/actions`, {
          action: 'suspend-license',
          licenseId: who.licenseId,
          reason: 'Payment dispute',
        }),
      ),
    );

    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    const conflict = responses.find((r) => r.status === 409);
    expect(await conflict?.json()).toMatchObject({ code: 'STALE_STATE' });
    const rows = await queryAll<{ n: number }>(
      "SELECT count(*) AS n FROM audit_log WHERE user_id = ? AND action = 'suspend-license'",
      who.userId,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('needs a reason, and refuses what does not belong to the customer', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const who = await licensee(app);
    const other = await licensee(app);
    const path = `/api/admin/customers/${who.userId}/actions`;

    const noReason = await adminPost(app, admin, path, {
      action: 'suspend-license',
      licenseId: who.licenseId,
    });
    expect(noReason.status).toBe(400);
    expect((await noReason.json<{ message: string }>()).message).toMatch(/reason/i);
    const notTheirs = await adminPost(app, admin, path, {
      action: 'suspend-license',
      licenseId: other.licenseId,
      reason: 'Wrong one',
    });
    expect(notTheirs.status).toBe(404);
    const badDays = await adminPost(app, admin, path, {
      action: 'extend-license',
      licenseId: who.licenseId,
      days: 0,
      reason: 'Zero',
    });
    expect(badDays.status).toBe(400);
    const [license] = await queryAll<{ status: string }>(
      'SELECT status FROM licenses WHERE id = ?',
      other.licenseId,
    );
    expect(license?.status).toBe('active');
  });
});

describe('the audit log', () => {
  it('cannot be changed or deleted, and is searchable by operator, customer and action', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const who = await licensee(app);
    await act(app, admin, who.userId, { action: 'sign-out-everywhere' });

    await expect(env.DB.prepare("UPDATE audit_log SET reason = 'x'").run()).rejects.toThrow(
      /append-only/,
    );
    await expect(
      env.DB.prepare('DELETE FROM audit_log WHERE user_id = ?').bind(who.userId).run(),
    ).rejects.toThrow(/append-only/);

    for (const query of [
      `customer=${who.userId}`,
      `operator=${admin.userId}&action=sign-out-everywhere`,
    ]) {
      const response = await adminGet(app, admin, `/api/admin/audit?${query}`);
      const page = parse(isListAuditLogAnswer, await response.json());
      expect(page.entries.some((e) => e.userId === who.userId)).toBe(true);
      // Each row names its customer as they are now, not by id alone.
      expect(page.entries.find((e) => e.userId === who.userId)).toMatchObject({
        customerName: who.account.form.customerName,
        customerEmail: who.account.form.email.toLowerCase(),
      });
      expect(
        page.entries.every((e) => e.action === 'sign-out-everywhere' || !query.includes('action')),
      ).toBe(true);
    }
    const bad = await adminGet(app, admin, '/api/admin/audit?action=drop-table');
    expect(bad.status).toBe(400);

    // By day (UTC): the day of the action finds it, the day after does not.
    const today = new Date(app.clock.now).toISOString().slice(0, 10);
    const tomorrow = new Date(app.clock.now + DAY_MS).toISOString().slice(0, 10);
    const byDay = async (query: string) =>
      parse(
        isListAuditLogAnswer,
        await (
          await adminGet(app, admin, `/api/admin/audit?customer=${who.userId}&${query}`)
        ).json(),
      ).entries.length;
    expect(await byDay(`from=${today}&to=${today}`)).toBe(1);
    expect(await byDay(`from=${tomorrow}`)).toBe(0);
    expect(await byDay(`to=${today}`)).toBe(1);
    const badDay = await adminGet(app, admin, '/api/admin/audit?from=yesterday');
    expect(badDay.status).toBe(400);
    expect(await badDay.json()).toMatchObject({ message: 'Give dates as YYYY-MM-DD.' });
  });

  it('finds an operator and a customer by e-mail address as by User ID', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const who = await licensee(app);
    const bystander = await licensee(app);
    await act(app, admin, who.userId, { action: 'sign-out-everywhere' });
    await act(app, admin, bystander.userId, { action: 'sign-out-everywhere' });
    const customersOf = async (query: string) => {
      const response = await adminGet(app, admin, `/api/admin/audit?${query}`);
      expect(response.status, await response.clone().text()).toBe(200);
      return parse(isListAuditLogAnswer, await response.json()).entries.map((e) => e.userId);
    };
    // Typed as people type it: other case, spaces around.
    const typed = encodeURIComponent(`  ${who.account.form.email.toUpperCase()} `);
    expect(await customersOf(`customer=${typed}`)).toEqual([who.userId]);
    expect(await customersOf(`customer=${who.userId}`)).toEqual([who.userId]);
    const byOperator = await customersOf(
      `operator=${encodeURIComponent(admin.form.email)}&action=sign-out-everywhere`,
    );
    expect(byOperator.sort()).toEqual([who.userId, bystander.userId].sort());
    // An address of no account matches nothing, and is no error.
    expect(await customersOf('customer=nobody%40example.com')).toEqual([]);
    expect(await customersOf('operator=nobody%40example.com')).toEqual([]);
  });
});

describe('the contact inbox', () => {
  it('lists a new message with its customer and marks it handled once', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const who = await licensee(app);
    const text = `Need an invoice copy ${crypto.randomUUID()}`;
    const sent = await app.post(
      '/api/contact',
      {
        name: 'Ada',
        email: who.account.form.email.toUpperCase(),
        message: text,
        recaptchaToken: botToken('contact'),
      },
      { Origin: ORIGIN },
    );
    expect(sent.status).toBe(200);

    const inbox = parse(
      isListContactMessagesAnswer,
      await (await adminGet(app, admin, '/api/admin/inbox')).json(),
    );
    const message = inbox.messages.find((m) => m.message === text);
    expect(message).toMatchObject({ status: 'new', userId: who.userId });
    expect(inbox.newCount).toBeGreaterThan(0);

    const handle = (note: string) =>
      adminPost(app, admin, `/api/admin/inbox/${message?.id}/handle`, { note });
    expect((await handle('x')).status).toBe(400);
    expect((await handle('Sent the invoice PDF')).status).toBe(200);
    expect((await handle('Again')).status).toBe(409);

    const handled = parse(
      isListContactMessagesAnswer,
      await (await adminGet(app, admin, '/api/admin/inbox?status=handled')).json(),
    );
    expect(handled.messages.find((m) => m.id === message?.id)).toMatchObject({
      status: 'handled',
      handledBy: admin.form.email,
      handledNote: 'Sent the invoice PDF',
    });
    const detail = await detailOf(app, admin, who.userId);
    expect(detail.contactMessages.map((m) => m.message)).toContain(text);
    expect(detail.audit[0]).toMatchObject({
      action: 'handle-contact',
      reason: 'Sent the invoice PDF',
    });
  });
});
