/**
 * Buying Standard for a team by invoice (bank transfer) on our own pages: Stripe's hosted checkout
 * takes cards only, so the buyer's billing details and PO number come to our route, which asks the
 * payment provider for a subscription collected by invoice (`createInvoicedSubscription`) and
 * fulfills the purchase at once, through the same fulfillment as a paid checkout and as the
 * `invoice.finalized` webhook (invoice-finalized.ts): whichever comes first makes the account or
 * upgrade, the subscription row, the team, the open invoice and its e-mail; the other finds them
 * made (fulfill-signup.ts, fulfill-upgrade.ts). Nothing is stored or sent to the provider before
 * the seats, the details and the PO number are checked.
 *
 * One purchase, one subscription: the provider call carries an idempotency key made from the
 * purchase (the browser's `purchaseId`), so a double click or a retry gets the subscription made
 * first. An order we cannot apply (the e-mail got an account meanwhile, the account pays already)
 * has nothing to refund: its invoice is voided and its subscription cancelled (refunds.ts).
 */
import { invoiceAllowed, readPoNumber } from '../../../src/contract/invoice-texts';
import type { InvoiceQuoteResponse, SentInvoiceView } from '../../../src/contract/invoice-purchase';
import type { BillingDetails } from '../../../src/contract/billing';
import type { AuthResponse } from '../../../src/contract/user';
import type { BillingDetailsBody } from '../../../src/contract/schemas/billing-details';
import type { InvoicePurchaseBody } from '../../../src/contract/schemas/invoice-purchase';
import { seats as seatRules } from '../../../src/site.config';
import {
  billingPageUrl,
  type CheckoutReference,
  type InvoicedSubscription,
} from '../../adapters/payments';
import type { LicenseRow, PendingSignupRow, TaxIdStatus, UserRow } from '../../db/schema';
import { fail } from '../../lib/errors';
import { currentLicense } from '../core/licenses/licenses';
import { yearlyCharge, type YearlyCharge } from '../core/payments/charges';
import { closeOpenCheckout } from '../core/payments/open-checkouts';
import { callProvider } from '../core/payments/provider';
import { newestSubscription, STANDARD_UNIT_AMOUNT } from '../core/payments/subscriptions';
import { newSession } from '../core/users/sessions';
import { toUserView } from '../core/users/user-view';
import { findUserById } from '../core/users/users';
import { iso } from '../shared/db';
import type { Deps } from '../shared/deps';
import { billingFieldNames, readBillingDetails, saveBillingProfile } from './details';
import { fulfillPendingSignup } from './fulfill-signup';
import { fulfillUpgrade } from './fulfill-upgrade';
import type { SentInvoice } from './invoiced';
import { upgradeRefusal } from './purchase-rules';
import { quoteTax } from './tax';
import { checkTaxId, taxedDetails, taxIdNote } from './vat-check';
import { taxRateOf } from './webhook-events';
import { enforceRateLimit } from '../shared/rate-limit';

/** A purchase by invoice whose seats, billing details and PO number passed their checks. */
export interface CheckedPurchase {
  seats: number;
  details: BillingDetails;
  /** What the EU's VAT register said of the VAT number (vat-check.ts). */
  taxIdStatus: TaxIdStatus | null;
  poNumber: string | null;
  /** What the invoice will charge, with tax, as the buyer was shown it. */
  charge: YearlyCharge;
}

/** The body's billing details as the checkout's form fields, so both are read by one check. */
function asForm(details: BillingDetailsBody): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const key of Object.keys(billingFieldNames) as (keyof BillingDetails)[]) {
    form[billingFieldNames[key]] = details[key] ?? '';
  }
  return form;
}

/**
 * Checks a purchase by invoice before anything is stored: 400 INVOICE_NEEDS_SEATS under
 * `standardSeats.invoiceMinimum` seats, 400 INVALID_BILLING_DETAILS with the checkout's own
 * sentence and `field`, 400 INVALID_PO_NUMBER (field `poNumber`). Then the EU's VAT register is
 * asked about a VAT number: only one it confirms goes without VAT.
 */
export async function checkPurchase(
  deps: Pick<Deps, 'db' | 'now' | 'vatRegister'>,
  body: Pick<InvoicePurchaseBody, 'seats' | 'details'> & { poNumber?: string | null | undefined },
): Promise<CheckedPurchase> {
  if (!invoiceAllowed(body.seats)) throw fail('INVOICE_NEEDS_SEATS');
  const read = readBillingDetails(asForm(body.details));
  if (!read.ok) {
    throw fail('INVALID_BILLING_DETAILS', { message: read.message, extra: { field: read.field } });
  }
  const po = readPoNumber(body.poNumber);
  if (!po.ok) throw fail('INVALID_PO_NUMBER', { extra: { field: 'poNumber' } });
  const taxIdStatus = await checkTaxId(deps, read.details);
  const subtotal = STANDARD_UNIT_AMOUNT * body.seats;
  const quote = quoteTax(subtotal, taxedDetails(read.details, taxIdStatus));
  return {
    seats: body.seats,
    details: read.details,
    taxIdStatus,
    poNumber: po.poNumber,
    charge: yearlyCharge(body.seats, STANDARD_UNIT_AMOUNT, {
      rateBp: quote.rateBp,
      reverseCharge: quote.reverseCharge,
    }),
  };
}

