/**
 * The Worker's queue entry (wrangler.toml `[[queues.consumers]]`): runs the background tasks
 * (adapters/types.ts `BackgroundTask`), like a route runs a request: deps built once per batch,
 * the same way requests and cron runs build them, and one service call per task.
 * Each message is acknowledged when done and retried with the task's backoff otherwise; after
 * `max_retries` the queue moves it to the dead-letter queue, whose batches come here too.
 */
import { z } from 'zod';
import type { BackgroundTask } from './adapters/types';
import { buildDeps, siteOrigin, type AppAdapters } from './deps';
import { readConfig, type Bindings } from './env';
import { sendPasswordReset } from './services/accounts/password-reset';
import { buryMail, deliverMail, retryDelaySeconds } from './services/core/mail/delivery';
import type { Deps } from './services/shared/deps';

/** Done (acknowledge the message), or try again after `retryInSeconds`. */
export type TaskOutcome = { done: true } | { done: false; retryInSeconds: number };

const done: TaskOutcome = { done: true };

/** Runs one task. Throws on an unexpected failure (the consumer retries it with backoff). */
export async function runTask(deps: Deps, task: BackgroundTask): Promise<TaskOutcome> {
  switch (task.kind) {
    case 'deliver-mail': {
      const result = await deliverMail(deps, task.outboxId);
      return result.outcome === 'failed'
        ? { done: false, retryInSeconds: result.retryInSeconds }
        : done;
    }
    case 'password-reset':
      await sendPasswordReset(deps, task.email);
      return done;
    default:
      return unknownTask(task);
  }
}

/** A task the queue retried to its limit (the dead-letter queue's consumer). */
export async function onDeadTask(deps: Deps, task: BackgroundTask): Promise<void> {
  switch (task.kind) {
    case 'deliver-mail':
      await buryMail(deps, task.outboxId);
      return;
    case 'password-reset':
      // Nothing was written; the visitor can ask again. Logged without the address.
      console.error('A forgot-password request failed on every retry');
      return;
    default:
      unknownTask(task);
  }
}

/** Compile-time proof that the switches handle every task kind. */
function unknownTask(task: never): never {
  throw new Error(`Unknown background task ${JSON.stringify(task)}`);
}

/** The dead-letter queue's name ends so (wrangler.toml: `sheetwright-tasks-dead`). */
export const DEAD_LETTER_SUFFIX = '-dead';

/** Our own producer writes the bodies; a malformed one (a bug, or another producer) is dropped. */
const taskSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('deliver-mail'), outboxId: z.string().min(1).max(64) }),
  z.object({ kind: z.literal('password-reset'), email: z.string().min(1).max(254) }),
]);

/** Runs one batch at `now`; tests pass their clock and fake adapters (e.g. a failing mailer). */
export async function runQueueBatch(
  batch: MessageBatch<unknown>,
  env: Bindings,
  now: number,
  overrides: Partial<AppAdapters> = {},
): Promise<void> {
  const config = readConfig(env);
  const deps = buildDeps({
    env,
    config,
    now,
    origin: siteOrigin(config),
    client: { ip: null, userAgent: null },
    overrides,
  });
  const dead = batch.queue.endsWith(DEAD_LETTER_SUFFIX);
  for (const message of batch.messages) {
    const parsed = taskSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error(`Dropped a malformed task from ${batch.queue}`);
      message.ack();
      continue;
    }
    const task: BackgroundTask = parsed.data;
    try {
      if (dead) {
        await onDeadTask(deps, task);
        message.ack();
        continue;
      }
      const outcome = await runTask(deps, task);
      if (outcome.done) message.ack();
      else message.retry({ delaySeconds: outcome.retryInSeconds });
    } catch (error) {
      console.error(`Task ${task.kind} failed (delivery ${message.attempts}):`, error);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

/** `queue` of the Worker's default export. */
export const queue: ExportedHandlerQueueHandler<Bindings, unknown> = async (batch, env) => {
  await runQueueBatch(batch, env, Date.now());
};
