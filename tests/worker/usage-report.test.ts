/**
 * POST /api/usage/report through the Worker and D1: a batch counts once however often or
 * concurrently it is sent, an account that turned sharing off is acknowledged and nothing is
 * stored, every refusal answers 400 with a plain message (or validate's status for a license that
 * is not valid on the device), and validate and activate tell the plugin whether to report.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { LicenseStatusMessages, UsageReportMessages } from '../../src/contract/catalogue';
import type { UsageReportResponse } from '../../src/contract/schemas/usage-report';
import { featureUsage } from '../../src/site.config';
import { accountApp, queryAll, type AccountApp } from './account-helpers';
import {
  activateOk,
  DAY_MS,
  deactivate,
  licensee,
  newDeviceId,
  setLicense,
  validate,
  type Licensee,
} from './licenses-helpers';
import { dayAt, reportUsage, setShareUsage, usageRows } from './usage-helpers';

/** A Standard licensee with one activated device. */
async function reporter(app: AccountApp): Promise<Licensee & { deviceId: string }> {
  const who = await licensee(app, 'Standard');
  const deviceId = newDeviceId();
  await activateOk(app, who.key, { deviceId, deviceName: 'Drafting PC' });
  return { ...who, deviceId };
}

/** An error answer: `{ message, code }`. */
interface ErrorResponse {
  message: string;
  code: string;
}

async function ok(response: Response): Promise<UsageReportResponse> {
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<UsageReportResponse>();
}

async function refused(response: Response): Promise<ErrorResponse> {
  expect(response.status, await response.clone().text()).toBe(400);
  const body = await response.json<ErrorResponse>();
  expect(body.code).toBe('VALIDATION_FAILED');
  return body;
}

