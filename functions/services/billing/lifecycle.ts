/**
 * Invoice and subscription events from the Stripe webhook (webhook.ts): renewals, failed payments, cancellation.
 * Each effect is ONE batch whose first statement records the event (a replay fails its primary
 * key and the whole batch rolls back), with the e-mail it causes (a failed payment, a
 * cancellation) in the same batch. Delivery order is not guaranteed, so every state change
 * is a conditional update guarded by the `created` of the newest event already applied to the
 * subscription (`updated_from_event_created`): an older event never overwrites newer state.
 */
import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { invoicePdfPath, type BillingDetails } from '../../../src/contract/billing';
import { billing, plans, site } from '../../../src/site.config';
import { SeatMessages } from '../../../src/contract/messages';
import { formatDate, formatMoney } from '../../../src/lib/format';
import {
  billingProfiles,
  invoices,
  licenses,
  organizations,
  stripeEvents,
  subscriptions,
  type SubscriptionRow,
} from '../../db/schema';
import { findUserById } from '../core/users/users';
import { paymentFailedMail, receiptMail } from '../core/mail/lifecycle-templates';
import { deliverSoon, mailWritten, queueMailOnce, type QueuedMail } from '../core/mail/outbox';
import type { Db, Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { cancellationMail } from '../core/payments/cancellations';
import { resumedMail } from '../core/payments/resume';
import { refundOfSubscription } from './refunds';
import { isReplayedEvent, recordAlone, recordEvent, type EventRecord } from './stripe-events';
import { subscriptionByStripeId } from '../core/payments/subscriptions';
import type { InvoiceEvent, SubscriptionEvent } from './webhook-events';
import { formatRate } from './tax';
import { licensesPaidBy, teamTermStatement } from '../core/payments/teams';
import {
  renewalCharge,
  renewalQuantityOf,
  unitAmountOf,
  yearlyCharge,
} from '../core/payments/charges';
import { cardName } from '../../../src/lib/cards';
import { cardOnFile } from './card-on-file';
import { sentInvoiceStatements } from './invoiced';

/**
 * `applied`; `replayed` (already processed); `not_ready`: the subscription is not known yet (its
 * checkout has not been fulfilled), so the webhook answers non-2xx and Stripe delivers it again;
 * `refunded`: the subscription was refunded and cancelled as an unapplied payment (acknowledged).
 */
export type LifecycleOutcome = 'applied' | 'replayed' | 'not_ready' | 'refunded';

/** True (in SQL) while no newer event than `created` has been applied to the subscription. */
const notNewerThan = (sub: SubscriptionRow, created: Millis) =>
  sql`exists (select 1 from ${subscriptions} where ${subscriptions.id} = ${sub.id} and ${subscriptions.updatedFromEventCreated} <= ${created})`;

/** True (in SQL) unless the subscription was cancelled by a change newer than `created`. */
const notCanceledAfter = (sub: SubscriptionRow, created: Millis) =>
  sql`not exists (select 1 from ${subscriptions} where ${subscriptions.id} = ${sub.id} and ${subscriptions.status} = 'canceled' and ${subscriptions.updatedFromEventCreated} > ${created})`;

/**
 * The Standard licenses still in force (not revoked) the subscription pays for: the buyer's, and
 * its team members' when it pays for a team (core/payments/teams.ts).
 */
const standardLicenses = (sub: SubscriptionRow) => licensesPaidBy(sub);

/**
 * True (in SQL) while the subscription has not ended and its account is not deleted: whom a
 * failed payment is worth telling.
 */
const stillRunning = (sub: SubscriptionRow) =>
  sql`exists (select 1 from ${subscriptions} as s where s.id = ${sub.id} and s.status != 'canceled'
    and not exists (select 1 from users as u where u.id = s.user_id and u.is_deleted = 1))`;

/** Marks the subscription as updated by this event, if it is the newest so far. */
function touchSubscription(
  db: Db,
  sub: SubscriptionRow,
  created: Millis,
  now: Millis,
  set: Partial<typeof subscriptions.$inferInsert>,
) {
  return db
    .update(subscriptions)
    .set({ ...set, updatedFromEventCreated: created, updatedAt: now })
    .where(and(eq(subscriptions.id, sub.id), lte(subscriptions.updatedFromEventCreated, created)));
}

/** The deps an effect uses: the database and clock, and the origin and queue of its e-mails. */
type EffectDeps = Pick<Deps, 'db' | 'now' | 'origin' | 'tasks' | 'payments'>;

/**
 * Runs one effect's batch; `mail`, when given, is one of `statements` and is delivered when the
 * batch wrote it (its row may be conditional).
 */
async function run(
  deps: EffectDeps,
  statements: Parameters<Db['batch']>[0],
  mail: QueuedMail | null = null,
): Promise<LifecycleOutcome> {
  let results: readonly unknown[];
  try {
    results = await deps.db.batch(statements);
  } catch (error) {
    if (isReplayedEvent(error)) return 'replayed';
    throw error;
  }
  if (mail && mailWritten(results[statements.indexOf(mail.insert)])) {
    await deliverSoon(deps, mail);
  }
  return 'applied';
}

/**
 * Whom the invoice is billed to. The provider's invoice has one name (the business when there is
 * one); the account's billing details, when they name the same buyer, add the person.
 */
async function buyerOf(
  db: Db,
  event: InvoiceEvent,
  userId: string,
): Promise<BillingDetails | null> {
  if (event.buyer === null) return null;
  const [profile] = await db
    .select()
    .from(billingProfiles)
    .where(eq(billingProfiles.userId, userId))
    .limit(1);
  if (!profile || (profile.company ?? profile.name) !== event.buyer.name) return event.buyer;
  return { ...event.buyer, company: profile.company, name: profile.name };
}

/** The invoices row an invoice event describes. */
function invoiceRow(
  event: InvoiceEvent,
  sub: SubscriptionRow,
  status: 'paid' | 'open',
  buyer: BillingDetails | null = event.buyer,
): typeof invoices.$inferInsert {
  return {
    subtotal: event.subtotal,
    taxAmount: event.taxAmount,
    taxRateBp: event.taxRateBp,
    reverseCharge: event.reverseCharge,
    buyer,
    id: event.invoiceId,
    userId: sub.userId,
    number: event.number,
    amountPaid: event.amountPaid,
    currency: event.currency,
    status,
    hostedInvoiceUrl: event.hostedInvoiceUrl,
    invoicePdf: event.invoicePdf,
    created: event.created,
    quantity: event.quantity,
    unitAmount:
      event.quantity === null || event.subtotal === null
        ? null
        : Math.round(event.subtotal / event.quantity),
    billingReason: event.billingReason,
    periodStart: event.periodStart,
    periodEnd: event.periodEnd,
    // What the hourly reconcile-payments job looks for: a subscription with no invoice yet.
    stripeSubscriptionId: sub.stripeSubscriptionId,
  };
}

/**
 * How an invoice was paid, in words: "Bank transfer" for one sent to be paid by transfer, else
 * the card the provider charges for the subscription (asked now, best effort: a receipt is never
 * held up by it), else the card on file; null when neither is known.
 */
async function paymentMethodOf(deps: EffectDeps, event: InvoiceEvent): Promise<string | null> {
  if (event.collectionMethod === 'send_invoice') return 'Bank transfer';
  if (event.customerId === null) return null;
  try {
    const card = await deps.payments.paymentCard({
      customerId: event.customerId,
      subscriptionId: event.subscriptionId,
    });
    if (card) return cardName(card);
  } catch (error) {
    console.error(`Could not read the card of invoice ${event.invoiceId}:`, error);
  }
  const known = await cardOnFile(deps.db, event.customerId);
  return known && cardName(known);
}

/**
 * The next renewal a receipt names: at the end of the period just paid, for the seats it renews
 * with at this invoice's tax; null when the subscription is set to end instead.
 */
function nextRenewalOf(
  event: InvoiceEvent,
  sub: SubscriptionRow,
): { at: number; amountCents: number } | null {
  if (sub.cancelAtPeriodEnd || sub.status === 'canceled' || event.periodEnd === null) return null;
  const seats =
    event.billingReason === 'subscription_cycle' && event.quantity !== null
      ? event.quantity
      : renewalQuantityOf(sub);
  const charge = yearlyCharge(seats, unitAmountOf(sub), {
    rateBp: event.taxRateBp ?? 0,
    reverseCharge: event.reverseCharge,
  });
  return { at: event.periodEnd, amountCents: charge.subtotal + charge.tax };
}

/**
 * The receipt of a paid invoice, written once per invoice (its dedupe key), whichever delivery or
 * path records the invoice.
 */
async function receiptOf(
  deps: EffectDeps,
  event: InvoiceEvent,
  sub: SubscriptionRow,
  email: string,
  name: string,
) {
  return queueMailOnce(
    deps.db,
    await receiptMail(
      email,
      name,
      {
        number: event.number ?? event.invoiceId,
        paidAt: event.created,
        amountCents: event.amountPaid,
        subtotalCents: event.subtotal ?? event.amountPaid - event.taxAmount,
        taxCents: event.taxAmount,
        taxLabel:
          event.taxAmount > 0
            ? `VAT${event.taxRateBp === null ? '' : ` ${formatRate(event.taxRateBp)}`}`
            : null,
        reverseChargeNote: event.reverseCharge ? billing.reverseChargeNote : null,
        currency: event.currency,
        pdfUrl: event.invoicePdf ?? `${deps.origin}${invoicePdfPath(event.invoiceId)}`,
        paymentMethod: await paymentMethodOf(deps, event),
        period:
          event.periodStart === null || event.periodEnd === null
            ? null
            : { start: event.periodStart, end: event.periodEnd },
        renewal: nextRenewalOf(event, sub),
        ...receiptItem(event),
      },
      deps.origin,
    ),
    deps.now,
    `receipt:${event.invoiceId}`,
  );
}

/** What a receipt names for the seats it paid: added seats, or a year of more than one seat. */
function receiptItem(event: InvoiceEvent): { item?: string } {
  const seats = event.quantity;
  if (seats === null) return {};
  if (event.billingReason === 'subscription_update') {
    return {
      item: `${SeatMessages.seatCount(seats)} added${event.periodEnd === null ? '' : ` until ${formatDate(event.periodEnd, 'UTC')}`}`,
    };
  }
  if (seats < 2 || event.subtotal === null) return {};
  return {
    item: `${site.product} ${plans.standard.name}, one year: ${SeatMessages.seatPriceLine(seats, formatMoney(Math.round(event.subtotal / seats), event.currency)).replace(' / year', '')}`,
  };
}

/**
 * The new period an invoice bills, applied: every license the subscription pays for runs to the
 * period's end and so does its team's term; a renewal sets the seats it bills (fewer when the
 * owner removed some at renewal) on the subscription and its team.
 */
function periodStatements(
  deps: EffectDeps,
  event: InvoiceEvent,
  sub: SubscriptionRow,
  periodEnd: Millis,
): Parameters<Db['batch']>[0][number][] {
  const { db, now } = deps;
  return [
    // Extending is safe in any order: the expiry only ever moves forward here. Except after
    // the subscription ended by a newer change (an operator's cancel now, or Stripe's deletion):
    // a late invoice of the old period must not give the license its year back.
    db
      .update(licenses)
      .set({ expiresAt: periodEnd })
      .where(
        and(
          standardLicenses(sub),
          lt(licenses.expiresAt, periodEnd),
          notCanceledAfter(sub, event.created),
        ),
      ),
    // A team's term follows the period paid for, as its members' licenses do.
    teamTermStatement(
      db,
      sub.stripeSubscriptionId,
      periodEnd,
      now,
      notCanceledAfter(sub, event.created),
    ),
    ...(event.billingReason === 'subscription_cycle' && event.quantity !== null
      ? [
          db
            .update(subscriptions)
            .set({ quantity: event.quantity, renewalQuantity: null })
            .where(and(eq(subscriptions.id, sub.id), notNewerThan(sub, event.created))),
          db
            .update(organizations)
            .set({ seats: event.quantity, updatedAt: now })
            .where(
              and(
                eq(organizations.stripeSubscriptionId, sub.stripeSubscriptionId),
                notNewerThan(sub, event.created),
              ),
            ),
        ]
      : []),
  ];
}

/**
 * invoice.paid: record the invoice (with its buyer and tax), extend the license to the period
 * end, reactivate, and e-mail the receipt. Without `record`, the same for a paid invoice read from
 * the provider because its event is late or lost (reconcile.ts): the invoice row is keyed by its
 * id and the receipt by `receipt:<invoice id>`, so whichever comes first records them, once.
 */
async function invoicePaid(
  deps: EffectDeps,
  event: InvoiceEvent,
  sub: SubscriptionRow,
  record: EventRecord | null,
) {
  const { db, now } = deps;
  const periodEnd = event.periodEnd ?? now;
  const [user, buyer] = await Promise.all([
    findUserById(db, sub.userId),
    buyerOf(db, event, sub.userId),
  ]);
  const mail = user && (await receiptOf(deps, event, sub, user.email, user.customerName));
  const effect: Parameters<Db['batch']>[0] = [
    db
      .insert(invoices)
      .values(invoiceRow(event, sub, 'paid', buyer))
      .onConflictDoUpdate({
        target: invoices.id,
        set: {
          status: 'paid',
          amountPaid: event.amountPaid,
          hostedInvoiceUrl: event.hostedInvoiceUrl,
          invoicePdf: event.invoicePdf,
          number: event.number,
          subtotal: event.subtotal,
          taxAmount: event.taxAmount,
          taxRateBp: event.taxRateBp,
          reverseCharge: event.reverseCharge,
          buyer,
          quantity: event.quantity,
          billingReason: event.billingReason,
          periodStart: event.periodStart,
          periodEnd: event.periodEnd,
          stripeSubscriptionId: sub.stripeSubscriptionId,
        },
      }),
    ...(mail ? [mail.insert] : []),
    ...periodStatements(deps, event, sub, periodEnd),
    db
      .update(licenses)
      .set({ status: 'active' })
      .where(
        and(
          standardLicenses(sub),
          inArray(licenses.status, ['suspended', 'expired']),
          notNewerThan(sub, event.created),
        ),
      ),
    touchSubscription(db, sub, event.created, now, {
      status: sub.status === 'cancelling' ? 'cancelling' : 'active',
      currentPeriodEnd: Math.max(sub.currentPeriodEnd ?? 0, periodEnd),
      paymentFailedAt: null,
    }),
  ];
  return run(deps, record ? [recordEvent(db, record, now), ...effect] : effect, mail);
}

/**
 * invoice.payment_failed: the subscription is past due and the license suspended (terms), and the
 * customer is told how to update the card: once per invoice (Stripe reports every retry that
 * fails as a new event), and only for the newest state of a subscription that has not ended.
 */
async function invoiceFailed(
  deps: EffectDeps,
  event: InvoiceEvent,
  sub: SubscriptionRow,
  record: EventRecord,
) {
  const { db, now, origin } = deps;
  const user = await findUserById(db, sub.userId);
  const mail =
    user &&
    queueMailOnce(
      db,
      await paymentFailedMail(
        user.email,
        user.customerName,
        {
          amountCents: event.amountDue,
          currency: event.currency,
          nextAttemptAt: event.nextPaymentAttempt,
          invoiceUrl: event.hostedInvoiceUrl,
        },
        origin,
      ),
      now,
      `payment-failed:${event.invoiceId}`,
      sql`${notNewerThan(sub, event.created)} and ${stillRunning(sub)}`,
    );
  return run(
    deps,
    [
      recordEvent(db, record, now),
      ...(mail ? [mail.insert] : []),
      db
        .insert(invoices)
        .values(invoiceRow(event, sub, 'open'))
        .onConflictDoNothing(),
      db
        .update(licenses)
        .set({ status: 'suspended' })
        .where(
          and(
            standardLicenses(sub),
            eq(licenses.status, 'active'),
            notNewerThan(sub, event.created),
          ),
        ),
      touchSubscription(db, sub, event.created, now, {
        status: 'past_due',
        paymentFailedAt: event.created,
      }),
    ],
    mail,
  );
}

/**
 * invoice.finalized of a renewal collected by invoice (bank transfer): the new year runs at once,
 * as the first did, and is owed by the due date. The invoice is recorded open with its due date
 * and PO number (so the invoices-due job reminds and, unpaid, suspends; invoice.paid lifts it),
 * the licenses and the team run to the new period's end, and the invoice is e-mailed, once.
 */
async function renewalInvoiceSent(
  deps: EffectDeps,
  event: InvoiceEvent & { dueAt: Millis },
  sub: SubscriptionRow,
  record: EventRecord,
) {
  const { db, now } = deps;
  const periodEnd = event.periodEnd ?? now;
  const [user, buyer] = await Promise.all([
    findUserById(db, sub.userId),
    buyerOf(db, event, sub.userId),
  ]);
  const sent =
    user &&
    (await sentInvoiceStatements(
      deps,
      { ...event, buyer },
      {
        userId: sub.userId,
        email: user.email,
        name: user.customerName,
        subscriptionId: sub.stripeSubscriptionId,
      },
    ));
  return run(
    deps,
    [
      recordEvent(db, record, now),
      ...(sent ? sent.statements : []),
      ...periodStatements(deps, event, sub, periodEnd),
      touchSubscription(db, sub, event.created, now, {
        currentPeriodEnd: Math.max(sub.currentPeriodEnd ?? 0, periodEnd),
      }),
    ],
    sent?.mail ?? null,
  );
}

/** Our status for Stripe's subscription state. */
function statusOf(event: SubscriptionEvent): SubscriptionRow['status'] {
  if (event.type === 'customer.subscription.deleted' || event.status === 'canceled') {
    return 'canceled';
  }
  if (event.status === 'past_due' || event.status === 'unpaid') return 'past_due';
  if (event.cancelAtPeriodEnd || event.cancelAt !== null) return 'cancelling';
  return 'active';
}

/**
 * customer.subscription.updated / deleted: cancel at period end → `cancelling`, the license
 * expires at the period end; deleted → `canceled` and the license expires at the period end
 * (or when the subscription ended, if earlier). Older events than the last applied are ignored.
 * The event that first reports a cancellation (made in Stripe's portal or dashboard, or Stripe
 * ending a subscription whose payments kept failing) e-mails the customer (cancellations.ts).
 */
async function subscriptionChanged(
  deps: EffectDeps,
  event: SubscriptionEvent,
  sub: SubscriptionRow,
  record: EventRecord,
) {
  const { db, now } = deps;
  const status = statusOf(event);
  const endsAt =
    status === 'canceled'
      ? Math.min(event.currentPeriodEnd ?? Infinity, event.endedAt ?? Infinity)
      : status === 'cancelling'
        ? (event.cancelAt ?? event.currentPeriodEnd)
        : null;
  const licenseEnd = endsAt === null || !Number.isFinite(endsAt) ? null : endsAt;
  const stopsRenewal = status === 'canceled' || event.cancelAtPeriodEnd || event.cancelAt !== null;
  // Renewing again while we hold it as set to end: resumed in Stripe's portal or dashboard (our
  // own resume recorded it first, so its mail condition no longer holds then).
  const resumes = !stopsRenewal && sub.cancelAtPeriodEnd && event.currentPeriodEnd !== null;
  const user = stopsRenewal || resumes ? await findUserById(db, sub.userId) : undefined;
  // What the card will be charged at renewal, with tax, as every renewal sentence names it.
  const charge = resumes ? await renewalCharge(db, sub) : undefined;
  const mail =
    user &&
    (await (stopsRenewal
      ? cancellationMail(
          deps,
          user,
          sub,
          licenseEnd ?? event.cancelAt ?? event.currentPeriodEnd ?? now,
          notNewerThan(sub, event.created),
        )
      : resumedMail(
          deps,
          user,
          sub,
          event.currentPeriodEnd ?? now,
          notNewerThan(sub, event.created),
          charge,
        )));
  return run(
    deps,
    [
      recordEvent(db, record, now),
      // Before the update below: written only while the subscription still renewed.
      ...(mail ? [mail.insert] : []),
      ...(licenseEnd === null
        ? []
        : [
            db
              .update(licenses)
              .set({ expiresAt: licenseEnd })
              .where(and(standardLicenses(sub), notNewerThan(sub, event.created))),
          ]),
      touchSubscription(db, sub, event.created, now, {
        status,
        cancelAtPeriodEnd: event.cancelAtPeriodEnd,
        // A resumed subscription is no longer a cancellation in the console's overview.
        ...(resumes ? { cancelReason: null } : {}),
        ...(event.currentPeriodEnd === null ? {} : { currentPeriodEnd: event.currentPeriodEnd }),
      }),
    ],
    mail,
  );
}

/** An effect of one event on a known subscription. */
type Effect<E> = (
  deps: EffectDeps,
  event: E,
  sub: SubscriptionRow,
  record: EventRecord,
) => Promise<LifecycleOutcome>;

/** Runs `effect` on the event's subscription; without a known one: replayed or not ready. */
async function onSubscription<E extends InvoiceEvent | SubscriptionEvent>(
  deps: EffectDeps,
  event: E,
  record: EventRecord,
  effect: Effect<E>,
): Promise<LifecycleOutcome> {
  const { db, now } = deps;
  const sub = event.subscriptionId
    ? await subscriptionByStripeId(db, event.subscriptionId)
    : undefined;
  if (!sub) {
    // A payment we refunded (refunds.ts) never gets a subscription row: its later events are
    // acknowledged, not retried for days.
    if (event.subscriptionId && (await refundOfSubscription(db, event.subscriptionId))) {
      return (await recordAlone(db, record, now)) ? 'refunded' : 'replayed';
    }
    const [seen] = await db
      .select({ id: stripeEvents.id })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, record.id))
      .limit(1);
    return seen ? 'replayed' : 'not_ready';
  }
  return effect(deps, event, sub, record);
}

/** invoice.paid */
export const onInvoicePaid = (deps: Deps, event: InvoiceEvent, record: EventRecord) =>
  onSubscription(deps, event, record, invoicePaid);

/**
 * A paid invoice read from the provider instead of from its `invoice.paid` event (reconcile.ts):
 * the same effect, with no event to record.
 */
export const recordPaidInvoice = (deps: Deps, event: InvoiceEvent, sub: SubscriptionRow) =>
  invoicePaid(deps, event, sub, null);

/** invoice.finalized of a renewal paid by invoice (invoice-finalized.ts picks it). */
export const onRenewalInvoiceSent = (
  deps: Deps,
  event: InvoiceEvent & { dueAt: Millis },
  record: EventRecord,
) => onSubscription(deps, event, record, renewalInvoiceSent);

/** invoice.payment_failed */
export const onInvoicePaymentFailed = (deps: Deps, event: InvoiceEvent, record: EventRecord) =>
  onSubscription(deps, event, record, invoiceFailed);

/** customer.subscription.updated and customer.subscription.deleted */
export const onSubscriptionChanged = (deps: Deps, event: SubscriptionEvent, record: EventRecord) =>
  onSubscription(deps, event, record, subscriptionChanged);
