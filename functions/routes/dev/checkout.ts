/**
 * /dev/checkout: the development imitation of Stripe's hosted checkout. It asks for the billing
 * details (company, name, address, country, tax ID), shows the amount with tax computed on the
 * server (services/billing/tax.ts), then takes a test card number: Stripe's declining test cards
 * decline here too and change nothing. Pay marks the session paid, sends the
 * Stripe-signed `checkout.session.completed` and `invoice.paid` events to our own webhook route
 * (the same code path as production) and returns the browser to the success URL; Cancel returns
 * it to the cancel URL. Like Stripe's, it takes cards only: a team paying by bank transfer chooses
 * so on our own pages (src/contract/invoice-purchase.ts). Also imitates the hosted invoice page
 * (where "Mark as paid by bank transfer" records a transfer) and the customer portal.
 * Development only; mount it under /dev (whose guard hides it elsewhere) at DEV_CHECKOUT_PATH.
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { formatIsoDay, formatMoney } from '../../../src/lib/format';
import type { BillingDetails } from '../../../src/contract/billing';
import { billingDetailsMissing } from '../../../src/contract/billing-texts';
import { billing, plans, seats, site } from '../../../src/site.config';
import { seatPriceLine, seatsOutOfRange } from '../../../src/contract/seat-texts';
import { STANDARD_UNIT_AMOUNT as STANDARD_AMOUNT } from '../../services/core/payments/subscriptions';
import type { LocalCheckoutSession, PaymentProvider } from '../../adapters/payments';
import {
  DEV_CHECKOUT_PATH,
  isLocalPayments,
  type LocalPaymentProvider,
  type SignedEvent,
} from '../../adapters/payments/local';
import type { LocalInvoice } from '../../adapters/payments/types';
import type { AppEnv } from '../../env';
import {
  billedTo,
  billingFieldNames,
  billingProfileOf,
  readBillingDetails,
} from '../../services/billing/details';
import { countryName, formatRate, quoteTax } from '../../services/billing/tax';
import { checkTaxId, taxedDetails, taxIdNote } from '../../services/billing/vat-check';
import { devPage } from './page';
import { STRIPE_WEBHOOK_PATH } from '../stripe-webhook';

export interface DevCheckoutOptions {
  /** The request's payment provider; pages answer 404 unless it is the local one. */
  payments: (c: Context<AppEnv>) => PaymentProvider;
  /**
   * Hands one signed webhook request to our own webhook route. In the Worker:
   * `(request, c) => app.fetch(request, c.env, c.executionCtx)` (in process: a Worker cannot
   * reliably fetch its own hostname). Tests capture the deliveries instead.
   */
  deliver: (request: Request, c: Context<AppEnv>) => Promise<Response>;
}

const planName = plans.standard.label;

/** What happened to a paid session's money since: refunded (by whom), and cancelled. */
function refundNote(session: LocalCheckoutSession) {
  const refunded =
    session.refundedAt === null
      ? ''
      : session.refundKind === 'support'
        ? html`<p class="note">
            This payment was refunded in full by support on ${formatIsoDay(session.refundedAt)}.
          </p>`
        : html`<p class="note">
            This payment could not be applied and was refunded in full on
            ${formatIsoDay(session.refundedAt)}.
          </p>`;
  const canceled =
    session.canceledAt === null
      ? ''
      : html`<p>Its subscription was cancelled on ${formatIsoDay(session.canceledAt)}.</p>`;
  return html`${refunded}${canceled}`;
}

/** Whom a paid checkout's invoice is billed to, as its PDF prints it: the details given on it. */
function buyerBlock(session: Pick<LocalCheckoutSession, 'billingDetails' | 'customerEmail'>) {
  const buyer = session.billingDetails;
  if (!buyer) return session.customerEmail;
  const lines = [
    billedTo(buyer),
    ...(buyer.company ? [buyer.name] : []),
    buyer.line1,
    ...(buyer.line2 ? [buyer.line2] : []),
    [buyer.postalCode, buyer.city, buyer.state].filter(Boolean).join(' '),
    countryName(buyer.country),
    ...(buyer.taxId ? [`VAT ID: ${buyer.taxId}`] : []),
    session.customerEmail,
  ];
  return lines.map((line, index) => html`${index > 0 ? html`<br />` : ''}${line}`);
}

