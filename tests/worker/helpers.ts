import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { BackgroundTask, TaskQueue } from '../../functions/adapters/types';
import { createLocalVatRegister } from '../../functions/adapters/vat-register-local';
import { buildDeps, type AppAdapters } from '../../functions/deps';
import { readConfig } from '../../functions/env';
import worker from '../../functions/index';
import type { Deps } from '../../functions/services/shared/deps';
import { runTask } from '../../functions/queue';

/** Origin of test requests: the configured SITE_ORIGIN (vitest.config.ts); other hosts get 421. */
export const ORIGIN = 'https://sheetwright.test';

/** A form-encoded POST as a browser on our own page sends it (`headers` add or replace). */
export function ownPageFormPost(
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): RequestInit {
  return {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: ORIGIN,
      'Sec-Fetch-Site': 'same-origin',
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  };
}

/**
 * Sends one request through the Worker's real entry. `overrides` replace bindings for this call
 * only (e.g. ENVIRONMENT), so tests never share or mutate environment state.
 */
export async function callWorker(
  path: string,
  init: RequestInit = {},
  overrides: Partial<Env> = {},
): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(new URL(path, ORIGIN), init);
  const response = await worker.fetch(request, { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Billing details of a buyer in the United States (no tax), as the checkout form posts them. */
export const US_BUYER: Readonly<Record<string, string>> = {
  name: 'Ada Lovelace',
  line1: '1 Main St',
  postal_code: '10001',
  city: 'New York',
  state: 'NY',
  country: 'US',
};

/**
 * Pays a /dev/checkout session through the Worker as a buyer does: the billing details, then Pay
 * with `card` (default: Stripe's test card that pays). Answers Pay's response.
 */
export async function payDevCheckout(
  sessionId: string,
  overrides: Partial<Env> = {},
  options: { details?: Readonly<Record<string, string>>; card?: string } = {},
): Promise<Response> {
  const post = (path: string, fields: Readonly<Record<string, string>>) =>
    callWorker(
      path,
      {
        method: 'POST',
        headers: { Origin: ORIGIN },
        body: new URLSearchParams({ session_id: sessionId, ...fields }),
      },
      overrides,
    );
  const details = await post('/dev/checkout/details', options.details ?? US_BUYER);
  if (details.status !== 303) throw new Error(`details answered ${details.status}`);
  return post('/dev/checkout/pay', { card_number: options.card ?? '4242 4242 4242 4242' });
}

/** A POST with a JSON body of exactly `bytes` bytes, declared in Content-Length as a client would. */
export function jsonBodyOfSize(bytes: number): RequestInit {
  const padding = 'x'.repeat(bytes - '{"p":""}'.length);
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Length': String(bytes) },
    body: JSON.stringify({ p: padding }),
  };
}

/**
 * The services' deps as the Worker builds them, from the test env at `now` (for tests that call a
 * service or job directly). `overrides` replace outside services, e.g. a recording mailer.
 */
export function testDeps(now: number, overrides: Partial<AppAdapters> = {}): Deps {
  return buildDeps({
    env,
    config: readConfig(env),
    now,
    origin: ORIGIN,
    client: { ip: null, userAgent: null },
    // Tests run as production, which would ask VIES over the network: the stand-in answers.
    overrides: { vatRegister: createLocalVatRegister(), ...overrides },
  });
}

/** A task queue that runs tasks inside the test, and what it was given. */
export type InlineTaskQueue = TaskQueue & {
  /** Every task enqueued, oldest first. */
  tasks: BackgroundTask[];
};

/**
 * A task queue that runs each task at once, inside the test, with the deps `depsFor()` builds
 * (the test's clock and fake mailer), so an e-mail is delivered before the request that wrote it
 * returns, as the real queue would a second later. A failed delivery stays `failed` in the
 * outbox, exactly as after the queue's first attempt.
 */
export function inlineTaskQueue(depsFor: () => Deps): InlineTaskQueue {
  const tasks: BackgroundTask[] = [];
  return {
    tasks,
    async enqueue(batch) {
      tasks.push(...batch);
      for (const task of batch) await runTask(depsFor(), task);
    },
  };
}

/** A task queue that takes every task and runs none (a queue message lost, a Worker killed). */
export function droppingTaskQueue(): InlineTaskQueue {
  const tasks: BackgroundTask[] = [];
  return {
    tasks,
    async enqueue(batch) {
      tasks.push(...batch);
    },
  };
}
