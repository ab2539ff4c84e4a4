/**
 * Billing & Invoices and the Trial → Standard upgrade, by card or by invoice, declared once: the
 * Worker mounts its handlers on these (functions/routes/billing.ts) and the OpenAPI document
 * (document.ts) publishes them. Every call needs the account's session. Paths are relative to
 * `/api`.
 */
import { z } from '@hono/zod-openapi';
import type { ErrorCode } from '../catalogue';
import { cancelSubscriptionSchema } from '../schemas/auth';
import { billingDetailsBodySchema } from '../schemas/billing-details';
import { invoiceUpgradeSchema } from '../schemas/invoice-purchase';
import {
  renewalSeatsSchema,
  seatAdditionSchema,
  seatPreviewSchema,
  upgradeCheckoutSchema,
} from '../schemas/seats';
import { accountSession, sessionReadErrors, sessionWriteErrors } from './access';
import { billingOverviewSchema, portalResponseSchema } from './billing-answers';
import { bodyErrors, declareRoute, errorAnswers, jsonAnswer, jsonRequest } from './describe';
import { invoiceUpgradeResponseSchema } from './invoice-purchase-answers';
import { standardCheckoutResponseSchema } from './payments-answers';
import {
  renewalSeatsResponseSchema,
  seatAdditionResponseSchema,
  seatPreviewResponseSchema,
  seatSummaryResponseSchema,
} from './seats-answers';

const tags = ['Billing'];
const overview = (what: string) =>
  jsonAnswer(billingOverviewSchema, `${what}: the Billing & Invoices page as it stands now.`);
/** Plain, not lazy: the OpenAPI generator reads a parameter schema's fields (schemas/lazy.ts). */
const invoiceParam = z.object({ id: z.string() });
/** A change to a running subscription's seats. */
const seatErrors: readonly ErrorCode[] = [
  ...bodyErrors,
  ...sessionWriteErrors,
  'NOT_SEAT_OWNER',
  'SUBSCRIPTION_NOT_RUNNING',
  'SEATS_BY_INVOICE',
  'SEAT_CHANGE_IN_PROGRESS',
  'PAYMENTS_UNAVAILABLE',
];

export const billingOverviewRoute = declareRoute({
  method: 'get',
  path: '/billing',
  operationId: 'getBillingOverview',
  tags,
  summary: 'Plan, subscription and invoices',
  description:
    "The account's plan and license, its subscription with this year's and the renewal's charge, the card on file, the billing details, the invoices (newest first) and which actions the page offers.",
  security: accountSession,
  get responses() {
    return {
      200: overview('The page'),
      ...errorAnswers(...sessionReadErrors),
    };
  },
});

export const invoicePdfRoute = declareRoute({
  method: 'get',
  path: '/billing/invoices/{id}/pdf',
  operationId: 'downloadInvoicePdf',
  tags,
  summary: 'Download an invoice as PDF',
  description:
    "One of the account's invoices (`id` from `invoices`) as a PDF attachment named after its number; another account's invoice is not found.",
  security: accountSession,
  request: { params: invoiceParam },
  get responses() {
    return {
      200: {
        description: 'The invoice.',
        content: { 'application/pdf': { schema: { type: 'string' as const, format: 'binary' } } },
      },
      ...errorAnswers(...sessionReadErrors, 'NOT_FOUND'),
    };
  },
});

export const upgradeCheckoutRoute = declareRoute({
  method: 'post',
  path: '/billing/checkout',
  operationId: 'startUpgradeCheckout',
  tags,
  summary: 'Pay for Standard by card',
  description:
    "Opens the payment provider's checkout for the upgrade from Trial to Standard, for `seats` seats (one when left out); the browser goes to `checkoutUrl`. One checkout is open per account at a time.",
  security: accountSession,
  request: jsonRequest(upgradeCheckoutSchema),
  get responses() {
    return {
      200: jsonAnswer(standardCheckoutResponseSchema, 'Where to pay.'),
      ...errorAnswers(
        ...bodyErrors,
        ...sessionWriteErrors,
        'ENTERPRISE_PLAN',
        'ALREADY_STANDARD',
        'CHECKOUT_IN_PROGRESS',
        'PAYMENTS_UNAVAILABLE',
      ),
    };
  },
});

export const invoiceUpgradeRoute = declareRoute({
  method: 'post',
  path: '/billing/invoice',
  operationId: 'upgradeByInvoice',
  tags,
  summary: 'Buy Standard for a team, paid by invoice',
  description:
    'Upgrades the account to Standard at once for a team of enough seats paying by bank transfer, with the billing details the invoice carries; the invoice is sent open, due within its days.',
  security: accountSession,
  request: jsonRequest(invoiceUpgradeSchema),
  get responses() {
    return {
      200: jsonAnswer(invoiceUpgradeResponseSchema, 'Upgraded; the invoice sent.'),
      ...errorAnswers(
        ...bodyErrors,
        ...sessionWriteErrors,
        'INVOICE_NEEDS_SEATS',
        'INVALID_BILLING_DETAILS',
        'INVALID_PO_NUMBER',
        'ENTERPRISE_PLAN',
        'ALREADY_STANDARD',
        'PAYMENTS_UNAVAILABLE',
      ),
    };
  },
});

