/**
 * A paid checkout reported by the webhook: it creates the account of a pending signup
 * (fulfilment.ts) or upgrades the account that opened it (upgrade.ts), naming its reference
 * either way. Only the call that did the work is told to send an e-mail.
 */
import type { CheckoutReference } from '../../adapters/payments/types';
import type { Db, Millis } from '../db';
import type { LicenseRow } from '../licenses';
import type { UserRow } from '../users';
import { fulfilPendingSignup, type EventRecord } from './fulfilment';
import { fulfilUpgrade } from './upgrade';
import type { CheckoutEvent } from './webhook-events';

export interface PaidCheckoutResult {
  /** What happened, for the webhook's answer and the log (created, upgraded, already, …). */
  outcome: string;
  /** The e-mail to send now: a new account's welcome, or the upgrade confirmation. */
  mail: { kind: 'welcome' | 'upgrade'; user: UserRow; license: LicenseRow } | null;
}

export async function fulfilPaidCheckout(
  db: Db,
  event: CheckoutEvent,
  reference: CheckoutReference,
  record: EventRecord,
  now: Millis,
): Promise<PaidCheckoutResult> {
  const paid = { customerId: event.customerId, subscriptionId: event.subscriptionId };
  if ('pendingSignupId' in reference) {
    const pendingSignupId = reference.pendingSignupId;
    const result = await fulfilPendingSignup(db, { pendingSignupId, ...paid }, record, now);
    return {
      outcome: result.outcome,
      mail: result.outcome === 'created' ? { kind: 'welcome', ...result } : null,
    };
  }
  const result = await fulfilUpgrade(db, { userId: reference.userId, ...paid }, record, now);
  return {
    outcome: result.outcome,
    mail: result.outcome === 'upgraded' ? { kind: 'upgrade', ...result } : null,
  };
}
