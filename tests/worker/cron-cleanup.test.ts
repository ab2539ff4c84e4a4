import { describe, expect, it } from 'vitest';
import {
  consumedTokens,
  devCheckoutSessions,
  outbox,
  passwordResetTokens,
  pendingSignups,
  rateLimits,
  sessions,
  verificationCodes,
} from '../../functions/db/schema';
import { cleanUp } from '../../functions/services/cron/clean-up';
import { limits } from '../../src/site.config';
import { queryAll, START, uniqueEmail } from './account-helpers';
import { DAY_MS, seedUser, testDb } from './cron-helpers';

const HOUR_MS = 60 * 60 * 1000;
/** The clean-up runs at this time in every test; rows are placed around it. */
const NOW = START + 30 * DAY_MS;

const id = () => crypto.randomUUID();

async function remaining(table: string, column: string, ids: string[]) {
  const rows = await queryAll<{ id: string }>(
    `SELECT ${column} AS id FROM ${table} WHERE ${column} IN (${ids.map(() => '?').join(', ')})`,
    ...ids,
  );
  return rows.map((row) => row.id).sort();
}

function code(createdAt: number, overrides: Partial<typeof verificationCodes.$inferInsert> = {}) {
  return {
    id: id(),
    emailNormalized: uniqueEmail(),
    codeHash: 'hash',
    formData: '{}',
    expiresAt: createdAt + limits.codeValiditySeconds * 1000,
    createdAt,
    ...overrides,
  };
}