/**
 * POST /api/invoice-quote: what the invoice will charge, when it is due, and why VAT is added
 * although a VAT number was given. Counted per IP (`invoiceQuotePerIp`) before the VAT register
 * is asked.
 */
export async function quoteInvoice(
  deps: Pick<Deps, 'db' | 'now' | 'vatRegister' | 'client'>,
  body: Pick<InvoicePurchaseBody, 'seats' | 'details'>,
): Promise<InvoiceQuoteResponse> {
  await enforceRateLimit(deps, 'invoiceQuotePerIp', deps.client.ip);
  const purchase = await checkPurchase(deps, body);
  return {
    charge: purchase.charge,
    dueDays: seatRules.standardSeats.invoiceDueDays,
    taxIdNote: taxIdNote(purchase.details.taxId, purchase.taxIdStatus),
  };
}

/** The subscription's first invoice as fulfillment records it (invoiced.ts). */
function sentInvoiceOf(made: InvoicedSubscription, details: BillingDetails): SentInvoice {
  return {
    invoiceId: made.invoiceId,
    number: made.number,
    amountDue: made.amountDue,
    subtotal: made.subtotal,
    taxAmount: made.tax,
    taxRateBp: taxRateOf(made.tax, made.subtotal),
    reverseCharge: made.reverseCharge,
    currency: made.currency,
    created: made.created,
    periodStart: made.periodStart,
    periodEnd: made.periodEnd,
    quantity: made.quantity,
    poNumber: made.poNumber,
    hostedInvoiceUrl: made.hostedInvoiceUrl,
    invoicePdf: made.invoicePdf,
    buyer: details,
    billingReason: 'subscription_create',
    dueAt: made.dueAt,
  };
}

/** What the buyer's page shows of the invoice sent. */
function invoiceView(made: InvoicedSubscription): SentInvoiceView {
  return {
    id: made.invoiceId,
    number: made.number,
    seats: made.quantity,
    amountDue: made.amountDue,
    currency: made.currency,
    dueAt: iso(made.dueAt),
    url: made.hostedInvoiceUrl ?? made.invoicePdf,
  };
}

/**
 * The provider's idempotency key of one purchase: its id and what it buys, so a repeat of the
 * same purchase (a double click, a retry) is one request, and the same purchase changed after a
 * failure (other details, say) is another, as the provider refuses one key with other values.
 */
