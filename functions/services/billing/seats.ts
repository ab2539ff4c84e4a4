/**
 * Seat changes of a running Standard subscription, by its owner.
 *
 * Adding seats is charged at once, prorated for the rest of the term, with its own invoice: the
 * owner is shown the amount first (`previewSeatAddition`) and confirms it (`addSeats`), which is
 * refused when the amount has moved since. Two additions at once (two tabs) are made one after the
 * other — the subscription row is held (`seat_change_started_at`) from the provider call until the
 * change is recorded — so each is charged once and the seats add up. A personal license that gets
 * a second seat becomes a team with the buyer in its first seat (core/payments/teams.ts).
 *
 * Removing seats takes effect at renewal (`renewal_quantity`), never below the seats the team's
 * members and open invitations hold; nothing is refunded.
 *
 * Each change is written with its team feed event and its audit row in one batch.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { SeatMessages } from '../../../src/contract/messages';
import { invoicePdfPath } from '../../../src/contract/billing';
import { formatDate } from '../../../src/lib/format';
import { billing, seats as seatRules } from '../../../src/site.config';
import type { SeatInvoice, SeatProration } from '../../adapters/payments';
import {
  auditLog,
  invoices,
  organizations,
  subscriptions,
  type OrganizationRow,
  type SubscriptionRow,
} from '../../db/schema';
import { ApiError, fail } from '../../lib/errors';
import type { SeatSummary } from '../../../src/contract/seats';
import { currentLicense } from '../core/licenses/licenses';
import { seatsHeldSql } from '../core/organizations/seats';
import { receiptMail } from '../core/mail/lifecycle-templates';
import { deliverSoon, mailWritten, queueMailOnce } from '../core/mail/outbox';
import { callProvider } from '../core/payments/provider';
import { newestSubscription, STANDARD_UNIT_AMOUNT } from '../core/payments/subscriptions';
import { isOrganizationMember, newTeamStatements, teamName } from '../core/payments/teams';
import { teamEvent } from '../core/team-feed';
import { findUserById } from '../core/users/users';
import type { Db, Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { formatRate } from './tax';
import { cardName } from '../../../src/lib/cards';
import { unitAmountOf, yearlyCharge } from '../core/payments/charges';
import { cardOnFile } from './card-on-file';

const { max } = seatRules.standardSeats;
/** A hold older than this lost its request (a killed Worker): it no longer blocks. */
const HOLD_MS = 60_000;
/** How long an addition waits for another one to be recorded, and how often it looks. */
const WAIT_MS = 8_000;
const WAIT_STEP_MS = 200;

/** The seats of an owner's subscription, and what its team holds of them. */
export interface SeatState {
  subscription: SubscriptionRow;
  team: OrganizationRow | undefined;
  /** Members plus open invitations: the fewest seats the team can have. */
  taken: number;
}

/** The team a subscription pays for, if it is one. */
async function teamOf(db: Db, stripeSubscriptionId: string) {
  const [row] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.stripeSubscriptionId, stripeSubscriptionId))
    .limit(1);
  return row;
}

/** Seats held in `organizationId` now: members not removed and invitations still open. */
async function seatsTaken(db: Db, organizationId: string, now: Millis): Promise<number> {
  const [row] = await db.all<{ taken: number }>(
    sql`select ${seatsHeldSql(sql`${organizationId}`, now)} as taken`,
  );
  return row?.taken ?? 0;
}

/**
 * The owner's running subscription and its team: 403 NOT_SEAT_OWNER without a subscription,
 * 409 SUBSCRIPTION_NOT_RUNNING when it ends at period end, has ended or is past due.
 */
export async function seatState(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: string,
): Promise<SeatState> {
  const { db, now } = deps;
  const subscription = await newestSubscription(db, userId);
  if (!subscription) throw fail('NOT_SEAT_OWNER');
  if (subscription.status !== 'active' || subscription.cancelAtPeriodEnd) {
    throw fail('SUBSCRIPTION_NOT_RUNNING');
  }
  const team = await teamOf(db, subscription.stripeSubscriptionId);
  const taken = team ? await seatsTaken(db, team.id, now) : 1;
  return { subscription, team, taken };
}

/**
 * The seats panel's figures, or null when the account owns no running subscription (the panel
 * then shows nothing).
 */
