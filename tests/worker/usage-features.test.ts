/**
 * What Usage & Sessions shows of the plugin's reports (GET /api/usage/features): SQL sums of the
 * daily totals per device over 30, 90 or 365 days, the last day each command was used; the
 * sharing switch of Account Settings (the cron's folding and deletion: usage-retention.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/contract/shape';
import { SuccessMessages } from '../../src/contract/messages';
import { type FeatureUsageView } from '../../src/contract/usage';
import { featureUsage } from '../../src/site.config';
import { accountApp, queryAll, type AccountApp } from './account-helpers';
import { activateOk, DAY_MS, licensee, newDeviceId, type Licensee } from './licenses-helpers';
import { dayAt, reportUsage, seedUsageMonth, seedUsageRow, setShareUsage } from './usage-helpers';
import { isGetFeatureUsageAnswer } from '../../src/generated/answers/GetFeatureUsageAnswer';

const slugs = featureUsage.features.map((feature) => feature.slug);
const at = (feature: string) => slugs.indexOf(feature as (typeof slugs)[number]);

async function features(app: AccountApp, who: Licensee, days?: string | number) {
  const query = days === undefined ? '' : `?days=${days}`;
  return app.request(`/api/usage/features${query}`, { headers: who.account.bearer });
}

async function view(app: AccountApp, who: Licensee, days: number): Promise<FeatureUsageView> {
  const response = await features(app, who, days);
  expect(response.status, await response.clone().text()).toBe(200);
  return parse(isGetFeatureUsageAnswer, await response.json());
}

/** Days ago, as the UTC day of the app's clock. */
const ago = (app: AccountApp, days: number) => dayAt(app.clock.now - days * DAY_MS);

describe('GET /api/usage/features', () => {
  it('sums exactly the seeded rows of each period, per device, with the last day used', async () => {
    const app = accountApp();
    const who = await licensee(app, 'Standard');
    const office = newDeviceId('office');
    const laptop = newDeviceId('laptop');
    await activateOk(app, who.key, { deviceId: office, deviceName: 'Office PC' });
    await activateOk(app, who.key, { deviceId: laptop, deviceName: 'Laptop' });
    // Office: inside 30 days, between 30 and 90, between 90 and 365 (folded into its month, as
    // the cron leaves days older than the daily window).
    await seedUsageRow(who, office, ago(app, 0), { renumber_views: 4, cad_import: 1 });
    await seedUsageRow(who, office, ago(app, 29), { renumber_views: 6 });
    await seedUsageRow(who, office, ago(app, 30), { renumber_views: 100, wipe_model: 2 });
    await seedUsageRow(who, office, ago(app, 89), { schedule_link: 7 });
    await seedUsageRow(who, office, ago(app, 90), { schedule_link: 1000 });
    await seedUsageMonth(who, office, ago(app, 364), { sheet_notes: 3 });
    // Laptop: one day in each window.
    await seedUsageRow(who, laptop, ago(app, 2), { renumber_views: 1, general_notes: 5 });
    await seedUsageMonth(who, laptop, ago(app, 200), { legends_from_word: 8 });
    // Another customer's rows never show.
    const stranger = await licensee(app, 'Standard');
    await seedUsageRow(stranger, office, ago(app, 1), { renumber_views: 999 });

    const [d30, d90, d365] = [
      await view(app, who, 30),
      await view(app, who, 90),
      await view(app, who, 365),
    ];

    expect(d30).toMatchObject({ days: 30, from: ago(app, 29), to: ago(app, 0), shareUsage: true });
    const byName = (v: FeatureUsageView, name: string) =>
      v.devices.find((device) => device.deviceName === name)?.counts;
    expect(byName(d30, 'Office PC')?.[at('renumber-views')]).toBe(10);
    expect(byName(d30, 'Office PC')?.[at('cad-import')]).toBe(1);
    expect(byName(d30, 'Office PC')?.[at('wipe-model')]).toBe(0);
    expect(byName(d30, 'Laptop')?.[at('general-notes')]).toBe(5);
    expect(byName(d90, 'Office PC')?.[at('renumber-views')]).toBe(110);
    expect(byName(d90, 'Office PC')?.[at('schedule-link')]).toBe(7);
    expect(byName(d90, 'Office PC')?.[at('wipe-model')]).toBe(2);
    expect(byName(d365, 'Office PC')?.[at('schedule-link')]).toBe(1007);
    expect(byName(d365, 'Office PC')?.[at('sheet-notes')]).toBe(3);
    expect(byName(d365, 'Laptop')?.[at('legends-from-word')]).toBe(8);
    const total = (v: FeatureUsageView) =>
      v.devices.flatMap((device) => device.counts).reduce((a, b) => a + b, 0);
    expect([total(d30), total(d90), total(d365)]).toEqual([17, 126, 1137]);
    // Last used is the same whatever the period, and null for a command never used.
    const office30 = d30.devices.find((device) => device.deviceId === office);
    expect(office30?.lastUsed[at('renumber-views')]).toBe(ago(app, 0));
    expect(office30?.lastUsed[at('schedule-link')]).toBe(ago(app, 89));
    // Past the daily window, the month is what is kept.
    expect(office30?.lastUsed[at('sheet-notes')]).toBe(ago(app, 364).slice(0, 7));
    expect(office30?.lastUsed[at('dummy-schedules')]).toBeNull();
    // Most used first.
    expect(d365.devices.map((device) => device.deviceName)).toEqual(['Office PC', 'Laptop']);
  });

  it('shows what the plugin reported through the report call', async () => {
    const app = accountApp();
    const who = await licensee(app, 'Standard');
    const deviceId = newDeviceId();
    await activateOk(app, who.key, { deviceId, deviceName: 'Studio' });
    const response = await reportUsage(
      app,
      { key: who.key, deviceId },
      { events: [{ feature: 'drafting-export', day: ago(app, 1), count: 12 }] },
    );
    expect(response.status).toBe(200);

    const answer = await view(app, who, 30);

    expect(answer.devices).toEqual([expect.objectContaining({ deviceId, deviceName: 'Studio' })]);
    expect(answer.devices[0]?.counts[at('drafting-export')]).toBe(12);
  });

  it('answers an empty list for a customer without reports, and 30 days by default', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const response = await features(app, who);
    expect(response.status).toBe(200);
    expect(parse(isGetFeatureUsageAnswer, await response.json())).toMatchObject({
      days: 30,
      devices: [],
    });
  });

  it('refuses another period with a plain message, and a visitor without a session', async () => {
    const app = accountApp();
    const who = await licensee(app);
    for (const days of ['7', 'abc', '']) {
      const response = await features(app, who, days);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: 'Days must be one of 30, 90, 365.',
        code: 'VALIDATION_FAILED',
      });
    }
    expect((await app.request('/api/usage/features')).status).toBe(401);
  });
});

