/**
 * Invoice and subscription events from the Stripe webhook (webhook.ts): renewals, failed payments, cancellation.
 * Each effect is ONE batch whose first statement records the event (a replay fails its primary
 * key and the whole batch rolls back). Delivery order is not guaranteed, so every state change
 * is a conditional update guarded by the `created` of the newest event already applied to the
 * subscription (`updated_from_event_created`): an older event never overwrites newer state.
 */
import { and, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { invoices, licenses, stripeEvents, subscriptions } from '../../db/schema';
import type { Db, Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { refundOfSubscription } from './refunds';
import { isReplayedEvent, recordAlone, recordEvent, type EventRecord } from './stripe-events';
import { subscriptionByStripeId, type SubscriptionRow } from './subscriptions';
import type { InvoiceEvent, SubscriptionEvent } from './webhook-events';

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

/** The user's Standard licenses still in force (not revoked). */
const standardLicenses = (sub: SubscriptionRow) =>
  and(
    eq(licenses.userId, sub.userId),
    eq(licenses.plan, 'Standard'),
    ne(licenses.status, 'revoked'),
  );

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

async function run(db: Db, statements: Parameters<Db['batch']>[0]): Promise<LifecycleOutcome> {
  try {
    await db.batch(statements);
    return 'applied';
  } catch (error) {
    if (isReplayedEvent(error)) return 'replayed';
    throw error;
  }
}

/** The invoices row an invoice event describes. */
function invoiceRow(
  event: InvoiceEvent,
  sub: SubscriptionRow,
  status: 'paid' | 'open',
): typeof invoices.$inferInsert {
  return {
    id: event.invoiceId,
    userId: sub.userId,
    number: event.number,
    amountPaid: event.amountPaid,
    currency: event.currency,
    status,
    hostedInvoiceUrl: event.hostedInvoiceUrl,
    invoicePdf: event.invoicePdf,
    created: event.created,
  };
}

/** invoice.paid: record the invoice, extend the license to the period end, reactivate. */
async function invoicePaid(
  db: Db,
  event: InvoiceEvent,
  sub: SubscriptionRow,
  record: EventRecord,
  now: Millis,
) {
  const periodEnd = event.periodEnd ?? now;
  return run(db, [
    recordEvent(db, record, now),
    db
      .insert(invoices)
      .values(invoiceRow(event, sub, 'paid'))
      .onConflictDoUpdate({
        target: invoices.id,
        set: {
          status: 'paid',
          amountPaid: event.amountPaid,
          hostedInvoiceUrl: event.hostedInvoiceUrl,
          invoicePdf: event.invoicePdf,
        },
      }),
    // Extending is safe in any order: the expiry only ever moves forward here. Except after
    // the subscription ended by a newer change (an operator's cancel now, or Stripe's deletion):
    // a late invoice.paid of the old period must not give the license its year back.
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
    }),
  ]);
}

/** invoice.payment_failed: the subscription is past due and the license suspended (terms). */
async function invoiceFailed(
  db: Db,
  event: InvoiceEvent,
  sub: SubscriptionRow,
  record: EventRecord,
  now: Millis,
) {
  return run(db, [
    recordEvent(db, record, now),
    db
      .insert(invoices)
      .values(invoiceRow(event, sub, 'open'))
      .onConflictDoNothing(),
    db
      .update(licenses)
      .set({ status: 'suspended' })
      .where(
        and(standardLicenses(sub), eq(licenses.status, 'active'), notNewerThan(sub, event.created)),
      ),
    touchSubscription(db, sub, event.created, now, { status: 'past_due' }),
  ]);
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
 */
async function subscriptionChanged(
  db: Db,
  event: SubscriptionEvent,
  sub: SubscriptionRow,
  record: EventRecord,
  now: Millis,
) {
  const status = statusOf(event);
  const endsAt =
    status === 'canceled'
      ? Math.min(event.currentPeriodEnd ?? Infinity, event.endedAt ?? Infinity)
      : status === 'cancelling'
        ? (event.cancelAt ?? event.currentPeriodEnd)
        : null;
  const licenseEnd = endsAt === null || !Number.isFinite(endsAt) ? null : endsAt;
  return run(db, [
    recordEvent(db, record, now),
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
      ...(event.currentPeriodEnd === null ? {} : { currentPeriodEnd: event.currentPeriodEnd }),
    }),
  ]);
}

/** An effect of one event on a known subscription. */
type Effect<E> = (
  db: Db,
  event: E,
  sub: SubscriptionRow,
  record: EventRecord,
  now: Millis,
) => Promise<LifecycleOutcome>;

/** Runs `effect` on the event's subscription; without a known one: replayed or not ready. */
async function onSubscription<E extends InvoiceEvent | SubscriptionEvent>(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  event: E,
  record: EventRecord,
  effect: Effect<E>,
): Promise<LifecycleOutcome> {
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
  return effect(db, event, sub, record, now);
}

/** invoice.paid */
export const onInvoicePaid = (deps: Deps, event: InvoiceEvent, record: EventRecord) =>
  onSubscription(deps, event, record, invoicePaid);

/** invoice.payment_failed */
export const onInvoicePaymentFailed = (deps: Deps, event: InvoiceEvent, record: EventRecord) =>
  onSubscription(deps, event, record, invoiceFailed);

/** customer.subscription.updated and customer.subscription.deleted */
export const onSubscriptionChanged = (deps: Deps, event: SubscriptionEvent, record: EventRecord) =>
  onSubscription(deps, event, record, subscriptionChanged);
