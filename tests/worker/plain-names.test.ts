/**
 * Names are plain text: a customer, device or contact name with a line break or another control
 * character is refused with a clear 400 and nothing is sent; a Google name is made one line; and
 * the verification e-mail, sent to an address nobody has proved yet, echoes no name at all.
 */
import { describe, expect, it } from 'vitest';
import { Messages } from '../../src/contract/messages';
import {
  accountApp,
  botToken,
  googleToken,
  sendCode,
  signUpTrial,
  signupForm,
  uniqueEmail,
  uniqueFingerprint,
} from './account-helpers';
import { adminPost, operator } from './admin-helpers';
import { activate, activateOk, DAY_MS, licensee, newDeviceId } from './licenses-helpers';
import { day, ownerPost } from './organizations-helpers';
import { CLIENT_ID, expectOAuthError, postForm } from './plugin-sign-in-helpers';

const PHISHING_NAME = 'Ada\n\nACCOUNT SUSPENDED: see http://evil.example';

describe('plain names', () => {
  it('refuses a customer name with line breaks before sending any e-mail', async () => {
    const app = accountApp();
    const form = signupForm({ customerName: PHISHING_NAME });

    const response = await sendCode(app, form);

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: Messages.nameNotPlain,
    });
    expect(app.mail).toEqual([]);
  });

  it('refuses a right-to-left override hidden in a name', async () => {
    const response = await sendCode(accountApp(), signupForm({ customerName: 'Ada\u202Eevil' }));
    expect(response.status).toBe(400);
  });

  it('sends the verification code without the name the form gave', async () => {
    const app = accountApp();
    const form = signupForm({ customerName: 'Ada Lovelace' });

    expect((await sendCode(app, form)).status).toBe(200);

    const [mail] = app.mail;
    expect(mail?.tag).toBe('verification-code');
    expect(mail?.text).not.toContain('Ada');
    expect(mail?.subject).not.toContain('Ada');
  });

  it('makes a Google name with line breaks one plain line', async () => {
    const app = accountApp();
    const response = await app.post('/api/register-google-trial', {
      googleToken: googleToken({ email: uniqueEmail(), name: 'Grace\r\n\tHopper\u0085' }),
      agreeToTerms: true,
      fingerprintId: uniqueFingerprint(),
      plan: 'trial',
    });

    expect(response.status).toBe(200);
    const body = await response.json<{ user: { customerName: string } }>();
    expect(body.user.customerName).toBe('Grace Hopper');
    const welcome = app.mail.find((mail) => mail.tag === 'welcome');
    expect(welcome?.text).toContain('Hello Grace Hopper,');
  });

  it('refuses a device name with a line break', async () => {
    const app = accountApp();
    const { key } = await licensee(app);

    const response = await activate(app, key, {
      deviceId: newDeviceId(),
      deviceName: 'Office PC\nSECOND LINE',
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: Messages.nameNotPlain });
  });

  it('refuses a contact message whose name has a line break', async () => {
    const app = accountApp();
    const response = await app.post('/api/contact', {
      name: PHISHING_NAME,
      email: uniqueEmail(),
      message: 'Hello',
      recaptchaToken: botToken('contact'),
    });

    expect(response.status).toBe(400);
    expect(app.mail).toEqual([]);
  });

  it('refuses an organization name with a line break, when created and when edited', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const owner = await signUpTrial(app);
    const organization = (name: string) => ({
      name,
      ownerEmail: owner.form.email,
      seats: 2,
      deviceLimit: 2,
      termStart: day(app.clock.now),
      termEnd: day(app.clock.now + 365 * DAY_MS),
      supportTier: 'priority',
      reason: 'Signed agreement',
    });

    const refused = await adminPost(
      app,
      admin,
      '/api/admin/organizations',
      organization(PHISHING_NAME),
    );
    const created = await adminPost(app, admin, '/api/admin/organizations', organization('Acme'));
    const { id } = await created.json<{ id: string }>();
    const edited = await app.request(`/api/admin/organizations/${id}`, {
      method: 'PATCH',
      json: { name: 'Acme\r\nSECOND LINE', reason: 'Renamed by agreement' },
      headers: { ...admin.browser, 'Sec-Fetch-Site': 'same-origin' },
    });

    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: Messages.nameNotPlain });
    expect(created.status).toBe(200);
    expect(edited.status).toBe(400);
    expect(await edited.json()).toMatchObject({ message: Messages.nameNotPlain });
  });
});