/** The invoice's tax: the VAT at its rate, the reverse charge, or none. */
function taxLines(
  session: Pick<LocalCheckoutSession, 'currency' | 'reverseCharge' | 'amountTax' | 'taxRateBp'>,
) {
  const money = (cents: number) => formatMoney(cents, session.currency);
  if (session.reverseCharge) {
    return html`<dt>VAT</dt>
      <dd>${money(0)} (reverse charge)</dd>`;
  }
  if (session.amountTax > 0) {
    return html`<dt>VAT ${formatRate(session.taxRateBp)}</dt>
      <dd>${money(session.amountTax)}</dd>`;
  }
  return html`<dt>Tax</dt>
    <dd>${money(0)}</dd>`;
}

/** A form post from another site must not pay or cancel (a browser always sends Origin on POST). */
function sameOrigin(c: Context<AppEnv>): boolean {
  const origin = c.req.header('Origin');
  return origin === undefined || origin === new URL(c.req.url).origin;
}

function notFound(c: Context<AppEnv>, what: string) {
  return devPage(c, {
    title: 'Not found',
    status: 404,
    body: html`<h1>${what} not found</h1>
      <p>It may belong to another development database. <a href="/dev/">Development tools</a></p>`,
  });
}

async function sessionIdFromForm(c: Context<AppEnv>): Promise<string> {
  const body = await c.req.parseBody();
  return typeof body['session_id'] === 'string' ? body['session_id'] : '';
}

/** What the checkout page shows besides the session: a reason, and what was typed. */
interface PageState {
  error?: string;
  /** The field the error is about (focus and aria-invalid). */
  errorField?: keyof BillingDetails | 'quantity';
  /** The details form as posted (shown again after a mistake). */
  typed?: Record<string, unknown>;
  /** The account's saved details, filling the form until the buyer continues (an upgrade). */
  prefill?: BillingDetails | null;
  /** The card number as typed (shown again after a decline). */
  card?: string;
  status?: 200 | 400 | 402;
}

/** One labelled text field of the details form. */
function field(
  key: Exclude<keyof BillingDetails, 'country'>,
  label: string,
  value: string,
  options: { optional?: boolean; hint?: string; autocomplete: string; invalid: boolean },
) {
  const name = billingFieldNames[key];
  const hintId = options.hint ? `${name}-hint` : '';
  // The hint, and the error when it is about this field, describe the input.
  const describedBy = [hintId, options.invalid ? 'checkout-error' : ''].filter(Boolean).join(' ');
  return html`<label for="${name}"
      >${label}${options.optional ? html` <span class="optional">(optional)</span>` : ''}</label
    >
    ${options.hint ? html`<p id="${hintId}">${options.hint}</p>` : ''}
    <input
      type="text"
      id="${name}"
      name="${name}"
      value="${value}"
      autocomplete="${options.autocomplete}"
      ${options.optional ? '' : html`required`}
      ${describedBy ? html`aria-describedby="${describedBy}"` : ''}
      ${options.invalid ? html`aria-invalid="true"` : ''}
    />`;
}

/** The seats field as posted: a whole number one purchase may hold, else null. */
function readQuantity(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\s*\d{1,4}\s*$/.test(value)) return null;
  const quantity = Number(value);
  return quantity >= seats.standardSeats.min && quantity <= seats.standardSeats.max
    ? quantity
    : null;
}

