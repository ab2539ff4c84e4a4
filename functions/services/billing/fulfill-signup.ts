/**
 * Fulfillment of a paid Standard checkout, exactly once. It runs from the webhook
 * (checkout.session.completed / async_payment_succeeded) AND from check-payment-completion, which
 * asks the provider for the session when the webhook is late; whichever comes first wins.
 *
 * One db.batch creates the account, its Standard license and its subscription row (with the seats
 * bought; 2 or more also make the buyer's team, core/payments/teams.ts) and marks the
 * pending signup completed, with the welcome e-mail (plus, from the webhook, the stripe_events row
 * as its FIRST statement).
 * UNIQUE constraints settle every race: users.email_normalized makes a second fulfillment of the
 * same pending signup fail as a whole, and stripe_events.id makes a replayed event fail as a whole.
 */
import { and, eq, isNull } from 'drizzle-orm';
import {
  licenses,
  pendingSignups,
  subscriptions,
  users,
  type UserRow,
  type LicenseRow,
  type PendingSignupRow,
  type RefundRow,
} from '../../db/schema';
import { findUserByEmail, newUser } from '../core/users/users';
import { currentLicense, newStandardLicense } from '../core/licenses/licenses';
import { deliverSoon, queueMail } from '../core/mail/outbox';
import { welcomeMail } from '../core/mail/templates';
import { isUniqueViolation, type Db } from '../shared/db';
import type { Deps } from '../shared/deps';
import { findPendingSignup } from '../core/payments/pending-signups';
import { isReplayedEvent, recordAlone, recordEvent, type EventRecord } from './stripe-events';
import { refundUnappliedPayment } from './refunds';
import { newSubscription, STANDARD_UNIT_AMOUNT } from '../core/payments/subscriptions';
import { makesTeam, newTeamStatements, teamName } from '../core/payments/teams';
import { sentInvoiceStatements, type SentInvoice } from './invoiced';

/** What the paid checkout says about the customer, and the event it came from (null when polling). */
export interface PaidCheckout {
  pendingSignupId: string;
  /** The provider's checkout session the payment came from. */
  checkoutSessionId: string;
  customerId: string | null;
  subscriptionId: string | null;
  event: EventRecord | null;
  /** Seats bought, as the provider reports them; the seats chosen at signup when unknown. */
  quantity?: number | null | undefined;
  /** The buyer's company from the checkout, the name of a team. */
  company?: string | null | undefined;
  /**
   * Paid by invoice (bank transfer): the subscription's first invoice, open until paid. The
   * purchase is fulfilled now; the same batch records the invoice and e-mails it (invoiced.ts).
   */
  invoiced?: SentInvoice | null | undefined;
}

export type FulfillmentResult =
  /** This call created the account (and wrote the welcome e-mail). */
  | { outcome: 'created'; user: UserRow; license: LicenseRow }
  /** Someone else (webhook or polling) already did. */
  | { outcome: 'already'; user: UserRow }
  /** The event was already processed. */
  | { outcome: 'replayed' }
  /** No such pending signup (not ours, or purged). */
  | { outcome: 'unknown' }
  /**
   * The e-mail belongs to an account that this pending signup did not create (two tabs paid):
   * this payment is refunded (refunds.ts), or `conflict` when the provider gave no subscription.
   */
  | { outcome: 'refunded'; refund: RefundRow }
  /** The same for an order paid by invoice: nothing was paid, its invoice is void (refunds.ts). */
  | { outcome: 'voided'; refund: RefundRow }
  | { outcome: 'conflict' };

/**
 * Creates the account of a paid pending signup, exactly once (see the file comment); the call
 * that creates it writes the welcome e-mail in the same batch.
 */