/**
 * Names that show nothing: zero-width space, zero-width non-joiner and joiner, word joiner,
 * byte-order mark, Braille blank, and each of them mixed with spaces.
 */
const INVISIBLE_NAMES = [
  '\u200B',
  '\u200C\u200D',
  ' \u2060 \u200B ',
  '\uFEFF\u200B\uFEFF',
  '\u2800\u2800',
  '\u200B\u00A0\u3000\u200D',
];

describe('names that show nothing', () => {
  it.each(INVISIBLE_NAMES.map((name) => [JSON.stringify(name), name]))(
    'refuses the customer name %s before sending any e-mail',
    async (_label, name) => {
      const app = accountApp();
      const response = await sendCode(app, signupForm({ customerName: name }));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: Messages.nameInvisible,
      });
      expect(app.mail).toEqual([]);
    },
  );

  it('refuses them as a contact name, a device name, a passkey name and an organization name', async () => {
    const app = accountApp();
    const name = '\u200B\u200C\u2060';
    const contact = await app.post('/api/contact', {
      name,
      email: uniqueEmail(),
      message: 'Hello',
      recaptchaToken: botToken('contact'),
    });
    const { key, account } = await licensee(app);
    const activation = await activate(app, key, { deviceId: newDeviceId(), deviceName: name });
    const activated = await activateOk(app, key, {
      deviceId: newDeviceId(),
      deviceName: 'Office PC',
    });
    const renamedDevice = await app.request(`/api/devices/${activated.device.id}`, {
      method: 'PATCH',
      json: { deviceName: ` ${name} ` },
      headers: account.browser,
    });
    const renamedPasskey = await app.request('/api/passkeys/no-such-passkey', {
      method: 'PATCH',
      json: { name },
      headers: account.browser,
    });
    const admin = await operator(app);
    const organization = await adminPost(app, admin, '/api/admin/organizations', {
      name,
      ownerEmail: account.form.email,
      seats: 2,
      deviceLimit: 2,
      termStart: day(app.clock.now),
      termEnd: day(app.clock.now + 365 * DAY_MS),
      supportTier: 'priority',
      reason: 'Signed agreement',
    });

    for (const [what, response] of Object.entries({
      contact,
      activation,
      renamedDevice,
      renamedPasskey,
      organization,
    })) {
      expect(response.status, what).toBe(400);
      expect(await response.json(), what).toMatchObject({ message: Messages.nameInvisible });
    }
    expect(app.mail.filter((m) => m.tag.startsWith('contact'))).toEqual([]);
  });

  it('refuses a plugin sign-in that names its computer with nothing visible', async () => {
    const app = accountApp();
    const response = await postForm(app, '/api/oauth/device', {
      client_id: CLIENT_ID,
      scope: 'licenses',
      device_name: '\u200B\u200D',
    });
    await expectOAuthError(response, 400, 'invalid_request');
  });

  it('gives a Google account whose name shows nothing the name of its e-mail instead', async () => {
    const app = accountApp();
    const email = uniqueEmail();
    const response = await app.post('/api/register-google-trial', {
      googleToken: googleToken({ email, name: '\u200B\u2060\uFEFF' }),
      agreeToTerms: true,
      fingerprintId: uniqueFingerprint(),
      plan: 'trial',
    });

    expect(response.status).toBe(200);
    const body = await response.json<{ user: { customerName: string } }>();
    expect(body.user.customerName).toBe(email.split('@')[0]);
  });

  it('still takes names in any script, and with a joiner inside visible letters', async () => {
    const app = accountApp();
    // cspell:disable-next-line
    for (const customerName of ['李小龍', 'Zoë', 'राम\u200Dकुमार', '👷']) {
      const response = await sendCode(app, signupForm({ customerName }));
      expect(response.status, customerName).toBe(200);
    }
  });
});

