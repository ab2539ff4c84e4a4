import { createExecutionContext, createScheduledController } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../functions/index';
import { runJobs, type CronJob } from '../../functions/services/cron';
import { plans } from '../../src/site.config';
import { queryAll, START } from './account-helpers';
import { queueMail } from '../../functions/services/core/mail/outbox';
import {
  DAY_MS,
  quietCronLogs,
  recordingMailer,
  seedLicense,
  seedUser,
  testDb,
} from './cron-helpers';
import { testDeps } from './helpers';

const TRIAL_MS = (plans.trial.durationDays ?? 0) * DAY_MS;

describe('scheduled handler', () => {
  quietCronLogs();

  it('runs the jobs at the trigger’s scheduled time through the Worker’s real entry', async () => {
    const user = await seedUser();
    const license = await seedLicense(user.id, { expiresAt: START + TRIAL_MS });
    // Development: the mail goes to the outbox table, where it can be read back.
    const bindings = { ...env, ENVIRONMENT: 'development' as const };
    const controller = createScheduledController({
      scheduledTime: START + TRIAL_MS,
      cron: '0 * * * *',
    });

    await worker.scheduled(controller, bindings, createExecutionContext());

    const [row] = await queryAll<{ status: string }>(
      'SELECT status FROM licenses WHERE id = ?',
      license.id,
    );
    expect(row?.status).toBe('expired');
    const mail = await queryAll<{ tag: string; text: string }>(
      'SELECT tag, text FROM outbox WHERE to_email = ?',
      user.email,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.tag).toBe('trial-ended');
    expect(mail[0]?.text).toContain('http://localhost:8787/pricing');
  });

  it('makes the cron run fail (for Cloudflare’s history) when a job fails', async () => {
    // A stuck e-mail is due, and the task queue refuses it: requeue-stuck-mail fails.
    const db = testDb();
    const stuck = queueMail(
      db,
      { to: 'stuck@example.com', subject: 'Welcome', text: 'Hello', tag: 'welcome' },
      START,
    );
    await db.batch([stuck.insert]);
    const refusingQueue = {
      async sendBatch() {
        throw new Error('queue down');
      },
    } as unknown as Queue;
    const controller = createScheduledController({ scheduledTime: START + DAY_MS });

    await expect(
      worker.scheduled(
        controller,
        { ...env, ENVIRONMENT: 'production' as const, TASK_QUEUE: refusingQueue },
        createExecutionContext(),
      ),
    ).rejects.toThrow(/Scheduled jobs failed: requeue-stuck-mail/);
    // Still there, still due for the next run.
    const [row] = await queryAll<{ status: string }>(
      'SELECT status FROM outbox WHERE id = ?',
      stuck.id,
    );
    expect(row?.status).toBe('queued');
  });
});

describe('runJobs', () => {
  quietCronLogs();

  const deps = () => testDeps(START, { mailer: recordingMailer() });

  it('runs every job even when an earlier one fails, then throws naming the failures', async () => {
    const ran: string[] = [];
    const jobs: CronJob[] = [
      {
        name: 'broken',
        run: async () => {
          ran.push('broken');
          throw new Error('boom');
        },
      },
      {
        name: 'fine',
        run: async () => {
          ran.push('fine');
          return { done: 1 };
        },
      },
    ];

    const run = runJobs(deps(), jobs);

    await expect(run).rejects.toThrow('Scheduled jobs failed: broken');
    expect(ran).toEqual(['broken', 'fine']);
  });

  it('logs each job with its counts', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const jobs: CronJob[] = [{ name: 'counting', run: async () => ({ removed: 3, kept: 2 }) }];

    const reports = await runJobs(deps(), jobs);

    expect(reports).toEqual([{ name: 'counting', ok: true, counts: { removed: 3, kept: 2 } }]);
    expect(log).toHaveBeenCalledWith('cron counting: ok {"removed":3,"kept":2}');
  });
});
