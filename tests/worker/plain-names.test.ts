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
  signupForm,
  uniqueEmail,
  uniqueFingerprint,
} from './account-helpers';
import { activate, licensee, newDeviceId } from './licenses-helpers';

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
});
