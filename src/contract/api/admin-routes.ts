/**
 * The operator console's calls, declared once: the Worker mounts its handlers on these
 * (functions/routes/admin.ts, admin-money.ts, admin-organizations.ts) and the OpenAPI document
 * (document.ts) publishes them. Every call needs an operator's session (`operatorSession`), and
 * every change a recent proof of the operator's strongest factor and a reason, kept in the audit
 * log. Paths are relative to `/api`.
 */
import { z } from '@hono/zod-openapi';
import type { ErrorCode } from '../catalogue';
import {
  auditQuerySchema,
  contactReplyRequestSchema,
  customerActionSchema,
  customerNoteRequestSchema,
  handleContactSchema,
  inboxQuerySchema,
  metricsQuerySchema,
  moneyRetrySchema,
  searchQuerySchema,
} from '../schemas/admin-requests';
import {
  createOrganizationSchema,
  operatorTeamActionSchema,
  organizationQuerySchema,
  updateOrganizationSchema,
} from '../schemas/team-requests';
import { operatorReadErrors, operatorSession, operatorWriteErrors } from './access';
import {
  auditPageSchema,
  customerActionResultSchema,
  customerDetailSchema,
  inboxSchema,
  moneyActionResultSchema,
  moneyOverviewSchema,
  operatorSchema,
  searchResultsSchema,
} from './admin-answers';
import { businessMetricsSchema } from './admin-metrics-answers';
import {
  organizationActionResultSchema,
  organizationCreatedSchema,
  organizationDetailSchema,
  organizationListSchema,
} from './admin-organizations-answers';
import {
  bodyErrors,
  declareRoute,
  errorAnswers,
  jsonAnswer,
  jsonRequest,
  lazyParameters,
} from './describe';
import { messageResponseSchema } from './account-schemas';

/** Plain, not lazy: the OpenAPI generator reads a parameter schema's fields (schemas/lazy.ts). */
const idParam = z.object({ id: z.string() });
const noteParams = z.object({ id: z.string(), noteId: z.string() });
/** A console change with a body (its reason included). */
const changeErrors: readonly ErrorCode[] = [...bodyErrors, ...operatorWriteErrors];
const pdf = {
  description: 'The invoice.',
  content: { 'application/pdf': { schema: { type: 'string' as const, format: 'binary' } } },
};

const customerTags = ['Console: customers'];

export const operatorRoute = declareRoute({
  method: 'get',
  path: '/admin/session',
  operationId: 'getOperator',
  tags: customerTags,
  summary: 'The operator signed in',
  description: 'Who is signed in to the console, and until when their sign-in counts as fresh.',
  security: operatorSession,
  get responses() {
    return {
      200: jsonAnswer(operatorSchema, 'The operator.'),
      ...errorAnswers(...operatorReadErrors),
    };
  },
});

export const metricsRoute = declareRoute({
  method: 'get',
  path: '/admin/metrics',
  operationId: 'getBusinessMetrics',
  tags: customerTags,
  summary: 'The business in figures',
  description:
    'Trials, conversions, cancellations, refunds, recurring revenue, seats, devices and plugin versions per period of the `range`.',
  security: operatorSession,
  request: { query: lazyParameters(metricsQuerySchema) },
  get responses() {
    return {
      200: jsonAnswer(businessMetricsSchema, 'The figures.'),
      ...errorAnswers(...operatorReadErrors, 'VALIDATION_FAILED'),
    };
  },
});

export const searchRoute = declareRoute({
  method: 'get',
  path: '/admin/search',
  operationId: 'searchCustomers',
  tags: customerTags,
  summary: 'Find customers',
  description:
    'Customers whose e-mail, name, license key, device or payment ids match `q`, a page at a time (`cursor` from `nextCursor`).',
  security: operatorSession,
  request: { query: lazyParameters(searchQuerySchema) },
  get responses() {
    return {
      200: jsonAnswer(searchResultsSchema, 'The matches.'),
      ...errorAnswers(...operatorReadErrors, 'VALIDATION_FAILED'),
    };
  },
});

