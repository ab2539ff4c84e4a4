/**
 * Helpers for the tests of teams paying by invoice: a purchase body, a verified Standard signup
 * form, the purchase routes, the local stand-in's `invoice.finalized` delivered to our webhook,
 * and the rows the tests read back.
 */
import { expect } from 'vitest';
import type { InvoicePurchaseBody } from '../../src/contract/schemas/invoice-purchase';
import type {
  InvoiceSignupResponse,
  InvoiceUpgradeResponse,
} from '../../src/contract/invoice-purchase';
import type { BillingDetails } from '../../src/contract/billing';
import {
  queryAll,
  signupForm,
  verifyEmail,
  type AccountApp,
  type SignedInAccount,
} from './account-helpers';
import { deliver, GERMAN_COMPANY, type BillingWorld } from './billing-helpers';

export const PO = 'PO-4711/2026';

/** A purchase of `seats` seats billed to a German company with a VAT ID (reverse charge). */
export function purchaseOf(
  seats: number,
  overrides: Partial<Omit<InvoicePurchaseBody, 'details'>> & {
    details?: Partial<BillingDetails>;
  } = {},
) {
  const { details, ...rest } = overrides;
  return {
    seats,
    details: { ...GERMAN_COMPANY, ...details },
    poNumber: PO,
    purchaseId: crypto.randomUUID(),
    ...rest,
  };
}

/** A Standard signup form whose e-mail was verified (the code sent and checked). */
export async function verifiedStandardForm(app: AccountApp) {
  const form = signupForm({ plan: 'standard' });
  await verifyEmail(app, form);
  return form;
}

/** POST /api/register-email-standard-invoice with a verified form and a purchase. */
export function signUpByInvoice(
  app: AccountApp,
  form: ReturnType<typeof signupForm>,
  purchase: ReturnType<typeof purchaseOf>,
) {
  return app.post('/api/register-email-standard-invoice', { ...form, ...purchase });
}

/** POST /api/billing/invoice as the signed-in account's browser. */
export function upgradeByInvoice(
  app: AccountApp,
  account: SignedInAccount,
  purchase: ReturnType<typeof purchaseOf>,
) {
  return app.post('/api/billing/invoice', purchase, account.browser);
}

/** A new team by invoice through the signup route, expected to succeed. */
export async function teamSignedUpByInvoice(world: BillingWorld, seats: number) {
  const form = await verifiedStandardForm(world.app);
  const response = await signUpByInvoice(world.app, form, purchaseOf(seats));
  expect(response.status, await response.clone().text()).toBe(200);
  const body = await response.json<InvoiceSignupResponse>();
  return { form, ...body };
}

/** A Trial account's team by invoice through the upgrade route, expected to succeed. */
export async function teamUpgradedByInvoice(
  world: BillingWorld,
  account: SignedInAccount,
  seats: number,
) {
  const response = await upgradeByInvoice(world.app, account, purchaseOf(seats));
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json<InvoiceUpgradeResponse>()).invoice;
}

/** Delivers the stand-in's `invoice.finalized` of `invoiceId` to our webhook; its answer. */
export async function deliverFinalized(world: BillingWorld, invoiceId: string) {
  const event = await world.local.invoiceFinalized(invoiceId);
  if (!event) throw new Error(`no invoice ${invoiceId}`);
  return deliver(world.app, event.payload, event.signature);
}

/** Every subscription of the accounts with this e-mail. */
export async function subscriptionsOf(email: string) {
  return queryAll<{
    stripe_subscription_id: string;
    status: string;
    collection_method: string;
    quantity: number;
  }>(
    `SELECT s.stripe_subscription_id, s.status, s.collection_method, s.quantity FROM subscriptions s
       JOIN users u ON u.id = s.user_id WHERE u.email = ?`,
    email,
  );
}

/** The team (organization) the account with this e-mail owns. */
export async function teamsOf(email: string) {
  return queryAll<{ kind: string; seats: number; name: string }>(
    `SELECT o.kind, o.seats, o.name FROM organizations o JOIN users u ON u.id = o.owner_user_id
       WHERE u.email = ?`,
    email,
  );
}

/** The licenses of the account with this e-mail. */
export async function licensesOf(email: string) {
  return queryAll<{ plan: string; status: string; expires_at: number }>(
    `SELECT l.plan, l.status, l.expires_at FROM licenses l JOIN users u ON u.id = l.user_id
       WHERE u.email = ?`,
    email,
  );
}

/** One invoice row as recorded. */
export async function invoiceRow(id: string) {
  const [row] = await queryAll<{
    status: string;
    due_at: number | null;
    po_number: string | null;
    amount_paid: number;
    quantity: number;
    billing_reason: string | null;
    stripe_subscription_id: string | null;
  }>(
    `SELECT status, due_at, po_number, amount_paid, quantity, billing_reason, stripe_subscription_id
       FROM invoices WHERE id = ?`,
    id,
  );
  return row;
}

/** The stand-in's invoiced sessions for this e-mail: one per subscription paid by invoice. */
export function invoicedSessionsOf(world: BillingWorld, email: string) {
  return [...world.store.sessions.values()].filter(
    (session) => session.customerEmail === email && session.collectionMethod === 'send_invoice',
  );
}