describe('cron: clean-up', () => {
  it('deletes verification codes only once no rule reads them', async () => {
    // Expired an hour and more ago: past the send window that keeps wrong tries counted.
    const old = code(NOW - limits.rateLimits.sendCodePerEmail.windowSeconds * 1000);
    // Expired, but verified 15 minutes ago: still usable to register (30-minute window).
    const verified = code(NOW - 20 * 60 * 1000, { verifiedAt: NOW - 15 * 60 * 1000 });
    // Expired, with 5 wrong tries 30 minutes ago: deleting it would hand out fresh guesses.
    const locked = code(NOW - 30 * 60 * 1000, { attempts: limits.codeMaxWrongAttempts });
    const live = code(NOW - 60 * 1000);
    await testDb().insert(verificationCodes).values([old, verified, locked, live]);

    await cleanUp({ db: testDb(), now: NOW });

    expect(
      await remaining('verification_codes', 'id', [old.id, verified.id, locked.id, live.id]),
    ).toEqual([verified.id, locked.id, live.id].sort());
  });

  it('deletes sessions that expired or were revoked more than a day ago', async () => {
    const user = await seedUser();
    const session = (fields: { expiresAt: number; revokedAt?: number }) => ({
      id: id(),
      userId: user.id,
      createdAt: NOW - 20 * DAY_MS,
      lastUsedAt: NOW - 20 * DAY_MS,
      revokedAt: null,
      ...fields,
    });
    const expiredLongAgo = session({ expiresAt: NOW - DAY_MS - 1 });
    const revokedLongAgo = session({ expiresAt: NOW + DAY_MS, revokedAt: NOW - 2 * DAY_MS });
    const revokedRecently = session({ expiresAt: NOW + DAY_MS, revokedAt: NOW - HOUR_MS });
    const expiredRecently = session({ expiresAt: NOW - HOUR_MS });
    const live = session({ expiresAt: NOW + DAY_MS });
    const all = [expiredLongAgo, revokedLongAgo, revokedRecently, expiredRecently, live];
    await testDb().insert(sessions).values(all);

    await cleanUp({ db: testDb(), now: NOW });

    expect(
      await remaining(
        'sessions',
        'id',
        all.map((row) => row.id),
      ),
    ).toEqual([revokedRecently.id, expiredRecently.id, live.id].sort());
  });

  it('deletes expired password reset links and keeps the others, used ones too, until they expire', async () => {
    const user = await seedUser();
    const token = (fields: { expiresAt: number; usedAt?: number }) => ({
      id: id(),
      userId: user.id,
      tokenHash: id(),
      createdAt: NOW - HOUR_MS,
      usedAt: null,
      ...fields,
    });
    const used = token({ expiresAt: NOW + HOUR_MS, usedAt: NOW - 60_000 });
    const expired = token({ expiresAt: NOW - 1 });
    const live = token({ expiresAt: NOW + HOUR_MS });
    await testDb().insert(passwordResetTokens).values([used, expired, live]);

    await cleanUp({ db: testDb(), now: NOW });

    // A used link still counts on the account's cap of links sent until its minutes end.
    expect(await remaining('password_reset_tokens', 'id', [used.id, expired.id, live.id])).toEqual(
      [used.id, live.id].sort(),
    );
  });

  it('deletes consumed-token records once the tokens themselves have expired', async () => {
    const expired = { tokenHash: id(), purpose: 'botcheck', expiresAt: NOW };
    const live = { tokenHash: id(), purpose: 'botcheck', expiresAt: NOW + 60_000 };
    await testDb().insert(consumedTokens).values([expired, live]);

    await cleanUp({ db: testDb(), now: NOW });

    expect(
      await remaining('consumed_tokens', 'token_hash', [expired.tokenHash, live.tokenHash]),
    ).toEqual([live.tokenHash]);
  });

  it('deletes rate-limit counters whose longest window has passed', async () => {
    const longest = Math.max(
      ...Object.values(limits.rateLimits).map((rule) => rule.windowSeconds * 1000),
    );
    const stale = { key: `test:${id()}`, count: 3, windowStart: NOW - longest };
    const current = { key: `test:${id()}`, count: 3, windowStart: NOW - longest + 1 };
    await testDb().insert(rateLimits).values([stale, current]);

    await cleanUp({ db: testDb(), now: NOW });

    expect(await remaining('rate_limits', 'key', [stale.key, current.key])).toEqual([current.key]);
  });

  it('deletes pending signups a week after they expired, paid or not', async () => {
    const pending = (expiresAt: number, completedAt: number | null = null) => ({
      id: id(),
      emailNormalized: uniqueEmail(),
      customerName: 'Pending Payer',
      email: uniqueEmail(),
      passwordHash: 'v1$hash',
      googleSub: null,
      fingerprintId: id(),
      plan: 'Standard' as const,
      createdAt: expiresAt - DAY_MS,
      expiresAt,
      completedAt,
    });
    const abandoned = pending(NOW - 7 * DAY_MS);
    const completed = pending(NOW - 8 * DAY_MS, NOW - 9 * DAY_MS + HOUR_MS);
    // Expired an hour ago: a payment made just before may still arrive by webhook.
    const justExpired = pending(NOW - HOUR_MS);
    const live = pending(NOW + HOUR_MS);
    const all = [abandoned, completed, justExpired, live];
    await testDb().insert(pendingSignups).values(all);

    await cleanUp({ db: testDb(), now: NOW });

    expect(
      await remaining(
        'pending_signups',
        'id',
        all.map((row) => row.id),
      ),
    ).toEqual([justExpired.id, live.id].sort());
  });

  it('deletes development checkout sessions after 7 days and outbox mail after 30', async () => {
    const checkout = (createdAt: number) => ({
      id: `cs_local_${id()}`,
      clientReferenceId: id(),
      referenceKind: 'user' as const,
      plan: 'standard' as const,
      customerEmail: uniqueEmail(),
      customerId: `cus_local_${id()}`,
      successUrl: 'https://sheetwright.test/ok',
      cancelUrl: 'https://sheetwright.test/pricing',
      amountTotal: 12900,
      currency: 'usd',
      status: 'open' as const,
      createdAt,
    });
    const oldCheckout = checkout(NOW - 7 * DAY_MS);
    const newCheckout = checkout(NOW - DAY_MS);
    await testDb().insert(devCheckoutSessions).values([oldCheckout, newCheckout]);
    const mail = (createdAt: number) => ({
      id: id(),
      toEmail: uniqueEmail(),
      subject: 'Hello',
      text: 'Hello',
      tag: 'welcome',
      createdAt,
    });
    const oldMail = mail(NOW - 30 * DAY_MS);
    const newMail = mail(NOW - 29 * DAY_MS);
    await testDb().insert(outbox).values([oldMail, newMail]);

    await cleanUp({ db: testDb(), now: NOW });

    expect(
      await remaining('dev_checkout_sessions', 'id', [oldCheckout.id, newCheckout.id]),
    ).toEqual([newCheckout.id]);
    expect(await remaining('outbox', 'id', [oldMail.id, newMail.id])).toEqual([newMail.id]);
  });

  it('run twice with the same clock: the second run deletes nothing', async () => {
    const user = await seedUser();
    await testDb()
      .insert(sessions)
      .values({
        id: id(),
        userId: user.id,
        createdAt: NOW - 20 * DAY_MS,
        lastUsedAt: NOW - 20 * DAY_MS,
        expiresAt: NOW - 2 * DAY_MS,
      });
    const at = NOW + HOUR_MS;

    const first = await cleanUp({ db: testDb(), now: at });
    const second = await cleanUp({ db: testDb(), now: at });

    expect(first['sessions']).toBeGreaterThanOrEqual(1);
    expect(Object.values(second).every((n) => n === 0)).toBe(true);
  });
});