/** The open checkout: details form, then (once they are in) the total and the card. */
async function checkoutPage(
  c: Context<AppEnv>,
  session: LocalCheckoutSession,
  state: PageState,
): Promise<Response> {
  const saved = session.billingDetails;
  // A VAT number the register did not confirm: VAT is added, and the buyer is told why.
  const taxNote =
    saved === null || saved.taxId === null || session.reverseCharge
      ? null
      : taxIdNote(saved.taxId, await checkTaxId(c.get('deps'), saved));
  const value = (key: keyof BillingDetails): string => {
    if (state.typed) {
      const typed = state.typed[billingFieldNames[key]];
      return typeof typed === 'string' ? typed : '';
    }
    return (saved ?? state.prefill)?.[key] ?? '';
  };
  const invalid = (key: keyof BillingDetails | 'quantity') => state.errorField === key;
  const typedQuantity = state.typed?.['quantity'];
  const quantity = typeof typedQuantity === 'string' ? typedQuantity : String(session.quantity);
  const money = (cents: number) => formatMoney(cents, session.currency);
  const country = value('country');
  const error = state.error
    ? html`<p id="checkout-error" class="error" role="alert">${state.error}</p>`
    : '';
  // A card's decline shows beside the card, as on Stripe's page; anything else above the form.
  const cardDeclined = state.card !== undefined;
  const details = html`<form method="post" action="${DEV_CHECKOUT_PATH}/details">
    <fieldset>
      <legend>Billing details</legend>
      ${cardDeclined ? '' : error}
      <input type="hidden" name="session_id" value="${session.id}" />
      <label for="quantity">Seats</label>
      <p id="quantity-hint">
        One seat per person who uses ${site.product}: ${String(seats.standardSeats.min)} to
        ${String(seats.standardSeats.max)}. Two or more make a team you manage.
      </p>
      <input
        type="number"
        id="quantity"
        name="quantity"
        value="${quantity}"
        min="${String(seats.standardSeats.min)}"
        max="${String(seats.standardSeats.max)}"
        step="1"
        inputmode="numeric"
        required
        aria-describedby="${invalid('quantity') ? 'quantity-hint checkout-error' : 'quantity-hint'}"
        ${invalid('quantity') ? html`aria-invalid="true"` : ''}
      />
      ${field('company', 'Company', value('company'), {
        optional: true,
        autocomplete: 'organization',
        invalid: invalid('company'),
      })}
      ${field('name', 'Name', value('name'), { autocomplete: 'name', invalid: invalid('name') })}
      <label for="country">Country</label>
      <select
        id="country"
        name="country"
        autocomplete="country"
        required
        ${invalid('country') ? html`aria-invalid="true" aria-describedby="checkout-error"` : ''}
      >
        <option value="">Choose a country</option>
        ${billing.countryCodes
          .map((code) => [code, countryName(code)] as const)
          .sort((a, b) => a[1].localeCompare(b[1], 'en'))
          .map(
            ([code, name]) =>
              html`<option value="${code}" ${code === country ? html`selected` : ''}>
                ${name}
              </option>`,
          )}
      </select>
      ${field('line1', 'Address', value('line1'), {
        autocomplete: 'address-line1',
        invalid: invalid('line1'),
      })}
      ${field('line2', 'Address line 2', value('line2'), {
        optional: true,
        autocomplete: 'address-line2',
        invalid: invalid('line2'),
      })}
      ${field('postalCode', 'Postal code', value('postalCode'), {
        autocomplete: 'postal-code',
        invalid: invalid('postalCode'),
      })}
      ${field('city', 'City', value('city'), {
        autocomplete: 'address-level2',
        invalid: invalid('city'),
      })}
      ${field('state', 'State or region', value('state'), {
        optional: true,
        autocomplete: 'address-level1',
        invalid: invalid('state'),
      })}
      ${field('taxId', 'Tax ID', value('taxId'), {
        optional: true,
        hint: 'Buying as an EU business? Your VAT ID, e.g. DE123456789: no VAT is added once the EU VAT register confirms it (reverse charge).',
        autocomplete: 'off',
        invalid: invalid('taxId'),
      })}
      <div>
        <button type="submit" class="${saved ? '' : 'primary'}">
          ${saved ? 'Update details' : 'Continue'}
        </button>
      </div>
    </fieldset>
  </form>`;
  const taxLine =
    saved === null
      ? ''
      : session.reverseCharge
        ? html`<dt>VAT</dt>
            <dd>${money(0)}: reverse charge (VAT ID ${saved.taxId})</dd>`
        : session.amountTax > 0
          ? html`<dt>VAT ${formatRate(session.taxRateBp)} (${countryName(saved.country)})</dt>
              <dd>${money(session.amountTax)}</dd>`
          : html`<dt>Tax</dt>
              <dd>${money(0)}</dd>`;
  const summary = html`<article aria-labelledby="order-heading">
    <h2 id="order-heading">Order summary</h2>
    <dl>
      <dt>Plan</dt>
      <dd>${site.product} ${planName}, one year</dd>
      <dt>Price</dt>
      <dd id="checkout-price">${seatPriceLine(session.quantity, money(STANDARD_AMOUNT))}</dd>
      <dt>Subtotal</dt>
      <dd>${money(session.amountSubtotal)} / year</dd>
      ${taxLine}
      ${
        saved === null
          ? ''
          : html`<dt class="total">Total due today</dt>
              <dd class="total" id="checkout-total">${money(session.amountTotal)}</dd>`
      }
      <dt>E-mail</dt>
      <dd>${session.customerEmail}</dd>
    </dl>
    ${saved === null ? html`<p>Enter your billing details to see the total with tax.</p>` : ''}
    ${taxNote === null ? '' : html`<p id="checkout-tax-note">${taxNote}</p>`}
  </article>`;
  const pay = html`<form method="post" action="${DEV_CHECKOUT_PATH}/pay">
    <input type="hidden" name="session_id" value="${session.id}" />
    ${
      saved === null
        ? ''
        : html`<label for="card-number">Card number</label>
            <p id="card-hint">
              Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000
              9995 has insufficient funds.
            </p>
            ${cardDeclined ? error : ''}
            <input
              type="text"
              id="card-number"
              name="card_number"
              value="${state.card ?? '4242 4242 4242 4242'}"
              inputmode="numeric"
              autocomplete="cc-number"
              aria-describedby="${cardDeclined ? 'card-hint checkout-error' : 'card-hint'}"
              ${cardDeclined ? html`aria-invalid="true"` : ''}
              required
            />`
    }
    <div>
      ${saved === null ? '' : html`<button type="submit" class="primary">Pay</button>`}
      <button type="submit" formaction="${DEV_CHECKOUT_PATH}/cancel" formnovalidate>Cancel</button>
    </div>
    ${
      saved === null
        ? ''
        : html`<p>
            To try what happens when Stripe's webhook is late and the customer closed the tab (e.g.
            a second tab pays for the same e-mail meanwhile):
            <button type="submit" formaction="${DEV_CHECKOUT_PATH}/pay-held">
              Pay, hold back the return and the webhook
            </button>
          </p>`
    }
  </form>`;
  return devPage(c, {
    title: `Pay ${site.product} ${planName}`,
    status: state.status ?? 200,
    body: html`<p class="note">
        Development checkout: it imitates Stripe's hosted page. No card is charged and nothing
        leaves this computer.
      </p>
      <h1>Subscribe to ${site.product} ${planName}</h1>
      ${summary} ${details} ${pay}`,
  });
}

