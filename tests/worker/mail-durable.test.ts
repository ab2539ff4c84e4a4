/**
 * Durable mail: every e-mail is written to the outbox with its cause and delivered
 * by the task queue, at least once and once per message at the provider; nothing is lost when
 * the provider is down, a queue message is lost, or the Worker dies between a write and its send.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '../../functions/adapters/types';
import { runQueueBatch } from '../../functions/queue';
import {
  deliverMail,
  MAX_ATTEMPTS,
  REMOVED_TEXT,
  RETRY_DELAYS_SECONDS,
} from '../../functions/services/core/mail/delivery';
import { queueMail, STUCK_AFTER_MS } from '../../functions/services/core/mail/outbox';
import type { Mail } from '../../functions/services/core/mail/rules';
import { accountApp, queryAll, signUpTrial, START } from './account-helpers';
import { quietCronLogs, recordingMailer, runJobsAt, testDb } from './cron-helpers';
import { testDeps } from './helpers';

quietCronLogs();

interface OutboxRow {
  id: string;
  tag: string;
  status: string;
  attempts: number;
  text: string;
  sent_at: number | null;
  due_at: number;
  last_error: string | null;
}

const rowsTo = (email: string) =>
  queryAll<OutboxRow>('SELECT * FROM outbox WHERE to_email = ? ORDER BY created_at', email);

const rowById = async (id: string) =>
  (await queryAll<OutboxRow>('SELECT * FROM outbox WHERE id = ?', id))[0];

/** Writes one queued message and answers its id. */
async function queued(mail: Partial<Mail> = {}, at = START): Promise<string> {
  const db = testDb();
  const row = queueMail(
    db,
    {
      to: `${crypto.randomUUID()}@example.com`,
      subject: 'Welcome',
      text: 'Hello',
      tag: 'welcome',
      ...mail,
    },
    at,
  );
  await db.batch([row.insert]);
  return row.id;
}

const failing: Mailer = {
  async send() {
    throw new Error('provider down');
  },
};

/** A real-provider-like mailer (does not keep sent text) that records what it was given. */
function providerMailer(): Mailer & { sent: { message: MailMessage; key?: string }[] } {
  const sent: { message: MailMessage; key?: string }[] = [];
  return {
    sent,
    async send(message, options) {
      sent.push({ message, ...(options?.idempotencyKey ? { key: options.idempotencyKey } : {}) });
    },
  };
}

