/**
 * The Billing & Invoices page's data: plan, license, the newest
 * subscription and the invoices the webhook recorded. Read from our own tables, so the page works
 * (and agrees with the license) even while the payment provider is unreachable.
 */
import { desc, eq } from 'drizzle-orm';
import {
  invoicePdfPath,
  type BillingOverview,
  type InvoiceView,
} from '../../../src/contract/billing';
import { invoices } from '../../db/schema';
import { findUserById } from '../core/users/users';
import { currentLicense, effectiveLicenseStatus } from '../core/licenses/licenses';
import { activeDeviceCount, deviceLimitOfLicense } from '../core/licenses/license-check';
import type { Deps } from '../shared/deps';
import { upgradeRefusal } from './purchase-rules';
import { isCancellable, newestSubscription } from '../core/payments/subscriptions';
import { iso } from '../shared/db';
import { isResumable } from '../core/payments/resume';
import { listUnitAmount, subscriptionCharges } from '../core/payments/charges';
import { cardOnFile } from './card-on-file';
import { savedBillingProfile } from './details';
import { taxIdNote } from './vat-check';

/** More than any account will have (Standard bills once a year); bounds the answer. */
const INVOICE_LIMIT = 100;

/**
 * Support's refund of a payment as the customer sees it: in progress from the decision (a refund
 * the provider refused once is retried by support, so it is still coming), then refunded.
 */
function refundView(row: typeof invoices.$inferSelect): InvoiceView['refund'] {
  if (row.refundStatus === null) return null;
  if (row.refundStatus === 'refunded') {
    return {
      state: 'refunded',
      amount: row.refundAmount ?? row.amountPaid,
      refundedAt: row.refundedAt === null ? null : iso(row.refundedAt),
    };
  }
  return { state: 'in-progress', amount: row.amountPaid, refundedAt: null };
}

export async function billingOverview(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  userId: string,
): Promise<BillingOverview> {
  const [user, license, subscription, rows, profile] = await Promise.all([
    findUserById(db, userId),
    currentLicense(db, userId),
    newestSubscription(db, userId),
    db
      .select()
      .from(invoices)
      .where(eq(invoices.userId, userId))
      .orderBy(desc(invoices.created), desc(invoices.id))
      .limit(INVOICE_LIMIT),
    savedBillingProfile(db, userId),
  ]);
  const details = profile?.details ?? null;
  if (!user || !license) throw new Error(`User ${userId} has no account or license`);
  // Only while a subscription is on the card: an ended one's card is not "on file" for anything.
  const [card, activeDevices, deviceLimit, charges] = await Promise.all([
    subscription && subscription.status !== 'canceled'
      ? cardOnFile(db, subscription.stripeCustomerId)
      : null,
    activeDeviceCount(db, license.id),
    deviceLimitOfLicense(db, license),
    subscription ? subscriptionCharges(db, subscription) : null,
  ]);
  return {
    plan: user.plan,
    licenseStatus: effectiveLicenseStatus(license, now),
    licenseExpiresAt: iso(license.expiresAt),
    devices: { active: activeDevices, limit: deviceLimit },
    subscription:
      subscription && charges
        ? {
            status: subscription.status,
            currentPeriodEnd:
              subscription.currentPeriodEnd === null ? null : iso(subscription.currentPeriodEnd),
            cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
            paymentFailedAt:
              subscription.paymentFailedAt === null ? null : iso(subscription.paymentFailedAt),
            paidBy: subscription.collectionMethod === 'send_invoice' ? 'invoice' : 'card',
            charge: charges.current,
            renewal: charges.renewal,
          }
        : null,
    card,
    details,
    taxIdNote: profile ? taxIdNote(profile.details.taxId, profile.taxIdStatus) : null,
    invoices: rows.map((row): InvoiceView => ({
      id: row.id,
      number: row.number,
      created: iso(row.created),
      amountPaid: row.amountPaid,
      currency: row.currency,
      status: row.status,
      url: row.hostedInvoiceUrl ?? row.invoicePdf,
      // The provider's PDF when it made one (Stripe), else ours from the recorded invoice.
      pdfUrl: row.invoicePdf ?? invoicePdfPath(row.id),
      taxAmount: row.taxAmount,
      reverseCharge: row.reverseCharge,
      // Rows from before seats were sold: one seat at the list price.
      quantity: row.quantity ?? 1,
      unitAmount: row.unitAmount ?? listUnitAmount(),
      seatsAdded: row.billingReason === 'subscription_update',
      dueAt: row.dueAt === null ? null : iso(row.dueAt),
      refund: refundView(row),
    })),
    actions: {
      // Trial, or Standard again after the subscription ended and the license lapsed.
      upgrade: upgradeRefusal(user, license, subscription, now) === null,
      // Every subscription row carries its customer (NOT NULL): one means a card on file —
      // except a team paying by invoice, which has no card to manage (its invoices are here).
      manageCard: subscription !== undefined && subscription.collectionMethod !== 'send_invoice',
      cancel: isCancellable(subscription),
      resume: isResumable(subscription, now),
      editDetails: details !== null || subscription !== undefined,
    },
  };
}
