/**
 * Trial → Standard upgrade. A signed-in Trial user opens a Checkout
 * Session whose reference is the user itself; once paid, the SAME account becomes Standard and
 * its current license is turned into a Standard one in place (same key, so plugin devices keep
 * working).
 *
 * Fulfillment runs exactly once, from the webhook (checkout.session.completed /
 * async_payment_succeeded) AND from check-payment-completion, whichever comes first. One db.batch
 * inserts the subscription row, sets the user's plan and rewrites the license (plus, from the
 * webhook, the stripe_events row as its FIRST statement, so a replay rolls it all back). The UNIQUE
 * stripe_subscription_id settles the race: the loser's batch fails as a whole.
 */
import { and, eq } from 'drizzle-orm';
import { site } from '../../../src/site.config';
import {
  licenses,
  subscriptions,
  users,
  type UserRow,
  type LicenseRow,
  type RefundRow,
} from '../../db/schema';
import { findUserById } from '../core/users/users';
import { currentLicense, standardExpiry } from '../core/licenses/licenses';
import { deliverSoon, queueMail } from '../core/mail/outbox';
import { upgradeMail } from '../core/mail/templates';
import type { RefundReason } from '../../../src/contract/messages';
import { isUniqueViolation, type Db, type Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { isReplayedEvent, recordAlone, recordEvent, type EventRecord } from './stripe-events';
import { upgradeRefusal } from './purchase-rules';
import { refundUnappliedPayment } from './refunds';
import {
  newestSubscription,
  newSubscription,
  STANDARD_UNIT_AMOUNT,
  subscriptionByStripeId,
} from '../core/payments/subscriptions';
import {
  isOrganizationMember,
  makesTeam,
  newTeamStatements,
  teamName,
} from '../core/payments/teams';
import { sentInvoiceStatements, type SentInvoice } from './invoiced';

/** What a paid upgrade checkout says, and the event it came from (null when polling). */
export interface PaidUpgrade {
  userId: string;
  /** The provider's checkout session the payment came from. */
  checkoutSessionId: string;
  customerId: string | null;
  subscriptionId: string | null;
  event: EventRecord | null;
  /** Seats bought, as the provider reports them (1 when unknown). */
  quantity?: number | null | undefined;
  /** The buyer's company from the checkout, the name of a team. */
  company?: string | null | undefined;
  /**
   * Paid by invoice (bank transfer): the subscription's first invoice, open until paid. The
   * purchase is fulfilled now; the same batch records the invoice and e-mails it (invoiced.ts).
   */
  invoiced?: SentInvoice | null | undefined;
}

export type UpgradeResult =
  /** This call upgraded the account (and wrote the upgrade e-mail). */
  | { outcome: 'upgraded'; user: UserRow; license: LicenseRow }
  /** Someone else (webhook or polling) already did. */
  | { outcome: 'already'; user: UserRow; license: LicenseRow }
  /** The event was already processed. */
  | { outcome: 'replayed' }
  /** No such user (not ours, or purged). */
  | { outcome: 'unknown' }
  /**
   * Paid, but not applied: the account is deleted or Enterprise, or already has Standard. The
   * payment is refunded (refunds.ts).
   */
  | { outcome: 'refunded'; refund: RefundRow; user: UserRow }
  /** The same for an order paid by invoice: nothing was paid, its invoice is void (refunds.ts). */
  | { outcome: 'voided'; refund: RefundRow; user: UserRow }
  /** Paid, but the session names no subscription: nothing makes it exactly-once yet. */
  | { outcome: 'incomplete'; user: UserRow };

/** The account and its current license, as they are now. */
async function accountOf(db: Db, userId: string) {
  const [user, license] = await Promise.all([findUserById(db, userId), currentLicense(db, userId)]);
  if (!user || !license) throw new Error(`User ${userId} has no account or license`);
  return { user, license };
}

/**
 * Why a paid upgrade cannot be applied to this account now, if it cannot: deleted, or refused by
 * the same rule as opening a checkout (Enterprise; Standard already, a second one would charge
 * twice).
 */
async function refundReasonFor(
  db: Db,
  user: UserRow,
  license: LicenseRow | undefined,
  now: Millis,
): Promise<RefundReason | null> {
  if (user.isDeleted) return 'account_deleted';
  // A Trial account is always upgradable: no subscription to read.
  const subscription = user.plan === 'Trial' ? undefined : await newestSubscription(db, user.id);
  switch (upgradeRefusal(user, license, subscription, now)) {
    case 'ENTERPRISE_PLAN':
      // Never downgrade: an account made Enterprise after opening the checkout stays Enterprise.
      return 'enterprise';
    case 'ALREADY_STANDARD':
      return 'already_paying';
    case null:
      return null;
  }
}

/**
 * Upgrades the account of a paid checkout, exactly once (see the file comment); the call that
 * upgrades it writes the upgrade e-mail in the same batch.
 */
export async function fulfillUpgrade(
  deps: Deps,
  paid: PaidUpgrade,
  afterLostRace = false,
): Promise<UpgradeResult> {
  const { db, now } = deps;
  const { event } = paid;
  const user = await findUserById(db, paid.userId);
  if (!user) {
    if (event && !(await recordAlone(db, event, now))) return { outcome: 'replayed' };
    console.error(`Paid upgrade ${paid.subscriptionId ?? '?'} names unknown user ${paid.userId}`);
    return { outcome: 'unknown' };
  }
  const already = async (): Promise<UpgradeResult> => {
    if (event && !(await recordAlone(db, event, now))) return { outcome: 'replayed' };
    return { outcome: 'already', ...(await accountOf(db, user.id)) };
  };
  if (!paid.subscriptionId || !paid.customerId) {
    // Subscription mode always has both once paid; the provider fills them in before long.
    if (event && !(await recordAlone(db, event, now))) return { outcome: 'replayed' };
    console.error(`Paid upgrade of user ${user.id} names no subscription yet`);
    return { outcome: 'incomplete', user };
  }
  // Applied before (by the webhook or a poll): never refund what was applied.
  if (await subscriptionByStripeId(db, paid.subscriptionId)) return already();

  const license = await currentLicense(db, user.id);
  const reason = await refundReasonFor(db, user, license, now);
  if (reason) {
    if (event && !(await recordAlone(db, event, now))) return { outcome: 'replayed' };
    const refund = await refundUnappliedPayment(deps, {
      subscriptionId: paid.subscriptionId,
      customerId: paid.customerId,
      checkoutSessionId: paid.checkoutSessionId,
      userId: user.id,
      email: user.email,
      reason,
    });
    return { outcome: paid.invoiced ? 'voided' : 'refunded', refund, user };
  }
  if (!license) throw new Error(`User ${user.id} has no license to upgrade`);
  const upgraded: LicenseRow = {
    ...license,
    plan: 'Standard',
    status: 'active',
    expiresAt: standardExpiry(now),
    appVersion: site.currentVersion,
  };
  const mail = queueMail(
    db,
    await upgradeMail(user.email, user.customerName, upgraded, deps.origin),
    now,
  );
  const quantity = paid.quantity ?? 1;
  // Two or more seats: the account owns a team and takes its first seat with this license —
  // unless it still belongs to an organization (an account is a member of one at a time); the
  // seats are then recorded on the subscription alone.
  const team =
    makesTeam(quantity) && !(await isOrganizationMember(db, user.id))
      ? newTeamStatements(db, {
          ownerUserId: user.id,
          name: teamName({ customerName: user.customerName, company: paid.company }),
          licenseId: license.id,
          stripeSubscriptionId: paid.subscriptionId,
          seats: quantity,
          termStart: now,
          termEnd: upgraded.expiresAt,
          now,
        }).statements
      : [];
  const sent = paid.invoiced
    ? await sentInvoiceStatements(deps, paid.invoiced, {
        userId: user.id,
        email: user.email,
        name: user.customerName,
        subscriptionId: paid.subscriptionId,
      })
    : null;
  const statements = [
    db.insert(subscriptions).values(
      newSubscription({
        userId: user.id,
        customerId: paid.customerId,
        subscriptionId: paid.subscriptionId,
        currentPeriodEnd: upgraded.expiresAt,
        eventCreated: event?.created ?? 0,
        now,
        quantity,
        unitAmount: STANDARD_UNIT_AMOUNT,
        collectionMethod: paid.invoiced ? 'send_invoice' : 'charge_automatically',
      }),
    ),
    db.update(users).set({ plan: 'Standard', updatedAt: now }).where(eq(users.id, user.id)),
    // In place, by id: the key and its device activations stay; only the terms change.
    db
      .update(licenses)
      .set({
        plan: upgraded.plan,
        status: upgraded.status,
        expiresAt: upgraded.expiresAt,
        appVersion: upgraded.appVersion,
      })
      .where(and(eq(licenses.id, license.id), eq(licenses.userId, user.id))),
    mail.insert,
    ...team,
    ...(sent ? sent.statements : []),
  ] as const;
  try {
    if (event) await db.batch([recordEvent(db, event, now), ...statements]);
    else await db.batch([...statements]);
  } catch (error) {
    if (isReplayedEvent(error)) return { outcome: 'replayed' };
    if (isUniqueViolation(error, 'subscriptions.') || isUniqueViolation(error, 'organizations.'))
      return already();
    // Another purchase of this account (a second tab, another order) was applied between the
    // check above and this batch, and its team holds the account: this one is now a purchase
    // made after it, and is turned away as such (its invoice voided, its payment refunded).
    if (isUniqueViolation(error, 'organization_members.') && !afterLostRace)
      return fulfillUpgrade(deps, paid, true);
    throw error;
  }
  const upgradedUser: UserRow = { ...user, plan: 'Standard', updatedAt: now };
  await deliverSoon(deps, mail, ...(sent ? [sent.mail] : []));
  return { outcome: 'upgraded', user: upgradedUser, license: upgraded };
}
