/**
 * The lifecycle e-mails about a license and an account: "a new device was activated" (name, time,
 * "not you? free it here") and "your account is scheduled for deletion" (when the data goes and
 * how to undo it). Each is written with the change it reports: a new active device row, the
 * account turning deleted; repeating the request is not a new change and writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { site } from '../../src/site.config';
import type { AuthResponse } from '../../src/contract/user';
import { accountApp, signUpTrial, uniqueEmail, type AccountApp } from './account-helpers';
import { act, adminPost, confirmIdentity, operator } from './admin-helpers';
import { ORIGIN } from './helpers';
import { activate, activateOk, deactivate, licensee, newDeviceId } from './licenses-helpers';

function mailsTo(app: AccountApp, email: string, tag: string) {
  return app.mail.filter((mail) => mail.to === email && mail.tag === tag);
}

describe('e-mail: a new device was activated', () => {
  it('is sent once per new device, with its name, time and where to free it; activating the same machine again sends nothing', async () => {
    const app = accountApp();
    const who = await licensee(app, 'Standard');
    const deviceId = newDeviceId();
    const email = who.account.form.email;

    await activateOk(app, who.key, { deviceId, deviceName: 'Site laptop' });
    await activateOk(app, who.key, { deviceId, deviceName: 'Site laptop' });
    const [first] = mailsTo(app, email, 'device-activated');
    expect(mailsTo(app, email, 'device-activated')).toHaveLength(1);
    expect(first?.subject).toBe('A new device was activated on your Sheetwright license');
    expect(first?.text).toContain('Device: Site laptop');
    expect(first?.text).toContain('Activated: March 1, 2026 at 12:00 UTC');
    expect(first?.text).toContain(
      `Not you? Free it here (Usage & Sessions):\n${ORIGIN}/dashboard/usage`,
    );
    expect(first?.text).toContain(`${ORIGIN}/dashboard\n`);
    expect(first?.html).toContain(`href="${ORIGIN}/dashboard/usage"`);
    expect(first?.html).toContain('Site laptop');

    app.clock.advance(90 * 60);
    await activateOk(app, who.key, { deviceId: newDeviceId(), deviceName: 'Office desktop' });

    const mails = mailsTo(app, email, 'device-activated');
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('Device: Office desktop');
    expect(mails[1]?.text).toContain('Activated: March 1, 2026 at 13:30 UTC');
  });

  it('a device the plan has no room for is refused and sends nothing', async () => {
    const app = accountApp();
    const who = await licensee(app);
    await activateOk(app, who.key, { deviceId: newDeviceId() });

    const refused = await activate(app, who.key, { deviceId: newDeviceId() });

    expect(refused.status).toBe(403);
    expect((await refused.json<{ code: string }>()).code).toBe('TOO_MANY_DEVICES');
    expect(mailsTo(app, who.account.form.email, 'device-activated')).toHaveLength(1);
  });

  it('replacing a device, or activating a freed one again, is a new activation and is told', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const first = newDeviceId();
    const second = newDeviceId();
    await activateOk(app, who.key, { deviceId: first });

    await activateOk(app, who.key, { deviceId: second, replaceDeviceId: first });
    expect((await deactivate(app, who.key, second)).status).toBe(200);
    await activateOk(app, who.key, { deviceId: second });

    expect(mailsTo(app, who.account.form.email, 'device-activated')).toHaveLength(3);
  });

  it('an Enterprise member is told at their own address, not the organization owner’s', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const owner = await signUpTrial(app);
    const created = await adminPost(app, admin, '/api/admin/organizations', {
      name: `Acme Structures ${crypto.randomUUID().slice(0, 4)}`,
      ownerEmail: owner.form.email,
      seats: 2,
      deviceLimit: 3,
      termStart: '2026-03-01',
      termEnd: '2027-03-01',
      supportTier: 'priority',
      agreementRef: 'PO-2026-118',
      reason: 'Signed agreement',
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const memberEmail = uniqueEmail();
    const invited = await app.request('/api/team/invitations', {
      method: 'POST',
      json: { email: memberEmail },
      headers: owner.browser,
    });
    expect(invited.status, await invited.clone().text()).toBe(200);
    const invitation = mailsTo(app, memberEmail, 'team-invitation').at(-1);
    const token = /\/invite#token=([\w-]+)/.exec(invitation?.text ?? '')?.[1];
    const joined = await app.post(`/api/invitations/${token}/signup`, {
      customerName: 'Marta Brown',
      password: 'girder-span-2026',
    });
    expect(joined.status, await joined.clone().text()).toBe(200);
    const member = await joined.json<AuthResponse>();

    await activateOk(app, member.user.licenseKey, {
      deviceId: newDeviceId(),
      deviceName: 'CAD-07',
    });

    const mails = mailsTo(app, memberEmail, 'device-activated');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Hello Marta Brown,');
    expect(mailsTo(app, owner.form.email, 'device-activated')).toHaveLength(0);
  });

  it('escapes the device name in the HTML part', async () => {
    const app = accountApp();
    const who = await licensee(app);

    await activateOk(app, who.key, {
      deviceId: newDeviceId(),
      deviceName: 'Ann’s <b>PC</b> & "co"',
    });

    const [mail] = mailsTo(app, who.account.form.email, 'device-activated');
    expect(mail?.text).toContain('Device: Ann’s <b>PC</b> & "co"');
    expect(mail?.html).toContain('Ann’s &lt;b&gt;PC&lt;/b&gt; &amp; &quot;co&quot;');
    expect(mail?.html).not.toContain('<b>PC</b>');
  });
});

describe('e-mail: the account is scheduled for deletion', () => {
  it('the customer’s Delete Account is e-mailed once, with the purge date and how to undo it', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const email = account.form.email;

    const deleted = await app.request('/api/delete', { method: 'DELETE', headers: account.bearer });
    expect(deleted.status).toBe(200);
    const again = await app.request('/api/delete', { method: 'DELETE', headers: account.bearer });
    expect(again.status).toBe(401);

    const mails = mailsTo(app, email, 'deletion-scheduled');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('Your Sheetwright account is scheduled for deletion');
    expect(mail?.text).toContain('scheduled for deletion on March 1, 2026');
    expect(mail?.text).toContain('Your personal information will be deleted on February 28, 2029');
    expect(mail?.text).toContain(`Until February 28, 2029, write to us at ${site.supportEmail}`);
    expect(mail?.text).toContain('we will restore your account');
    expect(mail?.text).toContain(`${ORIGIN}/dashboard`);
    expect(mail?.html).toContain('Until February 28, 2029');
    expect(mail?.html).toContain(`href="mailto:${site.supportEmail}"`);
  });

  it('two Delete Account requests at once write one e-mail', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);

    const answers = await Promise.all([
      app.request('/api/delete', { method: 'DELETE', headers: account.bearer }),
      app.request('/api/delete', { method: 'DELETE', headers: account.bearer }),
    ]);

    expect(answers.map((answer) => answer.status)).toContain(200);
    expect(mailsTo(app, account.form.email, 'deletion-scheduled')).toHaveLength(1);
  });

  it('the console’s schedule-deletion e-mails once per scheduling: again after a restore', async () => {
    const app = accountApp();
    const op = await operator(app);
    const customer = await signUpTrial(app);
    const userId = customer.auth.user.userId;
    const email = customer.form.email;

    await act(app, op, userId, { action: 'schedule-deletion' });
    const twice = await adminPost(app, op, `/api/admin/customers/${userId}/actions`, {
      action: 'schedule-deletion',
      reason: 'Customer asked by e-mail',
    });
    expect(twice.status).toBe(409);
    expect(mailsTo(app, email, 'deletion-scheduled')).toHaveLength(1);

    await act(app, op, userId, { action: 'restore-account' });
    app.clock.advance(60 * 60);
    // An hour later the console asks the operator again who they are.
    await confirmIdentity(app, op);
    await act(app, op, userId, { action: 'schedule-deletion' });

    expect(mailsTo(app, email, 'deletion-scheduled')).toHaveLength(2);
  });
});
