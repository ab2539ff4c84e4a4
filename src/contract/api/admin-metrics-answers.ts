/**
 * The answers whose domain types src/contract/admin-metrics.ts names, described once: these zod schemas are
 * what the Worker's answers are typed by, what the published API states, and what
 * `npm run openapi` turns into the islands' checks (src/generated/answers/). Worker and
 * contract only: no island imports this (no zod in the browser).
 */
import { z } from 'zod';
import { lazySchema } from '../schemas/lazy';
import { metricRanges } from '../admin-metrics';

export const businessMetricsSchema = lazySchema(() =>
  z.object({
    range: z.enum(metricRanges),
    /** Each period: its start and end (ms, end excluded) and a short label ("Mar 4", "Mar 2026"). */
    periods: z.array(z.object({ start: z.int(), end: z.int(), label: z.string() })),
    /** Counts of events within each period. */
    trialsStarted: z.array(z.int()),
    /**
     * Accounts whose trial became paid, at the first moment it did: a subscription (an upgrade in
     * place or a team bought), a team organization owned, or an organization joined.
     */
    trialConversions: z.array(z.int()),
    cancellations: z.array(z.int()),
    refunds: z.array(z.int()),
    /** Cents refunded within each period. */
    refundedCents: z.array(z.int()),
    /** Levels at the end of each period. */
    activeSubscriptions: z.array(z.int()),
    /** Seats of the paying subscriptions (a personal license is 1), at today's seats. */
    paidSeats: z.array(z.int()),
    /** Monthly recurring revenue at the end of each period, cents: seats × yearly price / 12. */
    mrrCents: z.array(z.int()),
    enterpriseSeatsSold: z.array(z.int()),
    enterpriseSeatsUsed: z.array(z.int()),
    activeDevices: z.array(z.int()),
    /** Of the trials started in the range, how many have become paid since. */
    cohort: z.object({ trialsStarted: z.int(), converted: z.int() }),
    /** What customers who cancelled in the range said, newest first (at most 20). */
    cancellationReasons: z.array(z.object({ at: z.int(), reason: z.string() })),
    /** Devices active and seen in the last 30 days, by the plugin version they last reported. */
    pluginVersions: z.array(z.object({ version: z.nullable(z.string()), devices: z.int() })),
    /**
     * The plugin's commands in use, from the product's daily totals: per period, the devices that
     * used any command (summed over the period's days: device-days), and per command (in
     * `featureUsage.features` order) its uses and the devices that used it, the same way.
     */
    featureAdoption: z.object({
      deviceDays: z.array(z.int()),
      features: z.array(
        z.object({ slug: z.string(), uses: z.array(z.int()), deviceDays: z.array(z.int()) }),
      ),
    }),
    currency: z.string(),
  }),
);
