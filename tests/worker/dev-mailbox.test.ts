import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../functions/adapters/types';
import type { MailboxMessage } from '../../functions/routes/dev/mailbox';
import { createDb } from '../../functions/db/client';
import { deliverMail } from '../../functions/services/core/mail/delivery';
import { queueMail } from '../../functions/services/core/mail/outbox';
import type { Mail } from '../../functions/services/core/mail/rules';
import { callWorker, testDeps } from './helpers';
import { mailSamples } from './mail-samples';

const development = { ENVIRONMENT: 'development' };

/** A recipient no other test uses, so each test reads only its own mail. */
const recipient = () => `${crypto.randomUUID()}@example.com`;

/** Writes one message to the outbox as a service would (queued, not delivered yet). */
async function deliver(message: Partial<MailMessage> & { to: string }, at: number) {
  const db = createDb(env.DB);
  const mail = { subject: 'Hello', text: 'Hello there', tag: 'welcome', ...message } as Mail;
  const queued = queueMail(db, mail, at);
  await db.batch([queued.insert]);
  return queued.id;
}

async function mailboxJson(query: string) {
  const response = await callWorker(`/dev/mailbox.json${query}`, {}, development);
  return { response, body: await response.json<{ messages: MailboxMessage[] }>() };
}

describe('GET /dev/mailbox.json', () => {
  it("returns one recipient's messages, newest first, with the code and links found in them", async () => {
    const to = recipient();
    await deliver(
      { to, subject: 'Welcome', text: 'Download: https://sheetwright.test/dashboard.' },
      1_000,
    );
    await deliver(
      {
        to,
        subject: 'Your verification code',
        text: 'Your code is 482913. It expires in 10 minutes.',
        tag: 'verification-code',
      },
      2_000,
    );
    await deliver({ to: recipient(), subject: 'Someone else' }, 3_000);

    const { response, body } = await mailboxJson(`?to=${encodeURIComponent(to)}`);

    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(body.messages).toEqual([
      {
        id: body.messages[0]?.id,
        to,
        subject: 'Your verification code',
        text: 'Your code is 482913. It expires in 10 minutes.',
        html: null,
        tag: 'verification-code',
        createdAt: 2_000,
        status: 'queued',
        attempts: 0,
        lastError: null,
        sentAt: null,
        code: '482913',
        links: [],
      },
      expect.objectContaining({
        subject: 'Welcome',
        code: null,
        links: ['https://sheetwright.test/dashboard'],
        createdAt: 1_000,
      }),
    ]);
  });

  it('matches the recipient whatever the case of the address', async () => {
    const to = recipient();
    await deliver({ to, subject: 'Reset your password', tag: 'password-reset' }, 1_000);

    const { body } = await mailboxJson(`?to=${encodeURIComponent(to.toUpperCase())}`);

    expect(body.messages.map((message) => message.subject)).toEqual(['Reset your password']);
  });

  it('returns at most `limit` messages', async () => {
    const to = recipient();
    for (let i = 0; i < 3; i += 1) await deliver({ to, subject: `Message ${i}` }, 1_000 + i);

    const { body } = await mailboxJson(`?to=${encodeURIComponent(to)}&limit=2`);

    expect(body.messages.map((message) => message.subject)).toEqual(['Message 2', 'Message 1']);
  });

  it("shows each message's delivery state: queued, then sent by the queue's delivery", async () => {
    const to = recipient();
    const id = await deliver({ to, subject: 'Welcome' }, 1_000);
    expect((await mailboxJson(`?to=${encodeURIComponent(to)}`)).body.messages[0]).toMatchObject({
      status: 'queued',
      attempts: 0,
      sentAt: null,
    });

    // The development app delivers through the local mailer, which keeps the text readable.
    const deps = testDeps(5_000);
    await deliverMail({ ...deps, mailer: { async send() {}, keepsSentText: true } }, id);

    const [message] = (await mailboxJson(`?to=${encodeURIComponent(to)}`)).body.messages;
    expect(message).toMatchObject({
      status: 'sent',
      attempts: 1,
      sentAt: 5_000,
      text: 'Hello there',
    });
  });

  it('answers 400 for a limit outside 1 to 100', async () => {
    expect((await mailboxJson('?limit=0')).response.status).toBe(400);
    expect((await mailboxJson('?limit=101')).response.status).toBe(400);
  });

  it('answers an empty list for a recipient without mail', async () => {
    expect((await mailboxJson(`?to=${recipient()}`)).body).toEqual({ messages: [] });
  });
});

