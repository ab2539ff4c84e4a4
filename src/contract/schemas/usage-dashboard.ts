/**
 * The dashboard's feature-usage calls (signed in): the period asked of
 * GET /api/usage/features and Account Settings' PATCH /api/account/usage-sharing body. The
 * answers are zod schemas in ../api/dashboard-schemas.ts and ../api/account-schemas.ts.
 */
import { z } from 'zod';
import { usageRanges, type UsageRange } from '../../config/feature-usage.ts';
import { licensing } from '../../site.config.ts';
import { ApiMessages } from '../messages.ts';
import { plainName } from './names.ts';
import { lazySchema } from './lazy.ts';

/**
 * `?days=30|90|365` (default 30). Plain, not lazy: a declared route's query, whose fields the
 * OpenAPI generator reads (lazy.ts).
 */
export const usageFeaturesQuerySchema = z.object({
  days: z
    .enum(usageRanges.map(String) as [string, ...string[]], {
      error: ApiMessages.usageRangeInvalid(usageRanges),
    })
    .default('30')
    .transform((days) => Number(days) as UsageRange),
});
export type UsageFeaturesQuery = z.output<typeof usageFeaturesQuerySchema>;

export const usageSharingBodySchema = lazySchema(() =>
  z.object({
    shareUsage: z.boolean({ error: 'Share usage must be true or false.' }),
  }),
);
export type UsageSharingBody = z.infer<typeof usageSharingBodySchema>;

/** PATCH /api/devices/:id: the name the customer gives one of their devices on Usage & Sessions. */
export const deviceRenameSchema = lazySchema(() =>
  z.object({
    deviceName: plainName(
      z
        .string({ error: 'Please name the device.' })
        .trim()
        .min(1, 'Please name the device.')
        .max(
          licensing.deviceNameMaxLength,
          `A device name can be at most ${licensing.deviceNameMaxLength} characters.`,
        ),
    ),
  }),
);
export type DeviceRenameBody = z.infer<typeof deviceRenameSchema>;
