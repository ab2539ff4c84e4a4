/**
 * The card on file: what Billing & Invoices shows as "Visa ending in 4242, expires 12/2030". Asked
 * of the payment provider when a webhook says it may have changed (a checkout paid, an invoice
 * paid, the customer updated, e.g. a new card in the portal) and kept in `payment_cards`, so the
 * page reads only our own tables. A provider that cannot answer leaves the last known card: the
 * next such event tries again. One that answers "no card" removes it, so nothing stale shows.
 */
import { eq } from 'drizzle-orm';
import type { PaymentCard } from '../../adapters/payments';
import { paymentCards } from '../../db/schema';
import type { Db } from '../shared/db';
import type { Deps } from '../shared/deps';

/** A card as we keep and show it; anything odd is treated as unknown rather than shown. */
function plausible(card: PaymentCard): PaymentCard | null {
  const ok =
    /^[a-z_]{1,30}$/.test(card.brand) &&
    /^[0-9]{4}$/.test(card.last4) &&
    Number.isInteger(card.expMonth) &&
    card.expMonth >= 1 &&
    card.expMonth <= 12 &&
    Number.isInteger(card.expYear) &&
    card.expYear >= 2000 &&
    card.expYear <= 2200;
  return ok ? card : null;
}

/** Asks the provider for the customer's card and stores it (best effort: never throws). */
export async function refreshCard(
  { db, now, payments }: Pick<Deps, 'db' | 'now' | 'payments'>,
  ids: { customerId: string | null; subscriptionId: string | null },
): Promise<void> {
  const { customerId, subscriptionId } = ids;
  if (customerId === null) return;
  let card: PaymentCard | null;
  try {
    const answer = await payments.paymentCard({ customerId, subscriptionId });
    card = answer && plausible(answer);
  } catch (error) {
    console.error(`Could not read the card of customer ${customerId}:`, error);
    return;
  }
  if (card === null) {
    await db.delete(paymentCards).where(eq(paymentCards.stripeCustomerId, customerId));
    return;
  }
  const values = { ...card, updatedAt: now };
  await db
    .insert(paymentCards)
    .values({ stripeCustomerId: customerId, ...values })
    .onConflictDoUpdate({ target: paymentCards.stripeCustomerId, set: values });
}

/** The stored card of a customer; null when none is known. */
export async function cardOnFile(db: Db, customerId: string): Promise<PaymentCard | null> {
  const [row] = await db
    .select()
    .from(paymentCards)
    .where(eq(paymentCards.stripeCustomerId, customerId))
    .limit(1);
  return row
    ? { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear }
    : null;
}