export const customerRoute = declareRoute({
  method: 'get',
  path: '/admin/customers/{id}',
  operationId: 'getCustomer',
  tags: customerTags,
  summary: 'Everything about a customer',
  description:
    'The account, its licenses, devices, sessions, subscriptions, invoices, refunds, e-mails, organizations, messages, notes and audit trail.',
  security: operatorSession,
  request: { params: idParam },
  get responses() {
    return {
      200: jsonAnswer(customerDetailSchema, 'The customer.'),
      ...errorAnswers(...operatorReadErrors, 'NOT_FOUND'),
    };
  },
});

export const customerActionRoute = declareRoute({
  method: 'post',
  path: '/admin/customers/{id}/actions',
  operationId: 'actOnCustomer',
  tags: customerTags,
  summary: 'Act on a customer',
  description:
    "One support action (`action`: extend, suspend, reinstate or revoke a license, free a device, reset deactivations, replace a key, refund, cancel or resume a subscription, …) with its reason; answers the customer's page again.",
  security: operatorSession,
  request: { params: idParam, ...jsonRequest(customerActionSchema) },
  get responses() {
    return {
      200: jsonAnswer(customerActionResultSchema, 'Done.'),
      ...errorAnswers(
        ...changeErrors,
        'NOT_FOUND',
        'STALE_STATE',
        'NO_SUBSCRIPTION',
        'SUBSCRIPTION_ENDED',
        'PAYMENTS_UNAVAILABLE',
      ),
    };
  },
});

export const addNoteRoute = declareRoute({
  method: 'post',
  path: '/admin/customers/{id}/notes',
  operationId: 'addCustomerNote',
  tags: customerTags,
  summary: 'Add an internal note',
  description: 'A note on the customer for operators only; the customer never sees it.',
  security: operatorSession,
  request: { params: idParam, ...jsonRequest(customerNoteRequestSchema) },
  get responses() {
    return {
      200: jsonAnswer(customerActionResultSchema, 'Added.'),
      ...errorAnswers(...changeErrors, 'NOT_FOUND'),
    };
  },
});

export const deleteNoteRoute = declareRoute({
  method: 'delete',
  path: '/admin/customers/{id}/notes/{noteId}',
  operationId: 'deleteCustomerNote',
  tags: customerTags,
  summary: 'Delete an internal note',
  description: 'Deletes a note its author wrote.',
  security: operatorSession,
  request: { params: noteParams },
  get responses() {
    return {
      200: jsonAnswer(customerActionResultSchema, 'Deleted.'),
      ...errorAnswers(...operatorWriteErrors, 'NOT_FOUND'),
    };
  },
});

export const inboxRoute = declareRoute({
  method: 'get',
  path: '/admin/inbox',
  operationId: 'listContactMessages',
  tags: customerTags,
  summary: 'The contact inbox',
  description:
    'Messages from the Get in Touch form, new or handled, a page at a time (`cursor` from `nextCursor`), with the replies sent.',
  security: operatorSession,
  request: { query: lazyParameters(inboxQuerySchema) },
  get responses() {
    return {
      200: jsonAnswer(inboxSchema, 'The messages.'),
      ...errorAnswers(...operatorReadErrors, 'VALIDATION_FAILED'),
    };
  },
});

export const handleMessageRoute = declareRoute({
  method: 'post',
  path: '/admin/inbox/{id}/handle',
  operationId: 'markContactMessageHandled',
  tags: customerTags,
  summary: 'Mark a message handled',
  description: 'With a note on how it was handled, kept in the audit log.',
  security: operatorSession,
  request: { params: idParam, ...jsonRequest(handleContactSchema) },
  get responses() {
    return {
      200: jsonAnswer(messageResponseSchema, 'Handled.'),
      ...errorAnswers(...changeErrors, 'NOT_FOUND', 'STALE_STATE'),
    };
  },
});