describe('GET /dev/mailbox', () => {
  it('lists each message with recipient, subject, time and the code shown prominently', async () => {
    const to = recipient();
    await deliver(
      {
        to,
        subject: 'Your verification code',
        text: 'Your code is 007123.',
        tag: 'verification-code',
      },
      Date.UTC(2026, 10, 23, 9, 30, 0),
    );

    const response = await callWorker(`/dev/mailbox?to=${encodeURIComponent(to)}`, {}, development);
    const html = await response.text();

    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(to);
    expect(html).toContain('Your verification code');
    expect(html).toContain(
      '<time datetime="2026-11-23T09:30:00.000Z">2026-11-23 09:30:00 UTC</time>',
    );
    expect(html).toContain('<strong class="code">007123</strong>');
  });

  it('escapes everything a message contains and makes only http(s) links clickable', async () => {
    const to = recipient();
    await deliver(
      {
        to,
        subject: '<img src=x onerror=alert(1)>',
        text: 'Hi <script>alert("name")</script>, reset: https://sheetwright.test/reset?token=a&b=1 or javascript:alert(2)',
        html: '<script>alert(3)</script>',
        tag: '"><b>tag</b>',
      },
      1_000,
    );

    const html = await (
      await callWorker(`/dev/mailbox?to=${encodeURIComponent(to)}`, {}, development)
    ).text();

    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('alert(3)');
    expect(html).not.toContain('<b>tag</b>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;');
    expect(html).toContain(
      '<a href="https://sheetwright.test/reset?token=a&amp;b=1">https://sheetwright.test/reset?token=a&amp;b=1</a>',
    );
    expect(html).not.toMatch(/href="javascript:/);
  });

  it('shows a message as its reader sees it: the HTML part in a sandboxed frame, the text part behind a toggle', async () => {
    const to = recipient();
    const mail = await mailSamples.welcome();
    const id = await deliver({ ...mail, to }, 1_000);

    const response = await callWorker(`/dev/mailbox?to=${encodeURIComponent(to)}`, {}, development);
    const page = await response.text();

    expect(page).toMatch(
      new RegExp(
        `<iframe\\s+class="mail"\\s+src="/dev/mailbox/${id}/html"\\s+sandbox="allow-popups allow-popups-to-escape-sandbox"`,
      ),
    );
    expect(page).toContain(`title="HTML part of ${mail.subject}"`);
    expect(page).toMatch(/<details>\s*<summary>Text part<\/summary>\s*<pre>Hello Ada Lovelace,/);
    // The page frames its own origin and nothing else; it still runs no script.
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("frame-src 'self'");
    expect(csp).toContain("script-src 'none'");
    // The message's markup never enters the page itself.
    expect(page).not.toContain('<table');
  });

  it("serves a message's HTML part alone, sandboxed, with no script and framed only by the mailbox", async () => {
    const mail = await mailSamples['password-reset']();
    const id = await deliver({ ...mail, to: recipient() }, 1_000);

    const response = await callWorker(`/dev/mailbox/${id}/html`, {}, development);

    expect(response.status).toBe(200);
    expect(await response.text()).toBe(mail.html);
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toMatch(/^sandbox allow-popups allow-popups-to-escape-sandbox;/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('script-src');
    expect(response.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
  });

  it('answers 404 for the HTML part of an unknown message or of one without HTML', async () => {
    const plain = await deliver({ to: recipient() }, 1_000);

    expect(
      (await callWorker(`/dev/mailbox/${crypto.randomUUID()}/html`, {}, development)).status,
    ).toBe(404);
    expect((await callWorker(`/dev/mailbox/${plain}/html`, {}, development)).status).toBe(404);
  });

  it('has a labelled recipient filter and says so when there is no mail', async () => {
    const to = recipient();
    const html = await (
      await callWorker(`/dev/mailbox?to=${encodeURIComponent(to)}`, {}, development)
    ).text();

    expect(html).toMatch(
      /<label for="to">Recipient<\/label>\s*<input id="to" name="to" type="email"/,
    );
    expect(html).toContain(`No messages for ${to} yet.`);
  });
});

describe('GET /dev/', () => {
  it('links the mailbox, the Google consent page and the bot check', async () => {
    const html = await (await callWorker('/dev/', {}, development)).text();

    expect(html).toContain('href="/dev/mailbox"');
    expect(html).toContain('href="/dev/google?return_to=/login"');
    expect(html).toContain('href="/dev/botcheck"');
  });
});
