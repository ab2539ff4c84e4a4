import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createResendMailer,
  MailDeliveryError,
  RESEND_API_URL,
} from '../../functions/adapters/mail';
import { createLocalMailer } from '../../functions/adapters/mail-local';
import type { MailMessage } from '../../functions/adapters/types';
import { createDb } from '../../functions/db/client';
import { outbox } from '../../functions/db/schema';
import { appWith, fakeServer, neverAnswers } from './adapters-fakes';

const KEY = 're_test_0123456789abcdef';
const FROM = 'Sheetwright <no-reply@sheetwright.example>';

function message(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    to: `${crypto.randomUUID()}@example.com`,
    subject: 'Your verification code',
    text: 'Your code is 123456.',
    html: '<p>Your code is <b>123456</b>.</p>',
    tag: 'verification-code',
    ...overrides,
  };
}

const accepted = () => Response.json({ id: crypto.randomUUID() });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Resend mailer', () => {
  it('posts the message as JSON with the bearer key to the Resend endpoint', async () => {
    const server = fakeServer(accepted);
    const mail = message();

    await createResendMailer({ apiKey: KEY, from: FROM, fetch: server.fetch }).send(mail);

    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect(sent?.url).toBe(RESEND_API_URL);
    expect(sent?.method).toBe('POST');
    expect(sent?.headers.get('Authorization')).toBe(`Bearer ${KEY}`);
    expect(sent?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      from: FROM,
      to: [mail.to],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  });

  it('sends the outbox id as Idempotency-Key, so a retried delivery is sent once', async () => {
    const server = fakeServer(accepted);

    await createResendMailer({ apiKey: KEY, from: FROM, fetch: server.fetch }).send(message(), {
      idempotencyKey: 'outbox-row-1',
    });
    await createResendMailer({ apiKey: KEY, from: FROM, fetch: server.fetch }).send(message());

    expect(server.requests.map((sent) => sent.headers.get('Idempotency-Key'))).toEqual([
      'outbox-row-1',
      null,
    ]);
  });

  it('leaves html out when the message has none', async () => {
    const server = fakeServer(accepted);
    const { html: _html, ...plain } = message();

    await createResendMailer({ apiKey: KEY, from: FROM, fetch: server.fetch }).send(plain);

    expect(JSON.parse(server.requests[0]?.body ?? '')).not.toHaveProperty('html');
  });

  it('throws with the status on a 4xx answer, never repeating the key', async () => {
    // A provider that echoes the key back must not get it into our logs through the error.
    const server = fakeServer(() =>
      Response.json(
        { name: 'validation_error', message: `API key ${KEY} is invalid` },
        { status: 401 },
      ),
    );
    const mailer = createResendMailer({ apiKey: KEY, from: FROM, fetch: server.fetch });

    const error = await mailer.send(message()).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(MailDeliveryError);
    expect((error as MailDeliveryError).status).toBe(401);
    expect((error as MailDeliveryError).message).toContain('401');
    expect((error as MailDeliveryError).message).not.toContain(KEY);
  });

  it('throws with the status on a 5xx answer', async () => {
    const server = fakeServer(() => new Response('upstream down', { status: 503 }));
    const mailer = createResendMailer({ apiKey: KEY, from: FROM, fetch: server.fetch });

    await expect(mailer.send(message())).rejects.toMatchObject({
      name: 'MailDeliveryError',
      status: 503,
    });
  });

  it('throws when the provider does not answer in time', async () => {
    const server = fakeServer(neverAnswers);
    const mailer = createResendMailer({
      apiKey: KEY,
      from: FROM,
      fetch: server.fetch,
      timeoutMs: 20,
    });

    await expect(mailer.send(message())).rejects.toMatchObject({
      name: 'MailDeliveryError',
      status: 0,
    });
  });

  it('is what the app uses when RESEND_API_KEY and MAIL_FROM are set, even in development', async () => {
    const server = fakeServer(accepted);
    server.install();
    const { app, request } = appWith({
      ENVIRONMENT: 'development',
      RESEND_API_KEY: KEY,
      MAIL_FROM: FROM,
    });
    const mail = message();
    app.get('/api/test-only/mail', async (c) => {
      await c.get('deps').mailer.send(mail);
      return c.json({ ok: true });
    });

    const response = await request('/api/test-only/mail');

    expect(response.status).toBe(200);
    expect(server.requests.map((sent) => sent.url)).toEqual([RESEND_API_URL]);
    const stored = await createDb(env.DB).select().from(outbox).where(eq(outbox.toEmail, mail.to));
    expect(stored).toEqual([]);
  });
});

describe('the local mailer', () => {
  it('hands nothing over and keeps the sent text readable (the outbox row is the mailbox)', async () => {
    const db = createDb(env.DB);
    const mail = message({ tag: 'password-reset' });
    const mailer = createLocalMailer();

    await mailer.send(mail, { idempotencyKey: 'any' });

    expect(mailer.keepsSentText).toBe(true);
    // It writes nothing itself: the row was written with its cause (services/core/mail/outbox.ts).
    expect(await db.select().from(outbox).where(eq(outbox.toEmail, mail.to))).toEqual([]);
  });

  it('is what the app uses in development without Resend settings', async () => {
    const { app, request } = appWith({ ENVIRONMENT: 'development' });
    app.get('/api/test-only/mailer', (c) =>
      c.json({ keepsSentText: c.get('deps').mailer.keepsSentText ?? false }),
    );

    const response = await request('/api/test-only/mailer');

    expect(await response.json()).toEqual({ keepsSentText: true });
  });
});

describe('mail in production without Resend settings', () => {
  it.each([
    ['both missing', {}],
    ['MAIL_FROM missing', { RESEND_API_KEY: KEY }],
    ['RESEND_API_KEY missing', { MAIL_FROM: FROM }],
  ])('throws a logged error and writes nothing to the outbox (%s)', async (_case, settings) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { app, request } = appWith({ ENVIRONMENT: 'production', ...settings });
    const mail = message();
    app.get('/api/test-only/mail', async (c) => {
      await c.get('deps').mailer.send(mail);
      return c.json({ ok: true });
    });

    const response = await request('/api/test-only/mail');

    expect(response.status).toBe(500);
    expect(log.mock.calls.flat().join(' ')).toContain('RESEND_API_KEY');
    const stored = await createDb(env.DB).select().from(outbox).where(eq(outbox.toEmail, mail.to));
    expect(stored).toEqual([]);
  });
});