async function purchaseKey(kind: 'signup' | 'upgrade', id: string, purchase: CheckedPurchase) {
  const bought = JSON.stringify([purchase.seats, purchase.details, purchase.poNumber]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(bought));
  const hex = [...new Uint8Array(digest).slice(0, 12)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
  return `invoice-${kind}:${id}:${hex}`;
}

/** The provider's subscription paid by invoice for this purchase: made once per key. */
function invoicedSubscription(
  deps: Deps,
  purchase: CheckedPurchase,
  buyer: CheckoutReference & { email: string; customerId?: string | undefined },
  idempotencyKey: string,
): Promise<InvoicedSubscription> {
  const { email, customerId, ...reference } = buyer;
  return callProvider(() =>
    deps.payments.createInvoicedSubscription({
      ...reference,
      plan: 'standard',
      customerEmail: email,
      ...(customerId === undefined ? {} : { customerId }),
      // The provider reverse-charges any VAT number it is given: only a confirmed one goes.
      details: taxedDetails(purchase.details, purchase.taxIdStatus),
      quantity: purchase.seats,
      poNumber: purchase.poNumber,
      idempotencyKey,
      returnUrl: billingPageUrl(deps.origin),
    }),
  );
}

/** A new account made by a purchase by invoice, and its invoice. */
export interface InvoicedSignup {
  user: UserRow;
  license: LicenseRow;
  invoice: SentInvoiceView;
}

/**
 * The pending signup's purchase by invoice (signup/standard-signup.ts stored it): the
 * subscription, then the account, its team and the open invoice, at once. 409 ACCOUNT_EXISTS when
 * the e-mail got an account meanwhile (the order is voided). The key is the pending signup, whose
 * id is the purchase's, so a repeat makes nothing twice.
 */
export async function invoicePendingSignup(
  deps: Deps,
  pending: PendingSignupRow,
  purchase: CheckedPurchase,
): Promise<InvoicedSignup> {
  const made = await invoicedSubscription(
    deps,
    purchase,
    { pendingSignupId: pending.id, email: pending.email },
    await purchaseKey('signup', pending.id, purchase),
  );
  const result = await fulfillPendingSignup(deps, {
    pendingSignupId: pending.id,
    checkoutSessionId: made.invoiceId,
    customerId: made.customerId,
    subscriptionId: made.subscriptionId,
    event: null,
    quantity: made.quantity,
    company: purchase.details.company,
    invoiced: sentInvoiceOf(made, purchase.details),
  });
  switch (result.outcome) {
    case 'created':
    case 'already': {
      const license = await currentLicense(deps.db, result.user.id);
      if (!license) throw new Error(`Invoiced signup ${pending.id} made no license`);
      await saveBillingProfile(deps.db, result.user.id, purchase.details, purchase.taxIdStatus, {
        sourceCreated: made.created,
        now: deps.now,
      });
      // A card checkout left open for this e-mail (another tab) must not take money as well.
      await closeOpenCheckout(deps, { kind: 'signup', emailNormalized: pending.emailNormalized });
      return { user: result.user, license, invoice: invoiceView(made) };
    }
    case 'voided':
    case 'refunded':
    case 'conflict':
      throw fail('ACCOUNT_EXISTS');
    case 'unknown':
    case 'replayed':
      // No event is passed, and the pending signup was read a moment ago.
      throw new Error(`Invoiced signup ${pending.id} could not be fulfilled (${result.outcome})`);
  }
}

/**
 * Signs in the browser that made an invoiced signup: its request proved the person (the verified
 * e-mail and password, or the Google token), as a sign-in does.
 */
export async function signInInvoicedSignup(
  deps: Deps,
  signup: InvoicedSignup,
): Promise<AuthResponse> {
  const session = await newSession(deps, signup.user.id);
  await deps.db.batch([session.insert]);
  return {
    token: session.token,
    user: toUserView(signup.user, signup.license, session.info, deps.now),
    tokenExpiration: session.info.expiresAt,
  };
}

/**
 * POST /api/billing/invoice: a signed-in account that may buy Standard (purchase-rules.ts) buys
 * it for a team by invoice; upgraded at once, with its team and the open invoice. 409 as the card
 * checkout (ALREADY_STANDARD, ENTERPRISE_PLAN). A customer id from an earlier subscription is
 * reused, so the provider keeps one customer per account.
 */
export async function startInvoicedUpgrade(
  deps: Deps,
  userId: string,
  body: InvoicePurchaseBody,
): Promise<SentInvoiceView> {
  const purchase = await checkPurchase(deps, body);
  const { db, now } = deps;
  const user = await findUserById(db, userId);
  // The session was valid a moment ago; a vanished user reads as signed out.
  if (!user || user.isDeleted) throw fail('UNAUTHORIZED');
  const [license, earlier] = await Promise.all([
    currentLicense(db, user.id),
    newestSubscription(db, user.id),
  ]);
  const refusal = upgradeRefusal(user, license, earlier, now);
  if (refusal) throw fail(refusal);
  const made = await invoicedSubscription(
    deps,
    purchase,
    {
      userId: user.id,
      email: user.email,
      ...(earlier ? { customerId: earlier.stripeCustomerId } : {}),
    },
    await purchaseKey('upgrade', `${user.id}:${body.purchaseId}`, purchase),
  );
  const result = await fulfillUpgrade(deps, {
    userId: user.id,
    checkoutSessionId: made.invoiceId,
    customerId: made.customerId,
    subscriptionId: made.subscriptionId,
    event: null,
    quantity: made.quantity,
    company: purchase.details.company,
    invoiced: sentInvoiceOf(made, purchase.details),
  });
  switch (result.outcome) {
    case 'upgraded':
    case 'already':
      await saveBillingProfile(db, user.id, purchase.details, purchase.taxIdStatus, {
        sourceCreated: made.created,
        now,
      });
      // A card checkout left open for this account must not take money as well.
      await closeOpenCheckout(deps, { kind: 'upgrade', userId: user.id });
      return invoiceView(made);
    case 'voided':
    case 'refunded':
      // Made Enterprise, or another purchase won, since the check above: the order is voided.
      if (result.refund.reason === 'enterprise') throw fail('ENTERPRISE_PLAN');
      if (result.refund.reason === 'account_deleted') throw fail('UNAUTHORIZED');
      throw fail('ALREADY_STANDARD');
    case 'unknown':
    case 'replayed':
    case 'incomplete':
      throw new Error(`Invoiced upgrade of ${user.id} could not be fulfilled (${result.outcome})`);
  }
}
