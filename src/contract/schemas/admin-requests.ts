/**
 * Request bodies and queries of the operator console's API (routes/admin.ts), validated by the
 * Worker at the route edge. Server only (the console islands send what their forms hold).
 */
import { z } from 'zod';
import { metricRanges } from '../admin-metrics';
import { auditActions } from '../admin';
import { limits } from '../../site.config';
import { lazySchema } from './lazy';

/** Every action needs a reason: it is kept in the audit log. */
const reason = lazySchema(() =>
  z
    .string()
    .trim()
    .min(3, 'Give a reason (at least 3 characters); it is kept in the audit log.')
    .max(500),
);
const id = lazySchema(() => z.string().trim().min(1).max(128));

export const customerActionSchema = lazySchema(() =>
  z.discriminatedUnion('action', [
    z.object({
      action: z.literal('extend-license'),
      reason,
      licenseId: id,
      days: z
        .number()
        .int('Days must be a whole number.')
        .min(1, 'Extend by at least 1 day.')
        .max(3650, 'Extend by at most 3650 days.'),
    }),
    z.object({ action: z.literal('suspend-license'), reason, licenseId: id }),
    z.object({ action: z.literal('reinstate-license'), reason, licenseId: id }),
    z.object({ action: z.literal('revoke-license'), reason, licenseId: id }),
    z.object({ action: z.literal('free-device'), reason, deviceRowId: id }),
    z.object({ action: z.literal('reset-deactivations'), reason, licenseId: id }),
    z.object({ action: z.literal('replace-key'), reason, licenseId: id }),
    z.object({ action: z.literal('resend-license-mail'), reason }),
    z.object({ action: z.literal('sign-out-everywhere'), reason }),
    z.object({
      action: z.literal('cancel-subscription'),
      reason,
      when: z.enum(['period-end', 'now'], {
        error: 'Choose when the subscription ends: at the end of the paid period or now.',
      }),
    }),
    z.object({ action: z.literal('resume-subscription'), reason }),
    z.object({
      action: z.literal('refund-payment'),
      reason,
      invoiceId: id,
      /** Also end the customer's subscription now, and its Standard license with it. */
      cancelSubscription: z.boolean().optional(),
    }),
    z.object({ action: z.literal('schedule-deletion'), reason }),
    z.object({ action: z.literal('restore-account'), reason }),
  ]),
);
export type CustomerActionBody = z.infer<typeof customerActionSchema>;

/** The money page's retries (a refund, an e-mail): only the reason, kept in the audit log. */
export const moneyRetrySchema = lazySchema(() => z.object({ reason }));

/** GET /api/admin/metrics */
export const metricsQuerySchema = lazySchema(() =>
  z.object({
    range: z.enum(metricRanges, { error: 'Choose a range: 7d, 30d, 90d or 12m.' }).default('30d'),
  }),
);

/** GET /api/admin/search */
export const searchQuerySchema = lazySchema(() =>
  z.object({
    q: z.string().max(200, 'The search is too long (200 characters at most).'),
    cursor: z.string().max(400).optional(),
  }),
);

/** A day of the audit log's date filters (UTC), as a date field sends it. */
const day = lazySchema(() => z.iso.date({ error: 'Give dates as YYYY-MM-DD.' }));

/** GET /api/admin/audit */
export const auditQuerySchema = lazySchema(() =>
  z.object({
    operator: id.optional(),
    customer: id.optional(),
    action: z.enum(auditActions).optional(),
    /** From the start of this day, through the end of `to` (both UTC, both optional). */
    from: day.optional(),
    to: day.optional(),
    cursor: z.string().max(200).optional(),
  }),
);

/** GET /api/admin/inbox */
export const inboxQuerySchema = lazySchema(() =>
  z.object({
    status: z.enum(['new', 'handled']).default('new'),
    cursor: z.string().max(200).optional(),
  }),
);

/** POST /api/admin/inbox/:id/handle: the note is the audit row's reason. */
export const handleContactSchema = lazySchema(() =>
  z.object({
    note: z
      .string()
      .trim()
      .min(3, 'Write a short note (at least 3 characters) on how it was handled.')
      .max(2000),
  }),
);

/** POST /api/admin/customers/:id/notes: an internal note, kept until deleted or the purge. */
export const customerNoteRequestSchema = lazySchema(() =>
  z.object({
    text: z
      .string({ error: 'Write the note first.' })
      .trim()
      .min(1, 'Write the note first: it is empty.')
      .max(
        limits.customerNoteMaxLength,
        `A note holds ${limits.customerNoteMaxLength.toLocaleString('en-US')} characters at most.`,
      ),
  }),
);

/**
 * POST /api/admin/inbox/:id/reply. `replyId` is made by the console when the reply form opens:
 * sending the same reply twice (a double click, a retry after no answer) e-mails it once.
 */
export const contactReplyRequestSchema = lazySchema(() =>
  z.object({
    replyId: z.uuid({ error: 'The reply has no valid id. Reload the inbox and try again.' }),
    text: z
      .string({ error: 'Write the reply first.' })
      .trim()
      .min(1, 'Write the reply first: it is empty.')
      .max(
        limits.contactReplyMaxLength,
        `A reply holds ${limits.contactReplyMaxLength.toLocaleString('en-US')} characters at most.`,
      ),
  }),
);
