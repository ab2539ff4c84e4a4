/**
 * What the operator console's API answers (routes/admin.ts), as shapes the console islands check
 * (see shape.ts). The requests are zod schemas in schemas/admin-requests.ts (Worker only). Times are ISO
 * 8601 strings; money is in cents with its lower-case currency.
 */
import {
  array,
  boolean,
  integer,
  nullable,
  object,
  oneOf,
  optional,
  string,
  type Infer,
} from './shape.ts';
import { licenseEventViewSchema } from './usage.ts';
import { planLabels } from './user.ts';

/** What an operator can do to a customer (POST /api/admin/customers/:id/actions). */
export const customerActions = [
  'extend-license',
  'suspend-license',
  'reinstate-license',
  'revoke-license',
  'free-device',
  'reset-deactivations',
  'replace-key',
  'resend-license-mail',
  'sign-out-everywhere',
  'cancel-subscription',
  'resume-subscription',
  'refund-payment',
  'schedule-deletion',
  'restore-account',
] as const;
export type CustomerAction = (typeof customerActions)[number];

/** Every audited action: the customer actions and the console's own (inbox, money). */
export const auditActions = [
  ...customerActions,
  'handle-contact',
  'reply-contact',
  'add-note',
  'delete-note',
  'retry-refund',
  'retry-mail',
  'create-organization',
  'update-organization',
  'team-invite',
  'team-resend-invitation',
  'team-withdraw-invitation',
  'team-remove-member',
  'team-free-device',
  'team-transfer-ownership',
  // A customer's own change that moves money: the owner is the actor.
  'owner-add-seats',
  'owner-renewal-seats',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** GET /api/admin/session: who is operating, and until when without signing in again. */
export const operatorSchema = object({
  userId: string,
  email: string,
  customerName: string,
  /** When the session must sign in again to keep using the console. */
  freshUntil: string,
});
export type Operator = Infer<typeof operatorSchema>;

/** One customer found by the console's search. */
export const customerHitSchema = object({
  userId: string,
  email: string,
  customerName: string,
  plan: oneOf(planLabels),
  createdAt: string,
  isDeleted: boolean,
  /** What matched, e.g. "e-mail or name", "license key", "device name". */
  matchedBy: string,
});
export type CustomerHit = Infer<typeof customerHitSchema>;

/** GET /api/admin/search?q=…&cursor=…: newest first, a page at a time. */
export const searchResultsSchema = object({
  query: string,
  results: array(customerHitSchema),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: nullable(string),
});
export type SearchResults = Infer<typeof searchResultsSchema>;

export const licenseStatuses = ['active', 'expired', 'suspended', 'revoked'] as const;

export const adminLicenseSchema = object({
  id: string,
  licenseKey: string,
  plan: oneOf(planLabels),
  /** As stored. */
  status: oneOf(licenseStatuses),
  /** What the plugin is told now (an active license past its end date is expired). */
  effectiveStatus: oneOf(licenseStatuses),
  /** The customer's current license (the newest). */
  current: boolean,
  activatedAt: string,
  expiresAt: string,
  createdAt: string,
  /** Plugin devices allowed at once; null when the plan sets none (Enterprise: per agreement). */
  deviceLimit: nullable(integer),
  activeDevices: integer,
  deactivations: object({
    used: integer,
    max: integer,
    windowDays: integer,
    resetAt: nullable(string),
  }),
});
export type AdminLicense = Infer<typeof adminLicenseSchema>;

export const adminDeviceSchema = object({
  /** Our row id (for free-device). */
  id: string,
  licenseId: string,
  deviceId: string,
  deviceName: string,
  appVersion: nullable(string),
  activatedAt: string,
  lastSeenAt: string,
  deactivatedAt: nullable(string),
});
export type AdminDevice = Infer<typeof adminDeviceSchema>;

export const adminSessionSchema = object({
  id: string,
  createdAt: string,
  lastUsedAt: string,
  expiresAt: string,
  /** Readable, e.g. "Chrome on Windows". */
  device: string,
  ip: nullable(string),
  revokedAt: nullable(string),
  /** Not revoked and not expired. */
  live: boolean,
});
export type AdminSession = Infer<typeof adminSessionSchema>;

export const adminSubscriptionSchema = object({
  stripeCustomerId: string,
  stripeSubscriptionId: string,
  status: oneOf(['active', 'past_due', 'cancelling', 'canceled']),
  currentPeriodEnd: nullable(string),
  cancelAtPeriodEnd: boolean,
  createdAt: string,
});
export type AdminSubscription = Infer<typeof adminSubscriptionSchema>;

export const adminInvoiceSchema = object({
  id: string,
  number: nullable(string),
  amountPaid: integer,
  currency: string,
  status: string,
  created: string,
  hostedInvoiceUrl: nullable(string),
  /** Whom it was billed to (the company, else the person) and their tax ID, as invoiced. */
  billedTo: nullable(string),
  taxId: nullable(string),
  refund: nullable(
    object({
      status: oneOf(['pending', 'refunded', 'failed']),
      amount: nullable(integer),
      refundedAt: nullable(string),
      error: nullable(string),
    }),
  ),
});
export type AdminInvoice = Infer<typeof adminInvoiceSchema>;

/** An automatic refund of a payment we could not apply (docs/operating.md, "Refunds
 * and the money page"). */
export const automaticRefundSchema = object({
  id: string,
  reason: string,
  status: oneOf(['pending', 'refunded', 'failed']),
  amount: nullable(integer),
  currency: nullable(string),
  email: string,
  userId: nullable(string),
  stripeSubscriptionId: string,
  checkoutSessionId: nullable(string),
  attempts: integer,
  lastError: nullable(string),
  createdAt: string,
  refundedAt: nullable(string),
});
export type AutomaticRefund = Infer<typeof automaticRefundSchema>;

export const mailStatuses = ['queued', 'sending', 'sent', 'failed', 'dead'] as const;

export const adminMailSchema = object({
  id: string,
  to: string,
  subject: string,
  tag: string,
  status: oneOf(mailStatuses),
  attempts: integer,
  lastError: nullable(string),
  createdAt: string,
  sentAt: nullable(string),
});
export type AdminMail = Infer<typeof adminMailSchema>;

export const trialMatchSchema = object({
  kind: oneOf(['email', 'google', 'fingerprint']),
  /** The value itself for e-mails; shortened for Google ids and fingerprints. */
  value: string,
  userId: string,
  /** The trial this account itself claimed (otherwise: another account's, same identity). */
  thisAccount: boolean,
  createdAt: string,
});
export type TrialMatch = Infer<typeof trialMatchSchema>;

/** An operator's e-mail reply to a contact message. */
export const contactReplySchema = object({
  id: string,
  text: string,
  createdAt: string,
  operatorEmail: string,
});
export type ContactReplyView = Infer<typeof contactReplySchema>;

export const contactMessageSchema = object({
  id: string,
  name: string,
  email: string,
  message: string,
  createdAt: string,
  status: oneOf(['new', 'handled']),
  handledAt: nullable(string),
  handledBy: nullable(string),
  handledNote: nullable(string),
  /** The account with the sender's address, if any. */
  userId: nullable(string),
  /** The replies sent from the inbox, oldest first. */
  replies: array(contactReplySchema),
});
export type ContactMessageView = Infer<typeof contactMessageSchema>;

export const auditEntrySchema = object({
  id: string,
  createdAt: string,
  operatorId: string,
  operatorEmail: string,
  userId: nullable(string),
  /**
   * The customer's name and e-mail as they are now (the audit log page); null where the page
   * shows one customer only, or the account was purged.
   */
  customerName: optional(nullable(string)),
  customerEmail: optional(nullable(string)),
  action: oneOf(auditActions),
  subject: string,
  reason: string,
  /** JSON text of the values before and after. */
  before: string,
  after: string,
});
export type AuditEntry = Infer<typeof auditEntrySchema>;

/** An operator's internal note on a customer; the customer never sees it. */
export const customerNoteSchema = object({
  id: string,
  text: string,
  createdAt: string,
  authorId: string,
  /** The author's e-mail when they wrote it, and their name now (empty when unknown). */
  authorEmail: string,
  authorName: string,
  /** Written by the operator asking: only they may delete it. */
  mine: boolean,
});
export type CustomerNote = Infer<typeof customerNoteSchema>;

/** GET /api/admin/customers/:id: everything about one customer. */
export const customerDetailSchema = object({
  account: object({
    id: string,
    email: string,
    customerName: string,
    plan: oneOf(planLabels),
    createdAt: string,
    /** Every account proved its address (code or Google) before it was created. */
    verified: boolean,
    googleLinked: boolean,
    hasPassword: boolean,
    role: nullable(oneOf(['admin'])),
    isDeleted: boolean,
    deletedAt: nullable(string),
    /** When the cron purges a deleted account (the end of the restore window). */
    purgeAt: nullable(string),
    purgedAt: nullable(string),
  }),
  /** Newest first; the first is the current one. */
  licenses: array(adminLicenseSchema),
  /** Active first, then freed ones, newest first. */
  devices: array(adminDeviceSchema),
  /** Activations, deactivations and replacements, newest first. */
  activations: array(licenseEventViewSchema),
  sessions: array(adminSessionSchema),
  subscriptions: array(adminSubscriptionSchema),
  invoices: array(adminInvoiceSchema),
  automaticRefunds: array(automaticRefundSchema),
  mails: array(adminMailSchema),
  trialMatches: array(trialMatchSchema),
  contactMessages: array(contactMessageSchema),
  audit: array(auditEntrySchema),
  /** Operators' internal notes, newest first. */
  notes: array(customerNoteSchema),
  /** The Enterprise organizations the account owns or is a member of. */
  organizations: array(object({ id: string, name: string, owner: boolean, member: boolean })),
});
export type CustomerDetail = Infer<typeof customerDetailSchema>;

/** The answer to every customer action: what happened, and the page to redraw. */
export const customerActionResultSchema = object({
  message: string,
  detail: customerDetailSchema,
});
export type CustomerActionResult = Infer<typeof customerActionResultSchema>;

/** GET /api/admin/inbox?status=new|handled&cursor=… */
export const inboxSchema = object({
  messages: array(contactMessageSchema),
  nextCursor: nullable(string),
  newCount: integer,
});
export type Inbox = Infer<typeof inboxSchema>;

/** A webhook event we could not apply (its handler failed; Stripe retries it). */
export const failedWebhookSchema = object({
  id: string,
  type: string,
  objectId: nullable(string),
  error: string,
  attempts: integer,
  firstFailedAt: string,
  lastFailedAt: string,
});
export type FailedWebhook = Infer<typeof failedWebhookSchema>;

/** GET /api/admin/money: what needs an operator's attention. */
export const moneyOverviewSchema = object({
  automaticRefunds: array(automaticRefundSchema),
  operatorRefunds: array(
    object({
      invoice: adminInvoiceSchema,
      userId: string,
      email: string,
    }),
  ),
  failedWebhooks: array(failedWebhookSchema),
  deadMails: array(adminMailSchema),
});
export type MoneyOverview = Infer<typeof moneyOverviewSchema>;

/** The answer to a retry on the money page: what happened, and the page to redraw. */
export const moneyActionResultSchema = object({
  message: string,
  money: moneyOverviewSchema,
});
export type MoneyActionResult = Infer<typeof moneyActionResultSchema>;

/** GET /api/admin/audit?operator=…&customer=…&action=…&cursor=… */
export const auditPageSchema = object({
  entries: array(auditEntrySchema),
  nextCursor: nullable(string),
});
export type AuditPage = Infer<typeof auditPageSchema>;