export const replyRoute = declareRoute({
  method: 'post',
  path: '/admin/inbox/{id}/reply',
  operationId: 'replyToContactMessage',
  tags: customerTags,
  summary: 'Reply to a message',
  description:
    'E-mails the reply to the sender, quoting their message, and keeps it with the message.',
  security: operatorSession,
  request: { params: idParam, ...jsonRequest(contactReplyRequestSchema) },
  get responses() {
    return {
      200: jsonAnswer(messageResponseSchema, 'Sent.'),
      ...errorAnswers(...changeErrors, 'NOT_FOUND', 'STALE_STATE'),
    };
  },
});

export const auditRoute = declareRoute({
  method: 'get',
  path: '/admin/audit',
  operationId: 'listAuditLog',
  tags: customerTags,
  summary: 'The audit log',
  description:
    "Every operator's actions, newest first, filtered by operator, customer, action and whole UTC days, a page at a time (`cursor` from `nextCursor`).",
  security: operatorSession,
  request: { query: lazyParameters(auditQuerySchema) },
  get responses() {
    return {
      200: jsonAnswer(auditPageSchema, 'The entries.'),
      ...errorAnswers(...operatorReadErrors, 'VALIDATION_FAILED'),
    };
  },
});

const moneyTags = ['Console: money'];
const retried = () =>
  jsonAnswer(moneyActionResultSchema, 'Tried again: what happened, and the money page now.');

export const moneyOverviewRoute = declareRoute({
  method: 'get',
  path: '/admin/money',
  operationId: 'getMoneyOverview',
  tags: moneyTags,
  summary: 'What needs attention',
  description:
    'Refunds that failed or wait, e-mails that could not be delivered, and webhook events that failed.',
  security: operatorSession,
  get responses() {
    return {
      200: jsonAnswer(moneyOverviewSchema, 'The money page.'),
      ...errorAnswers(...operatorReadErrors),
    };
  },
});

export const retryRefundRoute = declareRoute({
  method: 'post',
  path: '/admin/money/refunds/{id}/retry',
  operationId: 'retryAutomaticRefund',
  tags: moneyTags,
  summary: 'Try an automatic refund again',
  description: 'Asks the payment provider again for a refund that failed.',
  security: operatorSession,
  request: { params: idParam, ...jsonRequest(moneyRetrySchema) },
  get responses() {
    return {
      200: retried(),
      ...errorAnswers(...changeErrors, 'NOT_FOUND', 'STALE_STATE', 'PAYMENTS_UNAVAILABLE'),
    };
  },
});

export const retryInvoiceRefundRoute = declareRoute({
  method: 'post',
  path: '/admin/money/invoices/{id}/retry-refund',
  operationId: 'retryInvoiceRefund',
  tags: moneyTags,
  summary: "Try an invoice's refund again",
  description: "Asks the payment provider again for support's refund of an invoice that failed.",
  security: operatorSession,
  request: { params: idParam, ...jsonRequest(moneyRetrySchema) },
  get responses() {
    return {
      200: retried(),
      ...errorAnswers(...changeErrors, 'NOT_FOUND', 'STALE_STATE', 'PAYMENTS_UNAVAILABLE'),
    };
  },
});

export const adminInvoicePdfRoute = declareRoute({
  method: 'get',
  path: '/admin/money/invoices/{id}/pdf',
  operationId: 'downloadCustomerInvoicePdf',
  tags: moneyTags,
  summary: "Any customer's invoice as PDF",
  description: 'The same PDF the customer downloads, for support.',
  security: operatorSession,
  request: { params: idParam },
  get responses() {
    return {
      200: pdf,
      ...errorAnswers(...operatorReadErrors, 'NOT_FOUND'),
    };
  },
});

export const retryMailRoute = declareRoute({
  method: 'post',
  path: '/admin/money/mails/{id}/retry',
  operationId: 'retryDeadMail',
  tags: moneyTags,
  summary: 'Send an e-mail again',
  description: 'Queues again an e-mail that could not be delivered after every retry.',
  security: operatorSession,
  request: { params: idParam, ...jsonRequest(moneyRetrySchema) },
  get responses() {
    return {
      200: retried(),
      ...errorAnswers(...changeErrors, 'NOT_FOUND', 'STALE_STATE'),
    };
  },
});

