/**
 * Helpers for the scheduled-job tests: rows seeded straight into D1 (each test makes its own, with
 * fresh ids and e-mails) and a run of every job at a chosen time with a recording mailer.
 *
 * The jobs sweep the whole database, so tests assert on their own rows, never on global totals,
 * except for a rerun at the same time: that must change nothing anywhere.
 */
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { MailMessage, Mailer } from '../../functions/adapters/types';
import type { AppAdapters } from '../../functions/deps';
import { createDb } from '../../functions/db/client';
import {
  devices,
  invoices,
  licenseEvents,
  licenses,
  subscriptions,
  users,
} from '../../functions/db/schema';
import type { JobReport } from '../../functions/services/cron';
import { runScheduledJobs } from '../../functions/scheduled';
import { START, uniqueEmail } from './account-helpers';
import { inlineTaskQueue, ORIGIN, testDeps } from './helpers';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the jobs' per-run log lines (and the logged failures some tests cause on purpose) out of
 * the test output. Call at the top of a describe block; a test that checks logs spies itself.
 */
export function quietCronLogs() {
  beforeEach(() => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}

/** A drizzle client over the test database. */
export const testDb = () => createDb(env.DB);

/** A mailer that keeps what it was given. */
export function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

/**
 * Runs every job at `now` with `mailer` (a recording one by default), delivering the e-mails the
 * jobs write at once (an inline task queue); links use ORIGIN.
 */
export function runJobsAt(
  now: number,
  mailer: Mailer = recordingMailer(),
  adapters: Partial<AppAdapters> = {},
): Promise<JobReport[]> {
  const tasks = inlineTaskQueue(() => testDeps(now, { ...adapters, mailer, tasks }));
  return runScheduledJobs(env, now, { adapters: { ...adapters, mailer, tasks }, origin: ORIGIN });
}

/** Asserts that a run changed nothing at all: every job reports only zeros. */
export function expectNothingDone(reports: JobReport[]) {
  for (const report of reports) {
    expect(report.ok, report.name).toBe(true);
    expect(
      Object.values(report.counts ?? {}).every((n) => n === 0),
      report.name,
    ).toBe(true);
  }
}

type UserInsert = typeof users.$inferInsert;
type LicenseInsert = typeof licenses.$inferInsert;

/** A user row, created at START unless told otherwise. */
export async function seedUser(overrides: Partial<UserInsert> = {}) {
  const email = uniqueEmail();
  const row: UserInsert = {
    id: crypto.randomUUID(),
    customerName: 'Cron Tester',
    email,
    emailNormalized: email,
    passwordHash: null,
    googleSub: null,
    plan: 'Trial',
    createdAt: START,
    updatedAt: START,
    ...overrides,
  };
  await testDb().insert(users).values(row);
  return row;
}

/** A license of `userId` (an active Trial from START for 15 days unless told otherwise). */
export async function seedLicense(userId: string, overrides: Partial<LicenseInsert> = {}) {
  const row: LicenseInsert = {
    id: crypto.randomUUID(),
    userId,
    licenseKey: `TEST-${crypto.randomUUID()}`,
    plan: 'Trial',
    status: 'active',
    activatedAt: START,
    expiresAt: START + 15 * DAY_MS,
    createdAt: START,
    appVersion: '1.0.0',
    ...overrides,
  };
  await testDb().insert(licenses).values(row);
  return row;
}

/** A subscription of `userId` in the given state. */
export async function seedSubscription(
  userId: string,
  overrides: Partial<typeof subscriptions.$inferInsert> = {},
) {
  const suffix = crypto.randomUUID().slice(0, 8);
  const row: typeof subscriptions.$inferInsert = {
    id: crypto.randomUUID(),
    userId,
    stripeCustomerId: `cus_test_${suffix}`,
    stripeSubscriptionId: `sub_test_${suffix}`,
    status: 'active',
    currentPeriodEnd: START + 365 * DAY_MS,
    cancelAtPeriodEnd: false,
    updatedFromEventCreated: START,
    createdAt: START,
    updatedAt: START,
    ...overrides,
  };
  await testDb().insert(subscriptions).values(row);
  return row;
}

/** An invoice of `userId`, created at `created`. */
export async function seedInvoice(userId: string, created: number) {
  const row: typeof invoices.$inferInsert = {
    id: `in_test_${crypto.randomUUID()}`,
    userId,
    number: 'SW-0001',
    amountPaid: 12900,
    currency: 'usd',
    status: 'paid',
    hostedInvoiceUrl: null,
    invoicePdf: null,
    created,
  };
  await testDb().insert(invoices).values(row);
  return row;
}

/** An active plugin device on a license, with its `activated` audit row. */
export async function seedDevice(
  license: { id: string; userId: string },
  overrides: Partial<typeof devices.$inferInsert> = {},
) {
  const row: typeof devices.$inferInsert = {
    id: crypto.randomUUID(),
    licenseId: license.id,
    userId: license.userId,
    deviceId: `machine-${crypto.randomUUID()}`,
    deviceName: 'Drafting PC',
    appVersion: '1.0.0',
    activatedAt: START,
    lastSeenAt: START,
    deactivatedAt: null,
    ...overrides,
  };
  await testDb().insert(devices).values(row);
  await seedLicenseEvent(license, row.deviceId, row.activatedAt);
  return row;
}

/** One audit row of a license at `createdAt`. */
export async function seedLicenseEvent(
  license: { id: string; userId: string },
  deviceId: string,
  createdAt: number,
) {
  const row: typeof licenseEvents.$inferInsert = {
    id: crypto.randomUUID(),
    licenseId: license.id,
    userId: license.userId,
    deviceId,
    deviceName: 'Drafting PC',
    action: 'activated',
    source: 'plugin',
    ip: null,
    createdAt,
  };
  await testDb().insert(licenseEvents).values(row);
  return row;
}