export const billingDetailsRoute = declareRoute({
  method: 'patch',
  path: '/billing/details',
  operationId: 'changeBillingDetails',
  tags,
  summary: 'Change the billing details',
  description:
    'The company, name, address and tax ID that future invoices carry; invoices already issued keep theirs.',
  security: accountSession,
  request: jsonRequest(billingDetailsBodySchema),
  get responses() {
    return {
      200: overview('Changed'),
      ...errorAnswers(
        ...bodyErrors,
        ...sessionWriteErrors,
        'INVALID_BILLING_DETAILS',
        'NO_BILLING_DETAILS',
        'PAYMENTS_UNAVAILABLE',
      ),
    };
  },
});

export const billingPortalRoute = declareRoute({
  method: 'post',
  path: '/billing/portal',
  operationId: 'openBillingPortal',
  tags,
  summary: 'Manage the card',
  description: "A link to the payment provider's page where the card on file is changed.",
  security: accountSession,
  get responses() {
    return {
      200: jsonAnswer(portalResponseSchema, 'Where to go.'),
      ...errorAnswers(...sessionWriteErrors, 'NO_SUBSCRIPTION', 'PAYMENTS_UNAVAILABLE'),
    };
  },
});

export const cancelSubscriptionRoute = declareRoute({
  method: 'post',
  path: '/billing/cancel',
  operationId: 'cancelSubscription',
  tags,
  summary: 'Cancel at the end of the period',
  description:
    'The subscription ends when the paid period does, with no refund; `reason` says why, when the customer gave one. It can be resumed until then.',
  security: accountSession,
  request: jsonRequest(cancelSubscriptionSchema),
  get responses() {
    return {
      200: overview('Set to end'),
      ...errorAnswers(
        ...bodyErrors,
        ...sessionWriteErrors,
        'NO_SUBSCRIPTION',
        'PAYMENTS_UNAVAILABLE',
      ),
    };
  },
});

export const resumeSubscriptionRoute = declareRoute({
  method: 'post',
  path: '/billing/resume',
  operationId: 'resumeSubscription',
  tags,
  summary: 'Resume a cancelled subscription',
  description:
    'Undoes a cancellation while the paid period still runs: the subscription renews again.',
  security: accountSession,
  get responses() {
    return {
      200: overview('Resumed'),
      ...errorAnswers(
        ...sessionWriteErrors,
        'NO_SUBSCRIPTION',
        'SUBSCRIPTION_ENDED',
        'PAYMENTS_UNAVAILABLE',
      ),
    };
  },
});

export const seatSummaryRoute = declareRoute({
  method: 'get',
  path: '/billing/seats',
  operationId: 'getSeats',
  tags,
  summary: 'Seats of the subscription',
  description:
    'The seats paid for, those taken, the seats the next renewal keeps and the price per seat; `summary` is null without a running subscription the account owns.',
  security: accountSession,
  get responses() {
    return {
      200: jsonAnswer(seatSummaryResponseSchema, 'The seats.'),
      ...errorAnswers(...sessionReadErrors),
    };
  },
});

export const seatPreviewRoute = declareRoute({
  method: 'post',
  path: '/billing/seats/preview',
  operationId: 'previewSeatAddition',
  tags,
  summary: 'Price of more seats',
  description:
    'What adding `add` seats charges now: the part of the year left, with tax. Nothing changes.',
  security: accountSession,
  request: jsonRequest(seatPreviewSchema),
  get responses() {
    return {
      200: jsonAnswer(seatPreviewResponseSchema, 'The price.'),
      ...errorAnswers(...seatErrors),
    };
  },
});

export const seatAdditionRoute = declareRoute({
  method: 'post',
  path: '/billing/seats',
  operationId: 'addSeats',
  tags,
  summary: 'Add seats',
  description:
    'Adds `add` seats and charges the card at once; `expectedTotal` is the total the preview showed, and a different price is refused rather than charged.',
  security: accountSession,
  request: jsonRequest(seatAdditionSchema),
  get responses() {
    return {
      200: jsonAnswer(seatAdditionResponseSchema, 'Added and charged.'),
      ...errorAnswers(...seatErrors, 'SEAT_PRICE_CHANGED'),
    };
  },
});

export const renewalSeatsRoute = declareRoute({
  method: 'post',
  path: '/billing/seats/renewal',
  operationId: 'setRenewalSeats',
  tags,
  summary: 'Seats from the renewal on',
  description:
    'Fewer seats from the next renewal (never fewer than are taken); the seats of today stay until then. The seats of today undo a reduction.',
  security: accountSession,
  request: jsonRequest(renewalSeatsSchema),
  get responses() {
    return {
      200: jsonAnswer(renewalSeatsResponseSchema, 'Set.'),
      ...errorAnswers(...seatErrors, 'SEATS_BELOW_TAKEN'),
    };
  },
});

/** Every billing call, in the order the document lists them. */
export const billingRoutes = [
  billingOverviewRoute,
  invoicePdfRoute,
  upgradeCheckoutRoute,
  invoiceUpgradeRoute,
  billingDetailsRoute,
  billingPortalRoute,
  cancelSubscriptionRoute,
  resumeSubscriptionRoute,
  seatSummaryRoute,
  seatPreviewRoute,
  seatAdditionRoute,
  renewalSeatsRoute,
];
