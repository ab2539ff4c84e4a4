/**
 * The console's Overview against customers' real journeys, made through the same routes a browser
 * uses: a trial left alone, a trial upgraded to Standard by card, a trial that bought a team by
 * card, a trial that bought a team by invoice, a Standard purchase without a trial, and a trial
 * that ran out. Every number the Overview shows (and the metrics API answers) is checked against
 * what an operator would count by hand.
 */
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/contract/shape';
import { plans } from '../../src/site.config';
import { signUpTrial, signupForm, verifyEmail } from './account-helpers';
import { adminGet, operator } from './admin-helpers';
import { billingWorld, deliver, payLocal, upgradedAccount } from './billing-helpers';
import { quietCronLogs, runJobsAt } from './cron-helpers';
import { teamUpgradedByInvoice } from './invoice-helpers';
import { activateOk, newDeviceId } from './licenses-helpers';
import { isGetBusinessMetricsAnswer } from '../../src/generated/answers/GetBusinessMetricsAnswer';

const DAY = 24 * 60 * 60 * 1000;
/**
 * Day 0 of the journeys: noon UTC of a day years before every other test's rows. Worker test files
 * running at the same time share the database, and the Overview counts every subscription still
 * paying at a moment: rows of other files, all made later, then neither start nor pay in this
 * range.
 */
const START = Date.UTC(2001, 2, 1, 12);
/** The Standard list price per seat and year, in cents. */
const SEAT_CENTS = Math.round((plans.standard.priceUsd ?? 0) * 100);

describe('the Overview over seeded journeys', () => {
  quietCronLogs();

  it('counts every trial that became paid, and every other figure, as an operator would', async () => {
    const world = billingWorld();
    const { app } = world;
    app.clock.now = START;
    // Day 0: a trial left alone, one that will run out.
    const idle = await signUpTrial(app);
    const expiring = await signUpTrial(app);

    // Day 1: a trial upgraded to Standard by card, with one device activated.
    app.clock.now = START + DAY;
    const byCard = await upgradedAccount(world);
    // The upgrade keeps the trial's license row and key.
    await activateOk(app, byCard.account.auth.user.licenseKey, {
      deviceId: newDeviceId(),
      deviceName: 'Desk',
    });

    // Day 2: a trial buys a team of 3 by card.
    app.clock.now = START + 2 * DAY;
    const teamByCard = await signUpTrial(app);
    const opened = await app.request('/api/billing/checkout', {
      method: 'POST',
      json: { seats: 3 },
      headers: teamByCard.browser,
    });
    expect(opened.status, await opened.clone().text()).toBe(200);
    const paid = await payLocal(world, (await opened.json<{ sessionId: string }>()).sessionId);
    for (const event of [paid.completed, paid.invoicePaid]) {
      expect((await deliver(app, event.payload, event.signature)).status).toBe(200);
    }

    // Day 3: a trial buys a team of 5 by invoice.
    app.clock.now = START + 3 * DAY;
    const teamByInvoice = await signUpTrial(app);
    await teamUpgradedByInvoice(world, teamByInvoice, 5);

    // Day 4: Standard bought at signup, without a trial.
    app.clock.now = START + 4 * DAY;
    const form = signupForm({ plan: 'standard' });
    await verifyEmail(app, form);
    const direct = await app.post('/api/register-email-standard', form);
    expect(direct.status, await direct.clone().text()).toBe(200);
    const bought = await payLocal(world, (await direct.json<{ sessionId: string }>()).sessionId);
    for (const event of [bought.completed, bought.invoicePaid]) {
      expect((await deliver(app, event.payload, event.signature)).status).toBe(200);
    }
    // The trials of day 0 run out; the cron job expires them.
    const trialDays = plans.trial.durationDays ?? 15;
    app.clock.now = START + (trialDays + 1) * DAY;
    await runJobsAt(app.clock.now);
    expect(idle.auth.user.userId).not.toBe(expiring.auth.user.userId);
    // Today: the operator signs up (a trial itself) and opens the Overview.
    const admin = await operator(app);

    const response = await adminGet(app, admin, '/api/admin/metrics?range=30d');
    expect(response.status, await response.clone().text()).toBe(200);
    const metrics = parse(isGetBusinessMetricsAnswer, await response.json());
    const days = metrics.periods.map((period) => period.start);
    /** A 30-day series with `values` at the days after START given. */
    const on = (values: Record<number, number>) =>
      days.map((start) => {
        const day = Math.round((start - (START - (START % DAY))) / DAY);
        return values[day] ?? 0;
      });
    /** A level: 0 until the first day given, then each day's value until the next. */
    const level = (steps: Record<number, number>) => {
      let current = 0;
      return days.map((start) => {
        const day = Math.round((start - (START - (START % DAY))) / DAY);
        current = steps[day] ?? current;
        return current;
      });
    };

    // Trials: the idle and the expiring one on day 0, one a day on days 1-3, the operator today.
    const today = trialDays + 1;
    expect(metrics.trialsStarted).toEqual(on({ 0: 2, 1: 1, 2: 1, 3: 1, [today]: 1 }));
    // Each trial that became paid, on the day it did: card, team by card, team by invoice (each
    // bought at the same clock reading as its trial began).
    expect(metrics.trialConversions).toEqual(on({ 1: 1, 2: 1, 3: 1 }));
    expect(metrics.cohort).toEqual({ trialsStarted: 6, converted: 3 });
    expect(metrics.activeSubscriptions).toEqual(level({ 1: 1, 2: 2, 3: 3, 4: 4 }));
    expect(metrics.paidSeats).toEqual(level({ 1: 1, 2: 4, 3: 9, 4: 10 }));
    const mrr = (seats: number) => Math.round((seats * SEAT_CENTS) / 12);
    expect(metrics.mrrCents).toEqual(level({ 1: mrr(1), 2: mrr(4), 3: mrr(9), 4: mrr(10) }));
    expect(metrics.cancellations).toEqual(on({}));
    expect(metrics.refunds).toEqual(on({}));
    expect(metrics.refundedCents).toEqual(on({}));
    expect(metrics.enterpriseSeatsSold).toEqual(on({}));
    expect(metrics.enterpriseSeatsUsed).toEqual(on({}));
    expect(metrics.activeDevices).toEqual(level({ 1: 1 }));
    expect(metrics.cancellationReasons).toEqual([]);
    expect(metrics.featureAdoption.deviceDays).toEqual(on({}));
  });
});