export async function seatSummary(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: string,
): Promise<SeatSummary | null> {
  let state: SeatState;
  try {
    state = await seatState(deps, userId);
  } catch (error) {
    if (
      error instanceof ApiError &&
      (error.code === 'NOT_SEAT_OWNER' || error.code === 'SUBSCRIPTION_NOT_RUNNING')
    )
      return null;
    throw error;
  }
  const { subscription, taken } = state;
  return {
    seats: subscription.quantity,
    renewalSeats: subscription.renewalQuantity,
    taken,
    renewsOn:
      subscription.currentPeriodEnd === null
        ? null
        : new Date(subscription.currentPeriodEnd).toISOString(),
    unitAmount: subscription.unitAmount ?? STANDARD_UNIT_AMOUNT,
    currency: 'usd',
    paysByInvoice: subscription.collectionMethod === 'send_invoice',
  };
}

/** Refuses a total outside what one purchase holds. */
function assertWithinMax(total: number) {
  if (total > max) {
    throw fail('VALIDATION_FAILED', { message: SeatMessages.seatsOutOfRange });
  }
}

/**
 * Added seats are charged at once to the card on file; a team paying by bank transfer gets its
 * invoice for more seats from us (409 SEATS_BY_INVOICE), so nothing here bills it unpaid.
 */
function assertChargedByCard(subscription: SubscriptionRow) {
  if (subscription.collectionMethod === 'send_invoice') throw fail('SEATS_BY_INVOICE');
}

/** What adding `added` seats costs now, prorated for the rest of the term (with tax). */
export async function previewSeatAddition(
  deps: Deps,
  userId: string,
  added: number,
): Promise<SeatProration & { seats: number; added: number }> {
  const { subscription } = await seatState(deps, userId);
  assertChargedByCard(subscription);
  const total = subscription.quantity + added;
  assertWithinMax(total);
  const preview = await callProvider(
    () =>
      deps.payments.previewSeats({
        subscriptionId: subscription.stripeSubscriptionId,
        quantity: total,
      }),
    () => fail('NOT_SEAT_OWNER'),
  );
  return { ...preview, seats: subscription.quantity, added };
}

/**
 * Holds the subscription for one seat addition, waiting a little for another one to finish.
 * Answers the seats it has now; 409 SEAT_CHANGE_IN_PROGRESS when the wait runs out.
 */
async function hold(deps: Pick<Deps, 'db' | 'now'>, subscriptionId: string): Promise<number> {
  const { db, now } = deps;
  for (let waited = 0; waited <= WAIT_MS; waited += WAIT_STEP_MS) {
    const [held] = await db
      .update(subscriptions)
      .set({ seatChangeStartedAt: now })
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          or(
            isNull(subscriptions.seatChangeStartedAt),
            lt(subscriptions.seatChangeStartedAt, now - HOLD_MS),
          ),
        ),
      )
      .returning({ quantity: subscriptions.quantity });
    if (held) return held.quantity;
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
  throw fail('SEAT_CHANGE_IN_PROGRESS');
}

function release(db: Db, subscriptionId: string) {
  return db
    .update(subscriptions)
    .set({ seatChangeStartedAt: null })
    .where(eq(subscriptions.id, subscriptionId));
}

/**
 * The renewal after seats were added: at the end of the term, for the seats it renews with (fewer
 * when the owner set that) at the price per seat and this invoice's tax.
 */
function nextRenewal(subscription: SubscriptionRow, seatsAfter: number, invoice: SeatInvoice) {
  const charge = yearlyCharge(
    subscription.renewalQuantity ?? seatsAfter,
    unitAmountOf(subscription),
    { rateBp: invoice.taxRateBp ?? 0, reverseCharge: invoice.reverseCharge },
  );
  return {
    at: subscription.currentPeriodEnd ?? invoice.periodEnd,
    amountCents: charge.subtotal + charge.tax,
  };
}