describe('POST /api/usage/report', () => {
  it('stores one row per device and day with a count per feature, summing repeated pairs', async () => {
    const app = accountApp();
    const who = await reporter(app);
    const today = dayAt(app.clock.now);
    const yesterday = dayAt(app.clock.now - DAY_MS);
    const answer = await ok(
      await reportUsage(app, who, {
        appVersion: '1.2.0',
        events: [
          { feature: 'renumber-views', day: today, count: 3 },
          { feature: 'renumber-views', day: today, count: 2 },
          { feature: 'wipe-model', day: today, count: 1 },
          { feature: 'cad-import', day: yesterday, count: 7 },
          { feature: 'schedule-link', day: yesterday, count: 0 },
        ],
      }),
    );

    expect(answer).toEqual({
      status: 'VALID',
      message: UsageReportMessages.received,
      usageReporting: true,
    });
    const rows = await usageRows(who.licenseId);
    expect(rows).toEqual([
      expect.objectContaining({
        device_id: who.deviceId,
        day: yesterday,
        cad_import: 7,
        renumber_views: 0,
      }),
      expect.objectContaining({ day: today, renumber_views: 5, wipe_model: 1, cad_import: 0 }),
    ]);
    // The version the plugin sent is the device's (shown in the console's versions in use).
    expect(
      await queryAll('SELECT app_version FROM devices WHERE license_id = ?', who.licenseId),
    ).toEqual([{ app_version: '1.2.0' }]);
  });

  it('adds a later batch to the same day row', async () => {
    const app = accountApp();
    const who = await reporter(app);
    const today = dayAt(app.clock.now);
    await ok(
      await reportUsage(app, who, { events: [{ feature: 'sheet-notes', day: today, count: 4 }] }),
    );
    await ok(
      await reportUsage(app, who, { events: [{ feature: 'sheet-notes', day: today, count: 6 }] }),
    );

    const rows = await usageRows(who.licenseId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sheet_notes).toBe(10);
  });

  it('counts the same batch once when it is sent again', async () => {
    const app = accountApp();
    const who = await reporter(app);
    const day = dayAt(app.clock.now);
    const batchId = crypto.randomUUID();
    const events = [{ feature: 'general-notes', day, count: 9 }];

    const first = await ok(await reportUsage(app, who, { batchId, events }));
    const again = await ok(await reportUsage(app, who, { batchId, events }));

    expect(first.message).toBe(UsageReportMessages.received);
    expect(again).toEqual({
      status: 'VALID',
      message: UsageReportMessages.alreadyReceived,
      usageReporting: true,
    });
    expect((await usageRows(who.licenseId))[0]?.general_notes).toBe(9);
    const batches = await queryAll(
      'SELECT r.* FROM usage_reports AS r JOIN devices AS d ON d.usage_ref = r.device_ref WHERE d.license_id = ?',
      who.licenseId,
    );
    expect(batches).toHaveLength(1);
  });

  it('counts the same batch once when five copies arrive at once', async () => {
    const app = accountApp();
    const who = await reporter(app);
    const day = dayAt(app.clock.now);
    const batchId = crypto.randomUUID();
    const events = [
      { feature: 'drafting-export', day, count: 2 },
      { feature: 'dummy-schedules', day, count: 5 },
    ];

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => reportUsage(app, who, { batchId, events }).then(ok)),
    );

    expect(answers.every((answer) => answer.status === 'VALID')).toBe(true);
    expect(answers.filter((a) => a.message === UsageReportMessages.received)).toHaveLength(1);
    const rows = await usageRows(who.licenseId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ drafting_export: 2, dummy_schedules: 5 });
  });

  it('keeps batch ids per license: another license may use the same id', async () => {
    const app = accountApp();
    const [one, two] = [await reporter(app), await reporter(app)];
    const batchId = 'shared-batch-0001';
    const events = [{ feature: 'cad-import', day: dayAt(app.clock.now), count: 1 }];

    await ok(await reportUsage(app, one, { batchId, events }));
    const other = await ok(await reportUsage(app, two, { batchId, events }));

    expect(other.message).toBe(UsageReportMessages.received);
    expect((await usageRows(two.licenseId))[0]?.cad_import).toBe(1);
  });

  it('acknowledges and discards a report when the customer turned sharing off', async () => {
    const app = accountApp();
    const who = await reporter(app);
    await setShareUsage(app, who, false);

    const answer = await ok(
      await reportUsage(app, who, {
        events: [{ feature: 'wipe-model', day: dayAt(app.clock.now), count: 2 }],
      }),
    );

    expect(answer).toEqual({
      status: 'VALID',
      message: UsageReportMessages.notShared,
      usageReporting: false,
    });
    expect(await usageRows(who.licenseId)).toEqual([]);
    expect(
      await queryAll(
        'SELECT r.* FROM usage_reports AS r JOIN devices AS d ON d.usage_ref = r.device_ref WHERE d.license_id = ?',
        who.licenseId,
      ),
    ).toEqual([]);
  });

  it('accepts days up to 30 back and tomorrow; refuses older and later days', async () => {
    const app = accountApp();
    const who = await reporter(app);
    const { reportDaysBack } = featureUsage;
    const oldest = dayAt(app.clock.now - reportDaysBack * DAY_MS);
    const tomorrow = dayAt(app.clock.now + DAY_MS);
    const tooOld = dayAt(app.clock.now - (reportDaysBack + 1) * DAY_MS);
    const future = dayAt(app.clock.now + 2 * DAY_MS);

    await ok(
      await reportUsage(app, who, {
        events: [
          { feature: 'cad-import', day: oldest, count: 1 },
          { feature: 'cad-import', day: tomorrow, count: 1 },
        ],
      }),
    );
    const old = await refused(
      await reportUsage(app, who, { events: [{ feature: 'cad-import', day: tooOld, count: 1 }] }),
    );
    const later = await refused(
      await reportUsage(app, who, { events: [{ feature: 'cad-import', day: future, count: 1 }] }),
    );

    expect(old.message).toBe(
      `Day ${tooOld} is more than 30 days ago; usage that old is no longer accepted.`,
    );
    expect(later.message).toBe(`Day ${future} is in the future.`);
    expect(await usageRows(who.licenseId)).toHaveLength(2);
  });

  it('refuses malformed reports with a plain message and stores nothing', async () => {
    const app = accountApp();
    const who = await reporter(app);
    const day = dayAt(app.clock.now);
    const one = { feature: 'cad-import', day, count: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [
        { events: [{ ...one, feature: 'export-everything' }] },
        'Feature must be one of renumber-views, schedule-link, general-notes, sheet-notes, legends-from-word, dummy-schedules, drafting-export, cad-import, wipe-model.',
      ],
      [{ events: [{ ...one, day: '2026-02-30' }] }, 'Day must be a date written as YYYY-MM-DD.'],
      [{ events: [{ ...one, day: '01/03/2026' }] }, 'Day must be a date written as YYYY-MM-DD.'],
      [
        { events: [{ ...one, count: 10_001 }] },
        'Count must be at most 10,000 per feature and day.',
      ],
      [{ events: [{ ...one, count: -1 }] }, 'Count must not be negative.'],
      [{ events: [{ ...one, count: 1.5 }] }, 'Count must be a whole number.'],
      [
        {
          events: [
            { ...one, count: 6000 },
            { ...one, count: 5000 },
          ],
        },
        `The count of cad-import on ${day} must be at most 10,000 per feature and day.`,
      ],
      [{ events: Array.from({ length: 501 }, () => one) }, 'Events must hold at most 500 entries.'],
      [{ events: [] }, 'Events must hold at least one entry.'],
      [{ batchId: 'short', events: [one] }, 'Batch id must have 8 to 64 characters.'],
      [{ batchId: 'x'.repeat(65), events: [one] }, 'Batch id must have 8 to 64 characters.'],
      [
        { batchId: 'has spaces in it', events: [one] },
        'Batch id may hold only letters, digits and . _ : -',
      ],
    ];

    for (const [body, message] of cases) {
      const answer = await refused(await reportUsage(app, who, body));
      expect(answer.message, JSON.stringify(body).slice(0, 80)).toBe(message);
    }
    expect(await usageRows(who.licenseId)).toEqual([]);
  });

  it('takes exactly 500 events', async () => {
    const app = accountApp();
    const who = await reporter(app);
    const day = dayAt(app.clock.now);
    const events = Array.from({ length: 500 }, () => ({ feature: 'schedule-link', day, count: 2 }));

    await ok(await reportUsage(app, who, { events }));

    expect((await usageRows(who.licenseId))[0]?.schedule_link).toBe(1000);
  });

  it("answers validate's statuses for a license that is not valid on the device", async () => {
    const app = accountApp();
    const who = await reporter(app);
    const events = [{ feature: 'cad-import', day: dayAt(app.clock.now), count: 1 }];

    const unknownDevice = await ok(
      await reportUsage(app, { ...who, deviceId: newDeviceId('stranger') }, { events }),
    );
    const unknownKey = await ok(
      await reportUsage(app, { ...who, key: 'SW-22222-22222-22222-22222' }, { events }),
    );
    await setLicense(who.licenseId, { status: 'suspended' });
    const suspended = await ok(await reportUsage(app, who, { events }));
    await setLicense(who.licenseId, { status: 'active', expiresAt: app.clock.now - 1 });
    const expired = await ok(await reportUsage(app, who, { events }));
    await setLicense(who.licenseId, { status: 'revoked' });
    const revoked = await ok(await reportUsage(app, who, { events }));

    expect(unknownDevice).toMatchObject({
      status: 'DEVICE_NOT_ACTIVATED',
      message: LicenseStatusMessages.DEVICE_NOT_ACTIVATED,
    });
    expect(unknownKey).toEqual({ status: 'NOT_FOUND', message: LicenseStatusMessages.NOT_FOUND });
    expect(suspended.status).toBe('SUSPENDED');
    expect(expired.status).toBe('EXPIRED');
    expect(revoked.status).toBe('REVOKED');
    expect(revoked.usageReporting).toBeUndefined();
    expect(await usageRows(who.licenseId)).toEqual([]);
  });

  it('answers a freed device DEVICE_NOT_ACTIVATED', async () => {
    const app = accountApp();
    const who = await reporter(app);
    await deactivate(app, who.key, who.deviceId);

    const answer = await ok(
      await reportUsage(app, who, {
        events: [{ feature: 'cad-import', day: dayAt(app.clock.now), count: 1 }],
      }),
    );

    expect(answer.status).toBe('DEVICE_NOT_ACTIVATED');
  });

  it('answers 503 with Retry-After when the database is busy, and the retry counts once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // A D1 that refuses the report's write once, as a locked database does.
    const sqlOf = new WeakMap<D1PreparedStatement, string>();
    let refuse = true;
    const busyDb = new Proxy(env.DB, {
      get(target, property) {
        if (property === 'prepare') {
          // Every statement (and its bound copies) remembers its SQL.
          const tag = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
            sqlOf.set(statement, sql);
            const bind = statement.bind.bind(statement);
            statement.bind = (...values: unknown[]) => tag(bind(...values), sql);
            return statement;
          };
          return (sql: string) => tag(target.prepare(sql), sql);
        }
        if (property === 'batch') {
          return async (statements: D1PreparedStatement[]) => {
            const writesUsage = statements.some((s) => sqlOf.get(s)?.includes('usage_reports'));
            if (writesUsage && refuse) {
              refuse = false;
              throw new Error('D1_ERROR: database is locked: SQLITE_BUSY');
            }
            return target.batch(statements);
          };
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    const app = accountApp({ env: { DB: busyDb } });
    const who = await reporter(app);
    const body = {
      batchId: crypto.randomUUID(),
      events: [{ feature: 'cad-import', day: dayAt(app.clock.now), count: 3 }],
    };

    const busy = await reportUsage(app, who, body);
    const retried = await ok(await reportUsage(app, who, body));

    expect(busy.status).toBe(503);
    expect(busy.headers.get('Retry-After')).toBe('2');
    expect(await busy.json()).toMatchObject({ code: 'SERVICE_BUSY' });
    expect(retried.message).toBe(UsageReportMessages.received);
    expect((await usageRows(who.licenseId))[0]?.cad_import).toBe(3);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('is a POST only', async () => {
    const app = accountApp();
    const response = await app.request('/api/usage/report');
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
  });
});

describe('usageReporting in validate and activate', () => {
  it('is true by default and false once the customer turned sharing off', async () => {
    const app = accountApp();
    const who = await licensee(app, 'Standard');
    const deviceId = newDeviceId();
    const activated = await activateOk(app, who.key, { deviceId });
    const validated = await validate(app, who.key, deviceId);

    await setShareUsage(app, who, false);
    const validatedOff = await validate(app, who.key, deviceId);
    const reactivatedOff = await activateOk(app, who.key, { deviceId });
    const second = await activateOk(app, who.key, { deviceId: newDeviceId('second') });

    expect(activated.usageReporting).toBe(true);
    expect(validated.usageReporting).toBe(true);
    expect(validatedOff.usageReporting).toBe(false);
    expect(reactivatedOff.usageReporting).toBe(false);
    expect(second.usageReporting).toBe(false);
  });

  it('is left out of a validate answer that is not VALID', async () => {
    const app = accountApp();
    const who = await licensee(app, 'Standard');
    const answer = await validate(app, who.key, newDeviceId());
    expect(answer.status).toBe('DEVICE_NOT_ACTIVATED');
    expect(answer.usageReporting).toBeUndefined();
  });
});
