/**
 * The queries of the usage-trend calls: the period (`?days=30|90|365`, default 30, as
 * GET /api/usage/features takes it) and, for the account's own trend, one device (`?device=`,
 * the plugin's machine id; all the account's devices when left out). The answers are shapes in
 * ../usage-trend.ts.
 */
import { z } from 'zod';
import { usageFeaturesQuerySchema } from './usage-dashboard.ts';

/** `?days=`: plain, not lazy, as a declared route's query must be (lazy.ts). */
export const trendQuerySchema = usageFeaturesQuerySchema;

/** `?days=` and `?device=`. */
export const accountTrendQuerySchema = usageFeaturesQuerySchema.extend({
  device: z
    .string()
    .trim()
    .min(1, 'Device must be a device id.')
    .max(128, 'Device must be a device id.')
    .regex(/^[A-Za-z0-9._:-]+$/, 'Device must be a device id.')
    .optional(),
});
export type AccountTrendQuery = z.output<typeof accountTrendQuerySchema>;
