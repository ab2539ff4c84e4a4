/**
 * The plugin's feature-usage report (docs/plugin-api.md, "Feature usage"). Shared by the Worker
 * and the reference client (scripts/license-client-core.ts), which checks every answer with these
 * schemas; the texts are in catalogue.ts (UsageReportMessages) and messages.ts.
 *
 * - POST /api/usage/report  UsageReportBody → UsageReportResponse, always 200 for a well-formed
 *   request whose days lie in the accepted window (rate-limited with the other plugin calls, 429
 *   TOO_MANY_ATTEMPTS). The plugin reads `status`: VALID (received, already received, or not
 *   stored because the customer turned sharing off: `usageReporting` says which), or, for a
 *   license that is not valid on the device, validate's own status. A day outside the window,
 *   a count over the cap or an unknown feature is 400 VALIDATION_FAILED with a plain message.
 */
import { z } from 'zod';
// Explicit .ts extensions: the reference client runs this file under plain Node (type stripping).
import {
  batchIdMaxLength,
  batchIdMinLength,
  featureSlugs,
  maxCountPerDay,
  maxEventsPerReport,
} from '../../config/feature-usage.ts';
import {
  deviceIdSchema,
  licenseCheckStatuses,
  licenseInfoSchema,
  licenseKeySchema,
} from './licensing.ts';
import { lazySchema } from './lazy.ts';

/** One command's uses on one day, already summed by the plugin. */
export const usageEventSchema = lazySchema(() => {
  const countText = maxCountPerDay.toLocaleString('en-US');
  return z.object({
    feature: z.enum(featureSlugs, {
      error: `Feature must be one of ${featureSlugs.join(', ')}.`,
    }),
    // zod's ISO date is a real calendar day (no 2026-02-30), and the document says so.
    day: z.iso.date({ error: 'Day must be a date written as YYYY-MM-DD.' }),
    count: z
      .number()
      .int('Count must be a whole number.')
      .min(0, 'Count must not be negative.')
      .max(maxCountPerDay, `Count must be at most ${countText} per feature and day.`),
  });
});
export type UsageEvent = z.infer<typeof usageEventSchema>;

export const usageReportBodySchema = lazySchema(() =>
  z.object({
    licenseKey: licenseKeySchema,
    deviceId: deviceIdSchema,
    /** Chosen by the plugin once per batch and sent again unchanged on every retry. */
    batchId: z
      .string()
      .min(
        batchIdMinLength,
        `Batch id must have ${batchIdMinLength} to ${batchIdMaxLength} characters.`,
      )
      .max(
        batchIdMaxLength,
        `Batch id must have ${batchIdMinLength} to ${batchIdMaxLength} characters.`,
      )
      .regex(/^[A-Za-z0-9._:-]+$/, 'Batch id may hold only letters, digits and . _ : -'),
    appVersion: z
      .string()
      .trim()
      .max(32)
      .regex(/^[0-9A-Za-z.+-]+$/)
      .optional(),
    events: z
      .array(usageEventSchema)
      .min(1, 'Events must hold at least one entry.')
      .max(maxEventsPerReport, `Events must hold at most ${maxEventsPerReport} entries.`),
  }),
);
export type UsageReportBody = z.infer<typeof usageReportBodySchema>;

export const usageReportResponseSchema = lazySchema(() =>
  z.object({
    status: z.enum(licenseCheckStatuses),
    message: z.string(),
    /** Present when VALID: whether to keep sending reports (false: the customer turned it off). */
    usageReporting: z.boolean().optional(),
    /** Present for a license that is not valid on this device, as validate answers it. */
    license: licenseInfoSchema.optional(),
  }),
);
export type UsageReportResponse = z.infer<typeof usageReportResponseSchema>;
