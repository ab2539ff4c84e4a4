/**
 * The answers whose domain types src/contract/admin.ts names, described once: these zod schemas are
 * what the Worker's answers are typed by, what the published API states, and what
 * `npm run openapi` turns into the islands' checks (src/generated/answers/). Worker and
 * contract only: no island imports this (no zod in the browser).
 */
import { z } from 'zod';
import { lazySchema } from '../schemas/lazy';
import { auditActions, licenseStatuses, mailStatuses } from '../admin';
import { planLabels } from '../user';
import { licenseEventViewSchema } from './dashboard-schemas';

/** GET /api/admin/session: who is operating, and until when without signing in again. */
export const operatorSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    email: z.string(),
    customerName: z.string(),
    /** When the session must sign in again to keep using the console. */
    freshUntil: z.string(),
  }),
);

/** One customer found by the console's search. */
export const customerHitSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    email: z.string(),
    customerName: z.string(),
    plan: z.enum(planLabels),
    createdAt: z.string(),
    isDeleted: z.boolean(),
    /** What matched, e.g. "e-mail or name", "license key", "device name". */
    matchedBy: z.string(),
  }),
);

/** GET /api/admin/search?q=…&cursor=…: newest first, a page at a time. */
export const searchResultsSchema = lazySchema(() =>
  z.object({
    query: z.string(),
    results: z.array(customerHitSchema),
    /** Pass as `cursor` for the next page; null on the last. */
    nextCursor: z.nullable(z.string()),
  }),
);

export const adminLicenseSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    licenseKey: z.string(),
    plan: z.enum(planLabels),
    /** As stored. */
    status: z.enum(licenseStatuses),
    /** What the plugin is told now (an active license past its end date is expired). */
    effectiveStatus: z.enum(licenseStatuses),
    /** The customer's current license (the newest). */
    current: z.boolean(),
    activatedAt: z.string(),
    expiresAt: z.string(),
    createdAt: z.string(),
    /** Plugin devices allowed at once; null when the plan sets none (Enterprise: per agreement). */
    deviceLimit: z.nullable(z.int()),
    activeDevices: z.int(),
    deactivations: z.object({
      used: z.int(),
      max: z.int(),
      windowDays: z.int(),
      resetAt: z.nullable(z.string()),
    }),
  }),
);

export const adminDeviceSchema = lazySchema(() =>
  z.object({
    /** Our row id (for free-device). */
    id: z.string(),
    licenseId: z.string(),
    deviceId: z.string(),
    deviceName: z.string(),
    appVersion: z.nullable(z.string()),
    activatedAt: z.string(),
    lastSeenAt: z.string(),
    deactivatedAt: z.nullable(z.string()),
  }),
);

export const adminSessionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string(),
    expiresAt: z.string(),
    /** Readable, e.g. "Chrome on Windows". */
    device: z.string(),
    ip: z.nullable(z.string()),
    revokedAt: z.nullable(z.string()),
    /** Not revoked and not expired. */
    live: z.boolean(),
  }),
);

export const adminSubscriptionSchema = lazySchema(() =>
  z.object({
    stripeCustomerId: z.string(),
    stripeSubscriptionId: z.string(),
    status: z.enum(['active', 'past_due', 'cancelling', 'canceled']),
    currentPeriodEnd: z.nullable(z.string()),
    cancelAtPeriodEnd: z.boolean(),
    createdAt: z.string(),
  }),
);

export const adminInvoiceSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    number: z.nullable(z.string()),
    amountPaid: z.int(),
    currency: z.string(),
    status: z.string(),
    created: z.string(),
    hostedInvoiceUrl: z.nullable(z.string()),
    /** Whom it was billed to (the company, else the person) and their tax ID, as invoiced. */
    billedTo: z.nullable(z.string()),
    taxId: z.nullable(z.string()),
    refund: z.nullable(
      z.object({
        status: z.enum(['pending', 'refunded', 'failed']),
        amount: z.nullable(z.int()),
        refundedAt: z.nullable(z.string()),
        error: z.nullable(z.string()),
      }),
    ),
  }),
);

/** An automatic refund of a payment we could not apply (docs/operating.md, "Refunds
 * and the money page"). */
export const automaticRefundSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    reason: z.string(),
    status: z.enum(['pending', 'refunded', 'failed']),
    amount: z.nullable(z.int()),
    currency: z.nullable(z.string()),
    email: z.string(),
    userId: z.nullable(z.string()),
    stripeSubscriptionId: z.string(),
    checkoutSessionId: z.nullable(z.string()),
    attempts: z.int(),
    lastError: z.nullable(z.string()),
    createdAt: z.string(),
    refundedAt: z.nullable(z.string()),
  }),
);

export const adminMailSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    tag: z.string(),
    status: z.enum(mailStatuses),
    attempts: z.int(),
    lastError: z.nullable(z.string()),
    createdAt: z.string(),
    sentAt: z.nullable(z.string()),
  }),
);

export const trialMatchSchema = lazySchema(() =>
  z.object({
    kind: z.enum(['email', 'google', 'fingerprint']),
    /** The value itself for e-mails; shortened for Google ids and fingerprints. */
    value: z.string(),
    userId: z.string(),
    /** The trial this account itself claimed (otherwise: another account's, same identity). */
    thisAccount: z.boolean(),
    createdAt: z.string(),
  }),
);