/**
 * What a mail client could turn into a link: a URL with a scheme, `www.`, or anything shaped
 * like a domain (the clients' autolinkers match bare domains too).
 */
const LINKABLE = /[a-z][a-z0-9+.-]*:\/\/\S+|www\.\S+|(?:[\p{L}\p{N}_-]+\.)+\p{L}{2,}/giu;

/** The linkable runs of `text` that are not our own links (origin, support address). */
function foreignLinks(text: string | undefined): string[] {
  // The HTML part's doctype names the XHTML DTD by URL; it is markup, not words a client shows.
  const shown = (text ?? '').replace(/^<!DOCTYPE[^>]*>/i, '');
  return [...shown.matchAll(LINKABLE)]
    .map(([match]) => match)
    .filter((match) => !/sheetwright/i.test(match));
}

describe('names in e-mails are inert', () => {
  const URL_NAME = 'Bob http://evil.example';

  it('an invitation from an owner named with a URL, to an organization named like a domain, holds no foreign link', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const owner = await signUpTrial(app, { customerName: URL_NAME });
    const created = await adminPost(app, admin, '/api/admin/organizations', {
      name: 'www.evil.example Ltd',
      ownerEmail: owner.form.email,
      seats: 2,
      deviceLimit: 2,
      termStart: day(app.clock.now),
      termEnd: day(app.clock.now + 365 * DAY_MS),
      supportTier: 'priority',
      reason: 'Signed agreement',
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const invitee = uniqueEmail();

    const invited = await ownerPost(app, owner, '/api/team/invitations', { email: invitee });

    expect(invited.status, await invited.clone().text()).toBe(200);
    const mail = app.mail.find((m) => m.to === invitee && m.tag === 'team-invitation');
    expect(mail?.text).toContain(
      'Bob hxxp[:]//evil[.]example invited you to join www[.]evil[.]example Ltd',
    );
    for (const part of [mail?.subject, mail?.text, mail?.html]) {
      expect(foreignLinks(part)).toEqual([]);
    }
    // The invitation's own link is still there, and still a link.
    expect(mail?.text).toMatch(/https:\/\/sheetwright\.test\/invite#token=/);
  });

  it('a device-activated e-mail shows a URL-like device name and customer name without a link, in text and HTML', async () => {
    const app = accountApp();
    const { key } = await licensee(app);

    await activateOk(app, key, {
      deviceId: newDeviceId(),
      deviceName: 'PC https://evil.example/x',
    });

    const mail = app.mail.find((m) => m.tag === 'device-activated');
    expect(mail?.html).toBeDefined();
    expect(mail?.text).toContain('Device: PC hxxps[:]//evil[.]example/x');
    expect(foreignLinks(mail?.text)).toEqual([]);
    expect(foreignLinks(mail?.html)).toEqual([]);
  });

  it('the welcome e-mail greets a customer named with a URL without a link, and leaves ordinary names alone', async () => {
    const app = accountApp();
    const linked = await signUpTrial(app, { customerName: URL_NAME });
    const plain = await signUpTrial(app, { customerName: 'J.R. Smith' });

    const welcome = (email: string) =>
      app.mail.find((m) => m.to === email && m.tag === 'welcome')?.text;
    expect(welcome(linked.form.email)).toContain('Hello Bob hxxp[:]//evil[.]example,');
    expect(foreignLinks(welcome(linked.form.email))).toEqual([]);
    expect(welcome(plain.form.email)).toContain('Hello J.R. Smith,');
  });
});