/** The invoices row and the receipt of a seat addition's invoice. */
async function invoiceStatements(
  deps: Pick<Deps, 'db' | 'now' | 'origin'>,
  userId: string,
  invoice: SeatInvoice,
  recipient: { email: string; customerName: string } | undefined,
  subscription: SubscriptionRow,
  seatsAfter: number,
) {
  const { db, now, origin } = deps;
  const row = db
    .insert(invoices)
    .values({
      id: invoice.invoiceId,
      userId,
      number: invoice.number,
      amountPaid: invoice.total,
      currency: invoice.currency,
      status: 'paid',
      hostedInvoiceUrl: invoice.hostedInvoiceUrl,
      invoicePdf: invoice.invoicePdf,
      created: invoice.created,
      subtotal: invoice.subtotal,
      taxAmount: invoice.tax,
      taxRateBp: invoice.taxRateBp,
      reverseCharge: invoice.reverseCharge,
      buyer: invoice.buyer,
      quantity: invoice.quantityAdded,
      unitAmount: invoice.unitAmount,
      billingReason: 'subscription_update',
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
    })
    // The provider's invoice.paid webhook may record it first: one row either way.
    .onConflictDoNothing();
  const receipt =
    recipient &&
    queueMailOnce(
      db,
      await receiptMail(
        recipient.email,
        recipient.customerName,
        {
          number: invoice.number ?? invoice.invoiceId,
          paidAt: invoice.created,
          amountCents: invoice.total,
          subtotalCents: invoice.subtotal,
          taxCents: invoice.tax,
          taxLabel:
            invoice.tax > 0
              ? `VAT${invoice.taxRateBp === null ? '' : ` ${formatRate(invoice.taxRateBp)}`}`
              : null,
          reverseChargeNote: invoice.reverseCharge ? billing.reverseChargeNote : null,
          currency: invoice.currency,
          pdfUrl: invoice.invoicePdf ?? `${origin}${invoicePdfPath(invoice.invoiceId)}`,
          item: `${SeatMessages.seatCount(invoice.quantityAdded)} added until ${formatDate(invoice.periodEnd, 'UTC')}`,
          // Added seats are charged at once to the card the subscription renews with.
          paymentMethod: await cardOnFile(db, subscription.stripeCustomerId).then(
            (card) => card && cardName(card),
          ),
          period: { start: invoice.periodStart, end: invoice.periodEnd },
          renewal: subscription.cancelAtPeriodEnd
            ? null
            : nextRenewal(subscription, seatsAfter, invoice),
        },
        origin,
      ),
      now,
      // The same key as the webhook's receipt: one receipt per invoice, whoever records it.
      `receipt:${invoice.invoiceId}`,
    );
  return { row, receipt };
}

/**
 * Adds `added` seats to the owner's subscription, charged at once (see the file comment). With
 * `expectedTotal` (cents, with tax, as shown), a different amount now is refused.
 */
export async function addSeats(
  deps: Deps,
  userId: string,
  input: { added: number; expectedTotal?: number | undefined },
): Promise<{ seats: number; invoice: SeatInvoice }> {
  const { db, now, payments } = deps;
  const state = await seatState(deps, userId);
  const { subscription } = state;
  assertChargedByCard(subscription);
  const before = await hold(deps, subscription.id);
  let invoice: SeatInvoice;
  const after = before + input.added;
  try {
    assertWithinMax(after);
    const preview = await callProvider(
      () =>
        payments.previewSeats({
          subscriptionId: subscription.stripeSubscriptionId,
          quantity: after,
        }),
      () => fail('NOT_SEAT_OWNER'),
    );
    if (input.expectedTotal !== undefined && preview.total !== input.expectedTotal) {
      throw fail('SEAT_PRICE_CHANGED');
    }
    invoice = await callProvider(
      () =>
        payments.addSeats({
          subscriptionId: subscription.stripeSubscriptionId,
          preview,
          // One charge per step from these seats to those, however often it is retried.
          idempotencyKey: `seats:${subscription.stripeSubscriptionId}:${String(before)}:${String(after)}`,
        }),
      () => fail('NOT_SEAT_OWNER'),
    );
  } catch (error) {
    await release(db, subscription.id);
    throw error;
  }

  const [user, license] = await Promise.all([findUserById(db, userId), currentLicense(db, userId)]);
  // Written only while this request still holds the seats it read.
  const recorded = sql`exists (select 1 from ${subscriptions} where ${subscriptions.id} = ${subscription.id} and ${subscriptions.quantity} = ${after})`;
  const team = await teamOf(db, subscription.stripeSubscriptionId);
  const teamStatements = team
    ? [
        db
          .update(organizations)
          .set({ seats: after, updatedAt: now })
          .where(sql`${organizations.id} = ${team.id} and ${recorded}`),
        teamEvent(
          db,
          {
            organizationId: team.id,
            userId: null,
            actorUserId: userId,
            kind: 'seats-added',
            detail: `Added ${SeatMessages.seatCount(input.added)} (${String(after)} in all)`,
            now,
          },
          recorded,
        ),
      ]
    : license && user && !(await isOrganizationMember(db, userId))
      ? newTeamStatements(
          db,
          {
            ownerUserId: userId,
            name: teamName({ customerName: user.customerName }),
            licenseId: license.id,
            stripeSubscriptionId: subscription.stripeSubscriptionId,
            seats: after,
            termStart: now,
            termEnd: subscription.currentPeriodEnd ?? invoice.periodEnd,
            now,
          },
          recorded,
        ).statements
      : [];
  const { row, receipt } = await invoiceStatements(
    deps,
    userId,
    invoice,
    user,
    subscription,
    after,
  );
  const results = await db.batch([
    db
      .update(subscriptions)
      .set({ quantity: after, seatChangeStartedAt: null, updatedAt: now })
      .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.quantity, before))),
    ...teamStatements,
    row,
    ...(receipt ? [receipt.insert] : []),
    db.insert(auditLog).select(
      sql`select ${crypto.randomUUID()}, ${now}, ${userId}, ${user?.email ?? ''}, ${userId}, 'owner-add-seats',
        ${`subscription:${subscription.stripeSubscriptionId}`}, ${`Added ${SeatMessages.seatCount(input.added)}, invoice ${invoice.number ?? invoice.invoiceId}`},
        ${JSON.stringify({ seats: before })}, ${JSON.stringify({ seats: after, invoice: invoice.invoiceId, amount: invoice.total })}
        where ${recorded}`,
    ),
    // Let the next addition in, also when this one found the seats changed under it.
    release(db, subscription.id),
  ]);
  if (receipt && mailWritten(results[results.length - 3])) await deliverSoon(deps, receipt);
  return { seats: after, invoice };
}