const organizationTags = ['Console: organizations'];
const organizationChangeErrors: readonly ErrorCode[] = [
  ...changeErrors,
  'NOT_FOUND',
  'STALE_STATE',
];

export const findOrganizationsRoute = declareRoute({
  method: 'get',
  path: '/admin/organizations',
  operationId: 'findOrganizations',
  tags: organizationTags,
  summary: 'Find organizations',
  description:
    "Organizations whose name starts with `q`, or whose owner's e-mail or a member's license key is `q`; the newest when `q` is empty.",
  security: operatorSession,
  request: { query: lazyParameters(organizationQuerySchema) },
  get responses() {
    return {
      200: jsonAnswer(organizationListSchema, 'The organizations.'),
      ...errorAnswers(...operatorReadErrors, 'VALIDATION_FAILED'),
    };
  },
});

export const createOrganizationRoute = declareRoute({
  method: 'post',
  path: '/admin/organizations',
  operationId: 'createOrganization',
  tags: organizationTags,
  summary: 'Create an Enterprise organization',
  description:
    'From an agreement signed outside the payment provider: its seats, devices per seat, term and support tier, owned by the account of `ownerEmail`.',
  security: operatorSession,
  request: jsonRequest(createOrganizationSchema),
  get responses() {
    return {
      200: jsonAnswer(organizationCreatedSchema, 'Created.'),
      ...errorAnswers(...organizationChangeErrors),
    };
  },
});

export const organizationRoute = declareRoute({
  method: 'get',
  path: '/admin/organizations/{id}',
  operationId: 'getOrganizationDetail',
  tags: organizationTags,
  summary: 'An organization in full',
  description: 'The organization, its members, open invitations, activity and audit trail.',
  security: operatorSession,
  request: { params: idParam },
  get responses() {
    return {
      200: jsonAnswer(organizationDetailSchema, 'The organization.'),
      ...errorAnswers(...operatorReadErrors, 'NOT_FOUND'),
    };
  },
});

export const updateOrganizationRoute = declareRoute({
  method: 'patch',
  path: '/admin/organizations/{id}',
  operationId: 'updateOrganization',
  tags: organizationTags,
  summary: 'Change an organization',
  description:
    "Its name, seats, devices per seat, term end, support tier, agreement or notes; extending the term extends every member's license.",
  security: operatorSession,
  request: { params: idParam, ...jsonRequest(updateOrganizationSchema) },
  get responses() {
    return {
      200: jsonAnswer(organizationActionResultSchema, 'Changed.'),
      ...errorAnswers(...organizationChangeErrors),
    };
  },
});

export const organizationTeamActionRoute = declareRoute({
  method: 'post',
  path: '/admin/organizations/{id}/team',
  operationId: 'actOnOrganizationTeam',
  tags: organizationTags,
  summary: "Act for an organization's owner",
  description:
    "One of the owner's actions, taken by an operator (`action`): invite, resend or withdraw an invitation, remove a member, free a device, transfer ownership.",
  security: operatorSession,
  request: { params: idParam, ...jsonRequest(operatorTeamActionSchema) },
  get responses() {
    return {
      200: jsonAnswer(organizationActionResultSchema, 'Done.'),
      ...errorAnswers(...organizationChangeErrors, 'ALREADY_MEMBER', 'NO_SEATS'),
    };
  },
});

/** The console's customer, inbox and audit calls, in the order the document lists them. */
export const adminRoutes = [
  operatorRoute,
  metricsRoute,
  searchRoute,
  customerRoute,
  customerActionRoute,
  addNoteRoute,
  deleteNoteRoute,
  inboxRoute,
  handleMessageRoute,
  replyRoute,
  auditRoute,
];

/** The console's money page. */
export const adminMoneyRoutes = [
  moneyOverviewRoute,
  retryRefundRoute,
  retryInvoiceRefundRoute,
  adminInvoicePdfRoute,
  retryMailRoute,
];

/** The console's organizations. */
export const adminOrganizationRoutes = [
  findOrganizationsRoute,
  createOrganizationRoute,
  organizationRoute,
  updateOrganizationRoute,
  organizationTeamActionRoute,
];