/**
 * A development invoice, as Stripe's hosted invoice page shows it: open (due date, how to pay by
 * bank transfer, and "Mark as paid by bank transfer", what an operator does when the transfer
 * arrives) or paid; with the buyer, the PO number, the line and the tax.
 */
function devInvoicePage(c: Context<AppEnv>, invoice: LocalInvoice, session: LocalCheckoutSession) {
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const bank = billing.bankTransfer;
  const open = invoice.status === 'open';
  const state = open
    ? `Open — due ${formatIsoDay(invoice.dueAt ?? invoice.createdAt)}`
    : invoice.status === 'paid'
      ? `Paid${invoice.paidAt === null ? '' : ` on ${formatIsoDay(invoice.paidAt)}`}`
      : 'Void';
  const item =
    invoice.billingReason === 'subscription_update'
      ? `${site.product} ${planName}, seats added for the rest of the term`
      : `${site.product} ${planName}, one year`;
  return devPage(c, {
    title: `Invoice ${invoice.invoiceNumber}`,
    body: html`<p class="note">Development invoice: it imitates Stripe's hosted invoice page.</p>
      <h1>Invoice ${invoice.invoiceNumber}</h1>
      <dl>
        <dt>Status</dt>
        <dd id="invoice-status">${state}</dd>
        <dt>Date of issue</dt>
        <dd>${formatIsoDay(invoice.createdAt)}</dd>
        ${
          invoice.dueAt === null
            ? ''
            : html`<dt>Due date</dt>
                <dd>${formatIsoDay(invoice.dueAt)}</dd>`
        }
        ${
          invoice.poNumber === null
            ? ''
            : html`<dt>PO number</dt>
                <dd id="invoice-po">${invoice.poNumber}</dd>`
        }
        <dt>Billed to</dt>
        <dd>
          ${buyerBlock({
            billingDetails: invoice.billingDetails,
            customerEmail: session.customerEmail,
          })}
        </dd>
        <dt>Item</dt>
        <dd>${item}</dd>
        <dt>Price</dt>
        <dd>${seatPriceLine(invoice.quantity, money(invoice.unitAmount))}</dd>
        <dt>Subtotal</dt>
        <dd>${money(invoice.amountSubtotal)}</dd>
        ${taxLines({
          currency: invoice.currency,
          reverseCharge: invoice.reverseCharge,
          amountTax: invoice.amountTax,
          taxRateBp: invoice.taxRateBp,
        })}
        <dt>${open ? 'Amount due' : 'Amount'}</dt>
        <dd id="invoice-amount">${money(invoice.amountTotal)}</dd>
      </dl>
      ${invoice.reverseCharge ? html`<p>${billing.reverseChargeNote}</p>` : ''}
      ${
        open && invoice.collectionMethod === 'send_invoice'
          ? html`<article aria-labelledby="transfer-heading">
                <h2 id="transfer-heading">Pay by bank transfer</h2>
                <dl>
                  <dt>Account holder</dt>
                  <dd>${bank.accountHolder}</dd>
                  <dt>Bank</dt>
                  <dd>${bank.bankName}</dd>
                  <dt>IBAN</dt>
                  <dd>${bank.iban}</dd>
                  <dt>BIC / SWIFT</dt>
                  <dd>${bank.bic}</dd>
                  <dt>Reference</dt>
                  <dd>${invoice.invoiceNumber}</dd>
                </dl>
              </article>
              <form method="post" action="${DEV_CHECKOUT_PATH}/invoice/paid">
                <input type="hidden" name="id" value="${invoice.id}" />
                <p>
                  Development only: record the transfer as received, as an operator marks the
                  invoice paid in Stripe's dashboard. Stripe's <code>invoice.paid</code> event goes
                  to the webhook.
                </p>
                <button type="submit" class="primary">Mark as paid by bank transfer</button>
              </form>`
          : ''
      }`,
  });
}

