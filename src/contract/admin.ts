/**
 * What the operator console's API answers (routes/admin.ts): zod schemas in api/admin-answers.ts,
 * checked by src/generated/answers/. The requests are zod schemas in
 * schemas/admin-requests.ts (Worker only). Times are ISO 8601 strings; money is in cents with its lower-case currency.
 */
import type { ActOnCustomerAnswer } from '../generated/answers/ActOnCustomerAnswer';
import type { GetCustomerAnswer } from '../generated/answers/GetCustomerAnswer';
import type { GetMoneyOverviewAnswer } from '../generated/answers/GetMoneyOverviewAnswer';
import type { GetOperatorAnswer } from '../generated/answers/GetOperatorAnswer';
import type { ListAuditLogAnswer } from '../generated/answers/ListAuditLogAnswer';
import type { ListContactMessagesAnswer } from '../generated/answers/ListContactMessagesAnswer';
import type { MoneyActionAnswer } from '../generated/answers/MoneyActionAnswer';
import type { SearchCustomersAnswer } from '../generated/answers/SearchCustomersAnswer';

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
export type Operator = GetOperatorAnswer;

/** One customer found by the console's search. */
export type CustomerHit = SearchCustomersAnswer['results'][number];

/** GET /api/admin/search?q=…&cursor=…: newest first, a page at a time. */
export type SearchResults = SearchCustomersAnswer;

export const licenseStatuses = ['active', 'expired', 'suspended', 'revoked'] as const;

export type AdminLicense = GetCustomerAnswer['licenses'][number];

export type AdminDevice = GetCustomerAnswer['devices'][number];

export type AdminSession = GetCustomerAnswer['sessions'][number];

export type AdminSubscription = GetCustomerAnswer['subscriptions'][number];

export type AdminInvoice = GetCustomerAnswer['invoices'][number];

/** An automatic refund of a payment we could not apply (docs/operating.md, "Refunds
 * and the money page"). */
export type AutomaticRefund = GetCustomerAnswer['automaticRefunds'][number];

export const mailStatuses = ['queued', 'sending', 'sent', 'failed', 'dead'] as const;

export type AdminMail = GetCustomerAnswer['mails'][number];

export type TrialMatch = GetCustomerAnswer['trialMatches'][number];

/** An operator's e-mail reply to a contact message. */
export type ContactReplyView = ContactMessageView['replies'][number];

export type ContactMessageView = ListContactMessagesAnswer['messages'][number];

export type AuditEntry = ListAuditLogAnswer['entries'][number];

/** An operator's internal note on a customer; the customer never sees it. */
export type CustomerNote = GetCustomerAnswer['notes'][number];

/** GET /api/admin/customers/:id: everything about one customer. */
export type CustomerDetail = GetCustomerAnswer;

/** The answer to every customer action: what happened, and the page to redraw. */
export type CustomerActionResult = ActOnCustomerAnswer;

/** GET /api/admin/inbox?status=new|handled&cursor=… */
export type Inbox = ListContactMessagesAnswer;

/** A webhook event we could not apply (its handler failed; Stripe retries it). */
export type FailedWebhook = GetMoneyOverviewAnswer['failedWebhooks'][number];

/** GET /api/admin/money: what needs an operator's attention. */
export type MoneyOverview = GetMoneyOverviewAnswer;

/** The answer to a retry on the money page: what happened, and the page to redraw. */
export type MoneyActionResult = MoneyActionAnswer;

/** GET /api/admin/audit?operator=…&customer=…&action=…&cursor=… */
export type AuditPage = ListAuditLogAnswer;