describe('GET and PATCH /api/account/usage-sharing', () => {
  it('is on by default, turns off and on, and the features view says so', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const read = async () => {
      const response = await app.request('/api/account/usage-sharing', {
        headers: who.account.browser,
      });
      expect(response.status).toBe(200);
      return response.json();
    };

    const before = await read();
    const off = await setShareUsage(app, who, false);
    const whileOff = await read();
    const viewOff = await view(app, who, 30);
    const on = await setShareUsage(app, who, true);

    expect(before).toEqual({ shareUsage: true });
    expect(off).toEqual({ shareUsage: false, message: SuccessMessages.usageSharingOff });
    expect(whileOff).toEqual({ shareUsage: false });
    expect(viewOff.shareUsage).toBe(false);
    expect(on).toEqual({ shareUsage: true, message: SuccessMessages.usageSharingOn });
  });

  it('refuses a body that is not a boolean, a cross-site write and a visitor', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const patch = (json: unknown, headers: Record<string, string>) =>
      app.request('/api/account/usage-sharing', { method: 'PATCH', json, headers });

    const notBoolean = await patch({ shareUsage: 'no' }, who.account.browser);
    const crossSite = await patch(
      { shareUsage: false },
      { ...who.account.browser, Origin: 'https://evil.example' },
    );
    const visitor = await patch({ shareUsage: false }, {});

    expect(notBoolean.status).toBe(400);
    expect(await notBoolean.json()).toEqual({
      message: 'Share usage must be true or false.',
      code: 'VALIDATION_FAILED',
    });
    expect(crossSite.status).toBe(403);
    expect(visitor.status).toBe(401);
    expect(await queryAll('SELECT share_usage FROM users WHERE id = ?', who.userId)).toEqual([
      { share_usage: 1 },
    ]);
  });
});