/** Builds the /dev/checkout sub-app (not mounted here: see DevCheckoutOptions). */
export function createDevCheckoutRoutes(options: DevCheckoutOptions) {
  /** The local provider, or null: with Stripe configured these pages do not exist. */
  const localPayments = (c: Context<AppEnv>): LocalPaymentProvider | null => {
    if (c.get('config').ENVIRONMENT !== 'development') return null;
    const payments = options.payments(c);
    return isLocalPayments(payments) ? payments : null;
  };

  /** Pays the session the form names, once; or the answer saying why it was not paid now. */
  const payFromForm = async (c: Context<AppEnv>) => {
    const payments = localPayments(c);
    if (!payments) return c.notFound();
    if (!sameOrigin(c)) return c.text('Cross-site form posts are refused.', 403);
    const body = await c.req.parseBody();
    const id = typeof body['session_id'] === 'string' ? body['session_id'] : '';
    const card = typeof body['card_number'] === 'string' ? body['card_number'] : '';
    const paid = await payments.payWithCard(id, card);
    if (paid?.outcome === 'paid') return paid;
    const session = await payments.getCheckout(id);
    if (!session) return notFound(c, 'Checkout session');
    // A decline, or Pay before the details: the page again with the reason; nothing changed.
    if (paid?.outcome === 'declined') {
      return checkoutPage(c, session, { error: paid.message, card, status: 402 });
    }
    if (paid?.outcome === 'needs_details') {
      return checkoutPage(c, session, { error: billingDetailsMissing, status: 400 });
    }
    // Unknown, expired or already paid: the GET page explains which, without paying twice.
    return c.redirect(`${DEV_CHECKOUT_PATH}?session_id=${encodeURIComponent(id)}`, 303);
  };

  /**
   * Sends Stripe-signed events to our own webhook, in order. Like Stripe, a failed delivery
   * undoes nothing (the payment page, or Stripe's next delivery, finishes it); it is logged.
   */
  const deliverEvents = async (c: Context<AppEnv>, events: readonly SignedEvent[]) => {
    for (const { event, payload, signature } of events) {
      const request = new Request(new URL(STRIPE_WEBHOOK_PATH, c.req.url), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': signature,
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      try {
        const response = await options.deliver(request, c);
        if (!response.ok)
          console.warn(`/dev/checkout: webhook ${event.type} answered ${response.status}`);
      } catch (error) {
        console.warn(`/dev/checkout: webhook ${event.type} failed:`, error);
      }
    }
  };

  return (
    new Hono<AppEnv>()
      .get('/', async (c) => {
        const payments = localPayments(c);
        if (!payments) return c.notFound();
        const session = await payments.getCheckout(c.req.query('session_id') ?? '');
        if (!session) return notFound(c, 'Checkout session');
        const title = `Pay ${site.product} ${planName}`;

        if (session.status !== 'open' || session.expired) {
          const done = session.status === 'complete';
          return devPage(c, {
            title,
            status: done ? 200 : 410,
            body: html`<h1>
                ${done ? 'This checkout is already paid' : 'This checkout has expired'}
              </h1>
              ${refundNote(session)}
              ${
                done || session.status === 'open'
                  ? ''
                  : html`<p>
                      A newer checkout was opened for the same purchase, so this one closed.
                    </p>`
              }
              <p>
                <a
                  href="${done ? session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id) : session.cancelUrl}"
                  >Return to ${site.product}</a
                >
              </p>`,
          });
        }

        // An account that bought before finds its saved details filled in, as Stripe's page
        // does for a known customer.
        const prefill =
          session.billingDetails === null && 'userId' in session.reference
            ? await billingProfileOf(c.get('deps').db, session.reference.userId)
            : null;
        return checkoutPage(c, session, { prefill });
      })

      // The billing details: checked and stored with the amounts they lead to, then the page
      // again with the total; a mistake answers 400 with the form as typed and the reason.
      .post('/details', async (c) => {
        const payments = localPayments(c);
        if (!payments) return c.notFound();
        if (!sameOrigin(c)) return c.text('Cross-site form posts are refused.', 403);
        const body = await c.req.parseBody();
        const id = typeof body['session_id'] === 'string' ? body['session_id'] : '';
        const session = await payments.getCheckout(id);
        if (!session) return notFound(c, 'Checkout session');
        if (session.status !== 'open' || session.expired) {
          return c.redirect(`${DEV_CHECKOUT_PATH}?session_id=${encodeURIComponent(id)}`, 303);
        }
        // A form without the field keeps the seats the checkout was opened with.
        const quantity =
          body['quantity'] === undefined ? session.quantity : readQuantity(body['quantity']);
        if (quantity === null) {
          return checkoutPage(c, session, {
            error: seatsOutOfRange,
            errorField: 'quantity',
            typed: body,
            status: 400,
          });
        }
        const read = readBillingDetails(body);
        if (!read.ok) {
          return checkoutPage(c, session, {
            error: read.message,
            errorField: read.field,
            typed: body,
            status: 400,
          });
        }
        // Tax on the total of every seat, as Stripe computes it on the line's amount.
        // Like our own checks before the provider's page: only a VAT number the EU's register
        // confirms goes without VAT (production removes any other after Stripe's page).
        const taxIdStatus = await checkTaxId(c.get('deps'), read.details);
        const quote = quoteTax(STANDARD_AMOUNT * quantity, taxedDetails(read.details, taxIdStatus));
        await payments.saveCheckoutDetails(id, read.details, quote, quantity);
        return c.redirect(`${DEV_CHECKOUT_PATH}?session_id=${encodeURIComponent(id)}`, 303);
      })

      // Paid, but neither Stripe's events nor the browser's return arrive yet: the account is made
      // only when the payment page polls (or never, if no one returns).
      .post('/pay-held', async (c) => {
        const paid = await payFromForm(c);
        if (paid instanceof Response) return paid;
        const back = paid.session.successUrl.replace('{CHECKOUT_SESSION_ID}', paid.session.id);
        return devPage(c, {
          title: 'Paid, return held back',
          body: html`<p class="note">
              Development checkout: the payment is made, but Stripe's webhook events were not sent
              and the browser was not sent back, as when a customer closes the tab and the webhook
              is late.
            </p>
            <h1>Paid, return held back</h1>
            <p>
              <a href="${back}">Return to ${site.product}</a> (the payment page then finishes it)
            </p>`,
        });
      })

      .post('/pay', async (c) => {
        const paid = await payFromForm(c);
        if (paid instanceof Response) return paid;
        await deliverEvents(c, paid.events);
        return c.redirect(
          paid.session.successUrl.replace('{CHECKOUT_SESSION_ID}', paid.session.id),
          303,
        );
      })

      .post('/cancel', async (c) => {
        const payments = localPayments(c);
        if (!payments) return c.notFound();
        if (!sameOrigin(c)) return c.text('Cross-site form posts are refused.', 403);
        // Like Stripe's back link: the session stays open and simply expires.
        const session = await payments.getCheckout(await sessionIdFromForm(c));
        if (!session) return notFound(c, 'Checkout session');
        return c.redirect(session.cancelUrl, 303);
      })

      .get('/invoice', async (c) => {
        const payments = localPayments(c);
        if (!payments) return c.notFound();
        const sent = await payments.getInvoice(c.req.query('id') ?? '');
        if (sent) return devInvoicePage(c, sent.invoice, sent.session);
        const match = /^in_local_([A-Za-z0-9]{1,64})$/.exec(c.req.query('id') ?? '');
        const session = match ? await payments.getCheckout(`cs_local_${match[1]}`) : null;
        if (!session || session.paidAt === null) return notFound(c, 'Invoice');
        const invoice = (await payments.listInvoices(session.customerId)).find(
          (item) => item.id === c.req.query('id'),
        );
        if (!invoice) return notFound(c, 'Invoice');
        return devPage(c, {
          title: `Invoice ${invoice.number ?? ''}`,
          body: html`<p class="note">
              Development invoice: it imitates Stripe's hosted invoice page.
            </p>
            <h1>Invoice ${invoice.number}</h1>
            <dl>
              <dt>Status</dt>
              <dd>
                ${session.refundedAt === null ? 'Paid' : `Refunded on ${formatIsoDay(session.refundedAt)}`}
              </dd>
              ${
                session.canceledAt === null
                  ? ''
                  : html`<dt>Subscription</dt>
                      <dd>Cancelled on ${formatIsoDay(session.canceledAt)}</dd>`
              }
              <dt>Date paid</dt>
              <dd>${formatIsoDay(invoice.created)}</dd>
              <dt>Billed to</dt>
              <dd>${buyerBlock(session)}</dd>
              <dt>Item</dt>
              <dd>${site.product} ${planName}, one year</dd>
              <dt>Subtotal</dt>
              <dd>${formatMoney(session.amountSubtotal, invoice.currency)}</dd>
              ${taxLines(session)}
              <dt>Amount paid</dt>
              <dd>${formatMoney(invoice.amountPaid, invoice.currency)}</dd>
            </dl>
            ${session.reverseCharge ? html`<p>${billing.reverseChargeNote}</p>` : ''}`,
        });
      })

      // "Mark as paid by bank transfer": what an operator does in Stripe's dashboard when the
      // transfer arrives. Stripe then sends `invoice.paid`, delivered here to our webhook.
      .post('/invoice/paid', async (c) => {
        const payments = localPayments(c);
        if (!payments) return c.notFound();
        if (!sameOrigin(c)) return c.text('Cross-site form posts are refused.', 403);
        const body = await c.req.parseBody();
        const id = typeof body['id'] === 'string' ? body['id'] : '';
        const paid = await payments.markInvoicePaid(id);
        if (paid) await deliverEvents(c, paid.events);
        else if (!(await payments.getInvoice(id))) return notFound(c, 'Invoice');
        // Paid now or before: the invoice page shows it paid.
        return c.redirect(`${DEV_CHECKOUT_PATH}/invoice?id=${encodeURIComponent(id)}`, 303);
      })

      .get('/portal', async (c) => {
        const payments = localPayments(c);
        if (!payments) return c.notFound();
        const returnUrl = c.req.query('return_url') ?? '';
        // The return link must stay on this site (no open redirect, even in development).
        if (!URL.canParse(returnUrl) || new URL(returnUrl).origin !== new URL(c.req.url).origin) {
          return c.text('return_url must be a URL on this site.', 400);
        }
        const invoices = await payments.listInvoices(c.req.query('customer') ?? '');
        if (invoices.length === 0) return notFound(c, 'Customer');
        return devPage(c, {
          title: 'Billing portal',
          body: html`<p class="note">
              Development billing portal: it imitates Stripe's customer portal.
            </p>
            <h1>${site.product} billing</h1>
            <article aria-labelledby="card-heading">
              <h2 id="card-heading">Payment method</h2>
              <p>Visa ending in 4242 (test card)</p>
            </article>
            <article aria-labelledby="invoices-heading">
              <h2 id="invoices-heading">Invoice history</h2>
              <ul>
                ${invoices.map(
                  (invoice) =>
                    html`<li>
                      <a href="${invoice.hostedInvoiceUrl ?? '#'}"
                        >${formatIsoDay(invoice.created)}</a
                      >: ${formatMoney(invoice.amountPaid, invoice.currency)}, paid
                    </li>`,
                )}
              </ul>
            </article>
            <p><a href="${returnUrl}">Return to ${site.product}</a></p>`,
        });
      })
  );
}
