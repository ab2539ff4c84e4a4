/**
 * /dev/mailbox: the local mailer's outbox as a page for people and as JSON for the
 * Playwright journeys, which read verification codes and reset links from it. The page shows each
 * message as its reader would see it: the HTML part in a sandboxed frame (served on its own by
 * /dev/mailbox/:id/html, where no script may run and nothing but its styles and images load),
 * and the text part behind a toggle. Messages contain user input (names, e-mails), so the page
 * itself escapes everything and never puts a message's HTML into its own markup.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { outbox, type mailStatusValues } from '../../db/schema';
import type { AppEnv } from '../../env';
import { ApiMessages } from '../../../src/contract/messages';
import { fail } from '../../lib/errors';
import { limits } from '../../../src/site.config';
import type { Db } from '../../services/shared/db';
import { devPage, type Markup } from './page';

/** One message as /dev/mailbox.json answers it. */
export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  tag: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** Delivery state: queued, sending, sent, failed (retrying) or dead. */
  status: MailStatus;
  /** Delivery attempts so far. */
  attempts: number;
  /** Why the last attempt failed, if it did. */
  lastError: string | null;
  /** Milliseconds since the epoch, once delivered. */
  sentAt: number | null;
  /** The first verification-code-like number (6 digits) in the subject or text, if any. */
  code: string | null;
  /** Every http(s) link in the text, in order (reset links, download links). */
  links: string[];
}

type MailStatus = (typeof mailStatusValues)[number];

const query = z.object({
  to: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const CODE = new RegExp(`(?<!\\d)\\d{${limits.codeLength}}(?!\\d)`);
const LINK = /https?:\/\/[^\s<>"']+/g;

function findCode(subject: string, text: string): string | null {
  return CODE.exec(subject)?.[0] ?? CODE.exec(text)?.[0] ?? null;
}

/** Links without the sentence punctuation that often follows them. */
function findLinks(text: string): string[] {
  return [...text.matchAll(LINK)].map((match) => match[0].replace(/[.,;:!?)\]]+$/, ''));
}

async function latestMessages(
  db: Db,
  to: string | undefined,
  limit: number,
): Promise<MailboxMessage[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(to ? sql`lower(${outbox.toEmail}) = ${to}` : undefined)
    .orderBy(desc(outbox.createdAt), desc(sql`rowid`))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.toEmail,
    subject: row.subject,
    text: row.text,
    html: row.html,
    tag: row.tag,
    createdAt: row.createdAt,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: row.sentAt,
    code: findCode(row.subject, row.text),
    links: findLinks(row.text),
  }));
}

function parseQuery(input: Record<string, string>) {
  const parsed = query.safeParse(input);
  if (!parsed.success) throw fail('BAD_REQUEST', { message: ApiMessages.devMailboxUsage });
  return parsed.data;
}

/** The text with its links made clickable; every other character is escaped by `html`. */
function linkified(text: string): Markup[] {
  const parts: Markup[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    parts.push(html`${text.slice(last, match.index)}`, html`<a href="${url}">${url}</a>`);
    last = match.index + url.length;
  }
  parts.push(html`${text.slice(last)}`);
  return parts;
}

/** "sent after 1 attempt", "failed, retrying (2 attempts)", … */
function deliveryText({ status, attempts }: MailboxMessage): string {
  const tries = `${attempts} attempt${attempts === 1 ? '' : 's'}`;
  switch (status) {
    case 'queued':
      return 'queued';
    case 'sending':
      return `sending (${tries})`;
    case 'sent':
      return `sent after ${tries}`;
    case 'failed':
      return `failed, will retry (${tries})`;
    case 'dead':
      return `gave up after ${tries}`;
  }
}

/**
 * The CSP of one message's HTML part: its inline styles and the site's images (the logo), no
 * script, no form, no plugin; framed only by the mailbox page; and a sandbox, so even opened on its
 * own it runs in an opaque origin. Its links open in a new tab (the frame allows popups).
 */
function messageCsp(origin: string): string {
  return [
    'sandbox allow-popups allow-popups-to-escape-sandbox',
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src 'self' ${origin} data:`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The HTML part in its frame, the text part behind a toggle; the text alone without HTML. */
function partsView(message: MailboxMessage): Markup {
  if (message.html === null) return html`<pre>${linkified(message.text)}</pre>`;
  return html`<iframe
      class="mail"
      src="/dev/mailbox/${message.id}/html"
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      loading="lazy"
      title="HTML part of ${message.subject}"
    ></iframe>
    <p>
      <a href="/dev/mailbox/${message.id}/html" target="_blank">Open the HTML part alone</a> (resize
      the window to see it at phone width)
    </p>
    <details>
      <summary>Text part</summary>
      <pre>${linkified(message.text)}</pre>
    </details>`;
}

function messageView(message: MailboxMessage, index: number): Markup {
  const time = new Date(message.createdAt).toISOString();
  return html`<article aria-labelledby="message-${index}">
    <h2 id="message-${index}">${message.subject}</h2>
    <dl>
      <dt>To</dt>
      <dd>${message.to}</dd>
      <dt>Time</dt>
      <dd><time datetime="${time}">${time.replace('T', ' ').slice(0, 19)} UTC</time></dd>
      <dt>Kind</dt>
      <dd>${message.tag}</dd>
      <dt>Delivery</dt>
      <dd class="delivery delivery-${message.status}">
        ${deliveryText(message)}${message.lastError ? html`<br />${message.lastError}` : ''}
      </dd>
    </dl>
    ${message.code ? html`<p>Code: <strong class="code">${message.code}</strong></p>` : ''}
    ${partsView(message)}
  </article>`;
}

export const mailboxRoutes = new Hono<AppEnv>()
  .get('/mailbox.json', async (c) => {
    const { to, limit } = parseQuery(c.req.query());
    return c.json({ messages: await latestMessages(c.get('deps').db, to, limit) });
  })
  .get('/mailbox/:id/html', async (c) => {
    const [row] = await c
      .get('deps')
      .db.select({ html: outbox.html })
      .from(outbox)
      .where(eq(outbox.id, c.req.param('id')))
      .limit(1);
    if (!row?.html) throw fail('NOT_FOUND');
    c.header('Content-Security-Policy', messageCsp(c.get('deps').origin));
    c.header('X-Frame-Options', 'SAMEORIGIN');
    c.header('Cache-Control', 'no-store');
    return c.html(row.html);
  })
  .get('/mailbox', async (c) => {
    const { to, limit } = parseQuery({ limit: '50', ...c.req.query() });
    const messages = await latestMessages(c.get('deps').db, to, limit);
    return devPage(c, {
      title: 'Mailbox',
      frames: true,
      body: html`<h1>Mailbox</h1>
        <p>
          E-mail the site sent while running locally, newest first (at most ${limit}), with its
          delivery state: each message is written to the outbox with the change that causes it, then
          delivered by the local task queue within a second or two. Each shows its HTML part as the
          reader sees it, and its text part under "Text part". The same messages as JSON:
          <a href="/dev/mailbox.json">/dev/mailbox.json?to=</a>.
        </p>
        <form method="get" action="/dev/mailbox">
          <label for="to">Recipient</label>
          <input id="to" name="to" type="email" autocomplete="off" value="${to ?? ''}" />
          <button type="submit">Show</button>
          ${to ? html`<a href="/dev/mailbox">Show all</a>` : ''}
        </form>
        ${
          messages.length === 0
            ? html`<p>No messages${to ? html` for ${to}` : ''} yet.</p>`
            : messages.map(messageView)
        }
        <p><a href="/dev/">All development tools</a></p>`,
    });
  });
