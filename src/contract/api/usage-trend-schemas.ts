/**
 * The usage-trend answer (../usage-trend.ts says what it is for). The islands check it with the
 * check `npm run openapi` generates from this schema. Worker and contract only.
 */
import { z } from 'zod';
import { lazySchema } from '../schemas/lazy';
import { trendUnits } from '../usage-trend';

export const usageTrendSchema = lazySchema(() =>
  z.object({
    days: z.int(),
    /** `YYYY-MM-DD`: the first point's first day and today (UTC). */
    from: z.string(),
    to: z.string(),
    /** The unit of the points: days (30 days) or weeks (90 and 365 days). */
    unit: z.enum(['day', 'week']),
    /**
     * The points, oldest first, each with its first and last day (`YYYY-MM-DD`, inclusive): days,
     * or weeks from Monday to Sunday cut at the period's ends; where only monthly counts are kept
     * (days older than 90, for an account or a team), whole months.
     */
    points: z.array(z.object({ from: z.string(), to: z.string(), unit: z.enum(trendUnits) })),
    /** Every command, most used in the period first (then most used in the last 30 days). */
    commands: z.array(
      z.object({
        /** The command's slug, as the plugin reports it. */
        slug: z.string(),
        /** Uses over the period: the sum of `counts`. */
        uses: z.int(),
        /** Uses per point, in the order of `points`. */
        counts: z.array(z.int()),
        /** Uses in the last 30 days, today included, and in the 30 days before those. */
        last30: z.int(),
        previous30: z.int(),
        /** `last30` against `previous30` in whole percent; null when `previous30` is 0. */
        changePercent: z.int().nullable(),
      }),
    ),
    /** The two 30-day windows the change compares (`YYYY-MM-DD`, inclusive). */
    change: z.object({
      from: z.string(),
      to: z.string(),
      previousFrom: z.string(),
      previousTo: z.string(),
    }),
  }),
);