/** An operator's e-mail reply to a contact message. */
export const contactReplySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    text: z.string(),
    createdAt: z.string(),
    operatorEmail: z.string(),
  }),
);

export const contactMessageSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    createdAt: z.string(),
    status: z.enum(['new', 'handled']),
    handledAt: z.nullable(z.string()),
    handledBy: z.nullable(z.string()),
    handledNote: z.nullable(z.string()),
    /** The account with the sender's address, if any. */
    userId: z.nullable(z.string()),
    /** The replies sent from the inbox, oldest first. */
    replies: z.array(contactReplySchema),
  }),
);

export const auditEntrySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    createdAt: z.string(),
    operatorId: z.string(),
    operatorEmail: z.string(),
    userId: z.nullable(z.string()),
    /**
     * The customer's name and e-mail as they are now (the audit log page); null where the page
     * shows one customer only, or the account was purged.
     */
    customerName: z.optional(z.nullable(z.string())),
    customerEmail: z.optional(z.nullable(z.string())),
    action: z.enum(auditActions),
    subject: z.string(),
    reason: z.string(),
    /** JSON text of the values before and after. */
    before: z.string(),
    after: z.string(),
  }),
);

/** An operator's internal note on a customer; the customer never sees it. */
export const customerNoteSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    text: z.string(),
    createdAt: z.string(),
    authorId: z.string(),
    /** The author's e-mail when they wrote it, and their name now (empty when unknown). */
    authorEmail: z.string(),
    authorName: z.string(),
    /** Written by the operator asking: only they may delete it. */
    mine: z.boolean(),
  }),
);

/** GET /api/admin/customers/:id: everything about one customer. */
export const customerDetailSchema = lazySchema(() =>
  z.object({
    account: z.object({
      id: z.string(),
      email: z.string(),
      customerName: z.string(),
      plan: z.enum(planLabels),
      createdAt: z.string(),
      /** Every account proved its address (code or Google) before it was created. */
      verified: z.boolean(),
      googleLinked: z.boolean(),
      hasPassword: z.boolean(),
      role: z.nullable(z.enum(['admin'])),
      isDeleted: z.boolean(),
      deletedAt: z.nullable(z.string()),
      /** When the cron purges a deleted account (the end of the restore window). */
      purgeAt: z.nullable(z.string()),
      purgedAt: z.nullable(z.string()),
    }),
    /** Newest first; the first is the current one. */
    licenses: z.array(adminLicenseSchema),
    /** Active first, then freed ones, newest first. */
    devices: z.array(adminDeviceSchema),
    /** Activations, deactivations and replacements, newest first. */
    activations: z.array(licenseEventViewSchema),
    sessions: z.array(adminSessionSchema),
    subscriptions: z.array(adminSubscriptionSchema),
    invoices: z.array(adminInvoiceSchema),
    automaticRefunds: z.array(automaticRefundSchema),
    mails: z.array(adminMailSchema),
    trialMatches: z.array(trialMatchSchema),
    contactMessages: z.array(contactMessageSchema),
    audit: z.array(auditEntrySchema),
    /** Operators' internal notes, newest first. */
    notes: z.array(customerNoteSchema),
    /** The Enterprise organizations the account owns or is a member of. */
    organizations: z.array(
      z.object({ id: z.string(), name: z.string(), owner: z.boolean(), member: z.boolean() }),
    ),
  }),
);

/** The answer to every customer action: what happened, and the page to redraw. */
export const customerActionResultSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    detail: customerDetailSchema,
  }),
);

/** GET /api/admin/inbox?status=new|handled&cursor=… */
export const inboxSchema = lazySchema(() =>
  z.object({
    messages: z.array(contactMessageSchema),
    nextCursor: z.nullable(z.string()),
    newCount: z.int(),
  }),
);

/** A webhook event we could not apply (its handler failed; Stripe retries it). */
export const failedWebhookSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.string(),
    objectId: z.nullable(z.string()),
    error: z.string(),
    attempts: z.int(),
    firstFailedAt: z.string(),
    lastFailedAt: z.string(),
  }),
);

/** GET /api/admin/money: what needs an operator's attention. */
export const moneyOverviewSchema = lazySchema(() =>
  z.object({
    automaticRefunds: z.array(automaticRefundSchema),
    operatorRefunds: z.array(
      z.object({
        invoice: adminInvoiceSchema,
        userId: z.string(),
        email: z.string(),
      }),
    ),
    failedWebhooks: z.array(failedWebhookSchema),
    deadMails: z.array(adminMailSchema),
  }),
);

/** The answer to a retry on the money page: what happened, and the page to redraw. */
export const moneyActionResultSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    money: moneyOverviewSchema,
  }),
).meta({ id: 'MoneyActionAnswer' });

/** GET /api/admin/audit?operator=…&customer=…&action=…&cursor=… */
export const auditPageSchema = lazySchema(() =>
  z.object({
    entries: z.array(auditEntrySchema),
    nextCursor: z.nullable(z.string()),
  }),
);
