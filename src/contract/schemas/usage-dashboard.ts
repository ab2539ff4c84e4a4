/**
 * The dashboard's feature-usage calls (signed in): the period asked of
 * GET /api/usage/features and Account Settings' PATCH /api/account/usage-sharing body. The
 * answers are shapes in ../usage.ts.
 */
import { z } from 'zod';
import { usageRanges, type UsageRange } from '../../config/feature-usage.ts';
import { ApiMessages } from '../messages.ts';

/** `?days=30|90|365` (default 30). */
export const usageFeaturesQuerySchema = z.object({
  days: z
    .enum(usageRanges.map(String) as [string, ...string[]], {
      error: ApiMessages.usageRangeInvalid(usageRanges),
    })
    .default('30')
    .transform((days) => Number(days) as UsageRange),
});
export type UsageFeaturesQuery = z.output<typeof usageFeaturesQuerySchema>;

export const usageSharingBodySchema = z.object({
  shareUsage: z.boolean({ error: 'Share usage must be true or false.' }),
});
export type UsageSharingBody = z.infer<typeof usageSharingBodySchema>;
