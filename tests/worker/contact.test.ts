import { afterEach, describe, expect, it, vi } from 'vitest';
import { limits, site } from '../../src/site.config';
import { accountApp, botToken, queryAll, uniqueEmail } from './account-helpers';

const message = () => ({
  name: 'Ada Lovelace',
  email: uniqueEmail(),
  message: `Hello, a question about licenses ${crypto.randomUUID()}`,
  recaptchaToken: botToken('contact'),
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('POST /api/contact', () => {
  it('stores the message, e-mails it to support, acknowledges it to the sender and thanks the visitor', async () => {
    const app = accountApp();
    const body = message();

    const response = await app.request('/api/contact', {
      method: 'POST',
      json: body,
      headers: { 'User-Agent': 'TestBrowser/1.0' },
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Thank you! Your message has been sent.' });
    const [row] = await queryAll<Record<string, unknown>>(
      'SELECT name, email, message, ip, user_agent FROM contact_messages WHERE message = ?',
      body.message,
    );
    expect(row).toEqual({
      name: body.name,
      email: body.email,
      message: body.message,
      ip: app.ip,
      user_agent: 'TestBrowser/1.0',
    });
    expect(app.mail).toEqual([
      expect.objectContaining({ to: site.supportEmail, tag: 'contact' }),
      expect.objectContaining({ to: body.email, tag: 'contact-received' }),
    ]);
    expect(app.mail[0]?.text).toContain(body.message);
    const acknowledgement = app.mail[1];
    expect(acknowledgement?.subject).toBe(`We received your message to ${site.product}`);
    expect(acknowledgement?.text).toContain(
      `We received your message and will reply to this address ${site.supportReplyTime}.`,
    );
    // The message is quoted so the sender knows which one it was; the address is not verified,
    // so the greeting does not name them.
    expect(acknowledgement?.text).toContain(`You wrote:\n> ${body.message}`);
    expect(acknowledgement?.text).not.toContain(body.name);
    expect(acknowledgement?.html).not.toContain(body.name);
    expect(app.botCalls).toEqual([{ token: botToken('contact'), action: 'contact' }]);
  });

  it('refuses a failed bot check with 403 BOT_CHECK_FAILED and stores nothing', async () => {
    const app = accountApp();
    const body = { ...message(), recaptchaToken: botToken('signup') };

    const response = await app.post('/api/contact', body);

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'BOT_CHECK_FAILED' });
    expect(
      await queryAll('SELECT id FROM contact_messages WHERE message = ?', body.message),
    ).toHaveLength(0);
  });

  it('answers 429 with Retry-After after too many messages from one IP', async () => {
    const app = accountApp();
    for (let i = 0; i < limits.rateLimits.contactPerIp.max; i += 1) {
      expect((await app.post('/api/contact', message())).status).toBe(200);
    }

    const response = await app.post('/api/contact', message());

    expect(response.status).toBe(429);
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('answers 400 VALIDATION_FAILED for an empty message', async () => {
    const app = accountApp();

    const response = await app.post('/api/contact', { ...message(), message: '   ' });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('still thanks the visitor when the e-mail to support fails, since the message is stored', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = accountApp({ mailFails: true });
    const body = message();

    const response = await app.post('/api/contact', body);

    expect(response.status).toBe(200);
    expect(
      await queryAll('SELECT id FROM contact_messages WHERE message = ?', body.message),
    ).toHaveLength(1);
    // One failed attempt logged per e-mail: support's copy and the acknowledgement.
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('writes one acknowledgement per stored message, and none for a refused one', async () => {
    const app = accountApp();
    const body = message();

    expect((await app.post('/api/contact', body)).status).toBe(200);
    expect(
      (await app.post('/api/contact', { ...body, message: `${body.message} again` })).status,
    ).toBe(200);
    expect(
      (await app.post('/api/contact', { ...body, recaptchaToken: botToken('signup') })).status,
    ).toBe(403);

    const rows = await queryAll<{ tag: string }>(
      'SELECT tag FROM outbox WHERE to_email = ? ORDER BY created_at',
      body.email,
    );
    expect(rows.map((row) => row.tag)).toEqual(['contact-received', 'contact-received']);
    expect(app.mail.filter((mail) => mail.to === body.email)).toHaveLength(2);
  });

  it('acknowledges a few messages a day to one address, and still stores and forwards the rest', async () => {
    const body = message();
    const { max } = limits.rateLimits.contactAcknowledgementsPerEmail;
    // Each message from another visitor (another IP), as someone typing a stranger's address would.
    for (let i = 0; i <= max; i += 1) {
      const sent = await accountApp().post('/api/contact', {
        ...body,
        message: `${body.message} ${i}`,
      });
      expect(sent.status).toBe(200);
    }

    const stored = await queryAll('SELECT id FROM contact_messages WHERE email = ?', body.email);
    expect(stored).toHaveLength(max + 1);
    const toSender = await queryAll('SELECT id FROM outbox WHERE to_email = ?', body.email);
    expect(toSender).toHaveLength(max);
  });
});