/**
 * Sets the seats the subscription renews with: fewer than today take effect at renewal (never
 * below what the team holds); today's count undoes an earlier reduction. Nothing is charged or
 * refunded.
 */
export async function setRenewalSeats(
  deps: Deps,
  userId: string,
  seats: number,
): Promise<{ renewalSeats: number | null; renewsOn: Millis | null }> {
  const { db, now } = deps;
  const { subscription, team, taken } = await seatState(deps, userId);
  if (seats > subscription.quantity) {
    throw fail('VALIDATION_FAILED', { message: SeatMessages.noSeatChange });
  }
  if (seats < taken) {
    throw fail('SEATS_BELOW_TAKEN', { message: SeatMessages.seatsBelowTaken(taken) });
  }
  const renewalSeats = seats === subscription.quantity ? null : seats;
  if (renewalSeats === subscription.renewalQuantity) {
    return { renewalSeats, renewsOn: subscription.currentPeriodEnd };
  }
  const user = await findUserById(db, userId);
  const changed = sql`exists (select 1 from ${subscriptions} where ${subscriptions.id} = ${subscription.id} and ${subscriptions.renewalQuantity} is ${renewalSeats})`;
  await db.batch([
    db
      .update(subscriptions)
      .set({ renewalQuantity: renewalSeats, updatedAt: now })
      .where(eq(subscriptions.id, subscription.id)),
    ...(team
      ? [
          teamEvent(
            db,
            {
              organizationId: team.id,
              userId: null,
              actorUserId: userId,
              kind: 'seats-removed-at-renewal',
              detail:
                renewalSeats === null
                  ? `Kept ${SeatMessages.seatCount(subscription.quantity)} at renewal`
                  : `${SeatMessages.seatCount(renewalSeats)} from the renewal on`,
              now,
            },
            changed,
          ),
        ]
      : []),
    db.insert(auditLog).values({
      id: crypto.randomUUID(),
      createdAt: now,
      operatorId: userId,
      operatorEmail: user?.email ?? '',
      userId,
      action: 'owner-renewal-seats',
      subject: `subscription:${subscription.stripeSubscriptionId}`,
      reason:
        renewalSeats === null
          ? 'Kept the seats at renewal'
          : `${SeatMessages.seatCount(renewalSeats)} from the renewal on`,
      before: JSON.stringify({ renewalSeats: subscription.renewalQuantity }),
      after: JSON.stringify({ renewalSeats }),
    }),
  ]);
  return { renewalSeats, renewsOn: subscription.currentPeriodEnd };
}