export async function fulfillPendingSignup(
  deps: Deps,
  paid: PaidCheckout,
): Promise<FulfillmentResult> {
  const { db, now } = deps;
  const { event } = paid;
  const pending = await findPendingSignup(db, paid.pendingSignupId);
  if (!pending) {
    if (event) await recordAlone(db, event, now);
    return { outcome: 'unknown' };
  }
  const existing = async (): Promise<FulfillmentResult> => {
    const user = await findUserByEmail(db, pending.emailNormalized);
    const fresh = await findPendingSignup(db, pending.id);
    if (user && fresh?.completedAt != null) return { outcome: 'already', user };
    if (!paid.subscriptionId) {
      console.error(`Paid pending signup ${pending.id} collides with another account's e-mail`);
      return { outcome: 'conflict' };
    }
    // Paid a second time for an e-mail that has an account by now: give this payment back (an
    // order paid by invoice, unpaid yet: void its invoice).
    const refund = await refundUnappliedPayment(deps, {
      subscriptionId: paid.subscriptionId,
      customerId: paid.customerId,
      checkoutSessionId: paid.checkoutSessionId,
      pendingSignupId: pending.id,
      userId: user?.id ?? null,
      email: pending.email,
      reason: 'account_exists',
    });
    return { outcome: paid.invoiced ? 'voided' : 'refunded', refund };
  };
  if (pending.completedAt !== null) {
    if (event && !(await recordAlone(db, event, now))) return { outcome: 'replayed' };
    return existing();
  }

  const user = newUser(pending, 'Standard', now);
  const license = newStandardLicense(user.id, now);
  const welcome = queueMail(
    db,
    await welcomeMail(user.email, user.customerName, license, deps.origin),
    now,
  );
  const quantity = paid.quantity ?? pending.seats;
  const subscription =
    paid.subscriptionId && paid.customerId
      ? db.insert(subscriptions).values(
          newSubscription({
            userId: user.id,
            customerId: paid.customerId,
            subscriptionId: paid.subscriptionId,
            currentPeriodEnd: license.expiresAt,
            eventCreated: event?.created ?? 0,
            now,
            quantity,
            unitAmount: STANDARD_UNIT_AMOUNT,
            collectionMethod: paid.invoiced ? 'send_invoice' : 'charge_automatically',
          }),
        )
      : null;
  const sent =
    paid.invoiced && paid.subscriptionId
      ? await sentInvoiceStatements(deps, paid.invoiced, {
          userId: user.id,
          email: user.email,
          name: user.customerName,
          subscriptionId: paid.subscriptionId,
        })
      : null;
  // Two or more seats: the buyer owns a team and takes its first seat with this license.
  const team =
    paid.subscriptionId && makesTeam(quantity)
      ? newTeamStatements(db, {
          ownerUserId: user.id,
          name: teamName({ customerName: user.customerName, company: paid.company }),
          licenseId: license.id,
          stripeSubscriptionId: paid.subscriptionId,
          seats: quantity,
          termStart: now,
          termEnd: license.expiresAt,
          now,
        }).statements
      : [];
  const createUser = db.insert(users).values(user);
  const statements = [
    db.insert(licenses).values(license),
    db
      .update(pendingSignups)
      .set({ completedAt: now })
      .where(and(eq(pendingSignups.id, pending.id), isNull(pendingSignups.completedAt))),
    welcome.insert,
    ...(subscription ? [subscription] : []),
    ...team,
    ...(sent ? sent.statements : []),
  ];
  try {
    // The event row FIRST, so a replayed event fails the whole batch.
    await db.batch(
      event
        ? [recordEvent(db, event, now), createUser, ...statements]
        : [createUser, ...statements],
    );
  } catch (error) {
    if (isReplayedEvent(error)) return { outcome: 'replayed' };
    if (
      isUniqueViolation(error, 'users.') ||
      isUniqueViolation(error, 'subscriptions.') ||
      isUniqueViolation(error, 'organizations.')
    ) {
      if (event && !(await recordAlone(db, event, now))) return { outcome: 'replayed' };
      return existing();
    }
    throw error;
  }
  await deliverSoon(deps, welcome, ...(sent ? [sent.mail] : []));
  return { outcome: 'created', user, license };
}

/** The account and license a completed pending signup created (for signing its browser in). */
export async function fulfilledAccount(
  db: Db,
  pending: PendingSignupRow,
): Promise<{ user: UserRow; license: LicenseRow } | null> {
  if (pending.completedAt === null) return null;
  const user = await findUserByEmail(db, pending.emailNormalized);
  if (!user) return null;
  const license = await currentLicense(db, user.id);
  return license ? { user, license } : null;
}