describe('an e-mail is written with its cause', () => {
  it('the Worker killed after the write: the welcome e-mail is queued, and the cron delivers it once', async () => {
    // The queue never runs the task: as if the Worker died right after the batch committed.
    const app = accountApp({ dropTasks: true });
    const { form } = await signUpTrial(app);

    const [welcome] = (await rowsTo(form.email)).filter((row) => row.tag === 'welcome');
    expect(welcome).toMatchObject({ status: 'queued', attempts: 0 });
    expect(app.mail).toHaveLength(0);

    // Before it is due, the cron leaves it to the queue; after, it queues it again.
    const mailer = recordingMailer();
    await runJobsAt(START + STUCK_AFTER_MS - 1, mailer);
    expect(mailer.sent.filter((m) => m.to === form.email)).toHaveLength(0);
    await runJobsAt(START + STUCK_AFTER_MS, mailer);
    await runJobsAt(START + 2 * STUCK_AFTER_MS, mailer);

    expect(mailer.sent.filter((m) => m.to === form.email).map((m) => m.tag)).toEqual([
      'verification-code',
      'welcome',
    ]);
    expect((await rowsTo(form.email)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it('a failed signup writes no e-mail: the row is in the same batch as the account', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);
    const before = (await rowsTo(form.email)).length;

    // The same e-mail again: the account insert fails, and with it the welcome row.
    const again = await app.post('/api/register-email-trial', { ...form });

    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(await rowsTo(form.email)).toHaveLength(before);
  });
});

describe('delivery', () => {
  it('sends once with the row id as idempotency key and marks the row sent', async () => {
    const id = await queued();
    const mailer = providerMailer();

    const first = await deliverMail({ ...testDeps(START), mailer }, id);
    const again = await deliverMail({ ...testDeps(START + 1000), mailer }, id);

    expect(first).toEqual({ outcome: 'sent' });
    expect(again).toEqual({ outcome: 'skipped' });
    expect(mailer.sent.map((sent) => sent.key)).toEqual([id]);
    expect(await rowById(id)).toMatchObject({ status: 'sent', attempts: 1, sent_at: START });
  });

  it('ten copies of one message delivered at once reach the provider once', async () => {
    const id = await queued();
    const mailer = providerMailer();

    const results = await Promise.all(
      Array.from({ length: 10 }, () => deliverMail({ ...testDeps(START), mailer }, id)),
    );

    expect(results.filter((result) => result.outcome === 'sent')).toHaveLength(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('a failed attempt records why, backs off, and the next attempt sends it', async () => {
    const id = await queued();

    const failed = await deliverMail({ ...testDeps(START), mailer: failing }, id);
    expect(failed).toEqual({ outcome: 'failed', retryInSeconds: RETRY_DELAYS_SECONDS[0] });
    expect(await rowById(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'Error: provider down',
    });

    const mailer = providerMailer();
    expect(await deliverMail({ ...testDeps(START + 10_000), mailer }, id)).toEqual({
      outcome: 'sent',
    });
    expect(await rowById(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('a consumer killed mid-send: the row is sent again only after its lease ran out', async () => {
    const id = await queued();
    await testDb().run(
      // As the claim leaves it: `sending`, due one lease later.
      `UPDATE outbox SET status = 'sending', attempts = 1, due_at = ${START + STUCK_AFTER_MS} WHERE id = '${id}'` as never,
    );
    const mailer = providerMailer();

    expect(await deliverMail({ ...testDeps(START + 1000), mailer }, id)).toEqual({
      outcome: 'skipped',
    });
    expect(await deliverMail({ ...testDeps(START + STUCK_AFTER_MS), mailer }, id)).toEqual({
      outcome: 'sent',
    });
    expect(mailer.sent.map((sent) => sent.key)).toEqual([id]);
  });

  it('gives up after MAX_ATTEMPTS: the row is dead, for operators', async () => {
    const id = await queued();
    let last;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      last = await deliverMail({ ...testDeps(START + attempt * 10_000_000), mailer: failing }, id);
    }

    expect(last).toEqual({ outcome: 'dead' });
    expect(await rowById(id)).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS });
    // A dead row is never queued again by the cron.
    const mailer = recordingMailer();
    await runJobsAt(START + 1000 * 24 * 60 * 60 * 1000, mailer);
    expect(mailer.sent.filter((m) => m.subject === 'Welcome' && m.text === 'Hello')).toEqual([]);
  });

  it('empties a delivered one-time code when a real provider has it; the local mailbox keeps it', async () => {
    const secret = await queued({ tag: 'verification-code', text: 'Your code is 123456.' });
    const local = await queued({ tag: 'verification-code', text: 'Your code is 654321.' });
    const plain = await queued({ tag: 'welcome', text: 'Your key is ABCD.' });

    await deliverMail({ ...testDeps(START), mailer: providerMailer() }, secret);
    await deliverMail({ ...testDeps(START), mailer: providerMailer() }, plain);
    await deliverMail(
      { ...testDeps(START), mailer: { ...providerMailer(), keepsSentText: true } },
      local,
    );

    expect((await rowById(secret))?.text).toBe(REMOVED_TEXT);
    expect((await rowById(plain))?.text).toBe('Your key is ABCD.');
    expect((await rowById(local))?.text).toBe('Your code is 654321.');
  });
});

describe('the queue consumer', () => {
  const consumerEnv = { ...env, ENVIRONMENT: 'production' as const };

  it('acknowledges a delivered message and retries a failed one after the backoff', async () => {
    const good = await queued();
    const bad = await queued();
    const batch = createMessageBatch('sheetwright-tasks', [
      {
        id: 'm1',
        timestamp: new Date(START),
        attempts: 1,
        body: { kind: 'deliver-mail', outboxId: good },
      },
      {
        id: 'm2',
        timestamp: new Date(START),
        attempts: 1,
        body: { kind: 'deliver-mail', outboxId: bad },
      },
    ]);
    let calls = 0;
    const flaky: Mailer = {
      async send() {
        calls += 1;
        if (calls === 2) throw new Error('provider down');
      },
    };

    await runQueueBatch(batch, consumerEnv, START, { mailer: flaky });
    const result = await getQueueResult(batch, createExecutionContext());

    expect(result.explicitAcks).toEqual(['m1']);
    // (The test batch records which messages were retried, not their delay; the row has it.)
    expect(result.retryMessages).toEqual([{ msgId: 'm2' }]);
    expect((await rowById(good))?.status).toBe('sent');
    expect(await rowById(bad)).toMatchObject({
      status: 'failed',
      due_at: START + RETRY_DELAYS_SECONDS[0] * 1000 + STUCK_AFTER_MS,
    });
  });

  it('the dead-letter queue marks the row dead; a malformed message is dropped', async () => {
    const id = await queued();
    const batch = createMessageBatch('sheetwright-tasks-dead', [
      {
        id: 'd1',
        timestamp: new Date(START),
        attempts: 1,
        body: { kind: 'deliver-mail', outboxId: id },
      },
      { id: 'd2', timestamp: new Date(START), attempts: 1, body: { kind: 'nonsense' } },
    ]);

    await runQueueBatch(batch, consumerEnv, START, { mailer: providerMailer() });
    const result = await getQueueResult(batch, createExecutionContext());

    expect(result.explicitAcks.sort()).toEqual(['d1', 'd2']);
    expect((await rowById(id))?.status).toBe('dead');
  });

  it('runs a forgot-password task: token and e-mail written together, then delivered', async () => {
    const app = accountApp({ dropTasks: true });
    const { form } = await signUpTrial(app);
    const batch = createMessageBatch('sheetwright-tasks', [
      {
        id: 'p1',
        timestamp: new Date(START),
        attempts: 1,
        body: { kind: 'password-reset', email: form.email },
      },
    ]);
    const mailer = providerMailer();
    const tasks = { enqueue: async () => {} };

    await runQueueBatch(batch, consumerEnv, START, { mailer, tasks });

    const reset = (await rowsTo(form.email)).filter((row) => row.tag === 'password-reset');
    expect(reset).toHaveLength(1);
    const tokens = await queryAll<{ n: number }>(
      'SELECT count(*) AS n FROM password_reset_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = ?',
      form.email,
    );
    expect(tokens[0]?.n).toBe(1);
  });
});
