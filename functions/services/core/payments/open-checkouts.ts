/**
 * At most one open checkout per owner — an account (upgrade) or a normalized e-mail (Standard
 * signup) — so double clicks and two tabs end in one payment. The guard is the
 * partial UNIQUE index of `checkout_sessions` on the owner while `opening` or `open`: of two
 * concurrent requests only one inserts its row and calls the provider. The other:
 * - reuses the open checkout (an upgrade: the same account buys the same thing), after asking
 *   the provider that it is still open;
 * - or expires it at the provider and opens its own (a signup: the newest form, with its own
 *   pending signup and password, wins; the older tab's checkout can no longer be paid);
 * - and waits a moment for one that is still being opened.
 * A checkout paid anyway in a race (paid just before it was expired) is refunded (billing/refunds.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { CheckoutSessionLink } from '../../../adapters/payments';
import { checkoutSessions, type CheckoutRow } from '../../../db/schema';
import { ApiError, fail } from '../../../lib/errors';
import { isUniqueViolation } from '../../shared/db';
import type { Deps } from '../../shared/deps';
import { callProvider } from './provider';

/** Whose checkout it is, and what happens to an earlier open one. */
export type CheckoutOwner =
  { kind: 'upgrade'; userId: string } | { kind: 'signup'; emailNormalized: string };

/** Stripe expires an unpaid Checkout Session after 24 hours (so does the local stand-in). */
const OPEN_FOR_MS = 24 * 60 * 60 * 1000;
/** An `opening` row older than this lost its request (a killed Worker): it no longer blocks. */
const OPENING_FOR_MS = 30 * 1000;
/** How long a request waits for a checkout another request is opening, and how often it looks. */
const WAIT_MS = 5_000;
const WAIT_STEP_MS = 250;

const ownerKeyOf = (owner: CheckoutOwner) =>
  owner.kind === 'upgrade' ? `user:${owner.userId}` : `email:${owner.emailNormalized}`;

async function currentRow(deps: Pick<Deps, 'db'>, ownerKey: string) {
  const [row] = await deps.db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.ownerKey, ownerKey),
        inArray(checkoutSessions.status, ['opening', 'open']),
      ),
    )
    .limit(1);
  return row;
}

/** Closes `row` (only if it is still as read), first expiring its session at the provider. */
async function close(deps: Deps, row: CheckoutRow): Promise<void> {
  if (row.status === 'open' && row.providerSessionId) {
    const sessionId = row.providerSessionId;
    // 'complete': paid first — fulfillment applies it or refunds.ts gives it back. A session the
    // provider no longer knows cannot be paid either.
    await ignoringNotFound(() => deps.payments.expireCheckoutSession(sessionId));
  }
  await deps.db
    .update(checkoutSessions)
    .set({ status: 'closed', closedAt: deps.now })
    .where(and(eq(checkoutSessions.id, row.id), eq(checkoutSessions.status, row.status)));
}

/** True when an upgrade may send the browser to `row`'s checkout again. */
async function reusable(deps: Deps, row: CheckoutRow): Promise<boolean> {
  if (row.status !== 'open' || !row.url || !row.providerSessionId) return false;
  const sessionId = row.providerSessionId;
  const session = await ignoringNotFound(() => deps.payments.retrieveCheckoutSession(sessionId));
  return session?.status === 'open';
}

/** A provider call whose `not_found` means "nothing there" (null); other failures as usual. */
async function ignoringNotFound<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await callProvider(call, () => fail('NOT_FOUND'));
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/**
 * Opens the owner's one checkout with `create`, or answers the one already open (see the file
 * comment). Throws 409 CHECKOUT_IN_PROGRESS when another request is still opening one.
 */
export async function openOneCheckout(
  deps: Deps,
  owner: CheckoutOwner,
  create: () => Promise<CheckoutSessionLink>,
): Promise<CheckoutSessionLink> {
  const { db, now } = deps;
  const ownerKey = ownerKeyOf(owner);
  for (let round = 0; round < 3; round += 1) {
    const id = crypto.randomUUID();
    try {
      await db.insert(checkoutSessions).values({
        id,
        ownerKey,
        kind: owner.kind,
        status: 'opening',
        createdAt: now,
        expiresAt: now + OPENING_FOR_MS,
      });
    } catch (error) {
      if (!isUniqueViolation(error, 'checkout_sessions.')) throw error;
      const existing = await settled(deps, ownerKey);
      if (!existing) continue;
      if (existing.status === 'opening' && existing.expiresAt > now)
        throw fail('CHECKOUT_IN_PROGRESS');
      if (
        owner.kind === 'upgrade' &&
        existing.expiresAt > now &&
        (await reusable(deps, existing))
      ) {
        return { id: existing.providerSessionId ?? '', url: existing.url ?? '' };
      }
      await close(deps, existing);
      continue;
    }
    let link: CheckoutSessionLink;
    try {
      link = await create();
    } catch (error) {
      await db
        .update(checkoutSessions)
        .set({ status: 'closed', closedAt: now })
        .where(eq(checkoutSessions.id, id));
      throw error;
    }
    await db
      .update(checkoutSessions)
      .set({
        status: 'open',
        providerSessionId: link.id,
        url: link.url,
        expiresAt: now + OPEN_FOR_MS,
      })
      .where(eq(checkoutSessions.id, id));
    return link;
  }
  throw fail('CHECKOUT_IN_PROGRESS');
}

/**
 * Closes the owner's open checkout, if any, so it can no longer be paid: a trial account was made
 * for the e-mail meanwhile. Best effort: if the provider cannot be reached, a payment made there
 * anyway is refunded automatically (refunds.ts).
 */
export async function closeOpenCheckout(deps: Deps, owner: CheckoutOwner): Promise<void> {
  try {
    const row = await currentRow(deps, ownerKeyOf(owner));
    if (row) await close(deps, row);
  } catch (error) {
    console.error('Could not close an open checkout; a payment there will be refunded:', error);
  }
}

/**
 * The owner's current row; one still `opening` (a double click's first request) is waited for,
 * up to WAIT_MS, so both clicks land on the same checkout.
 */
async function settled(deps: Deps, ownerKey: string): Promise<CheckoutRow | undefined> {
  let row = await currentRow(deps, ownerKey);
  for (let waited = 0; row?.status === 'opening' && waited < WAIT_MS; waited += WAIT_STEP_MS) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    row = await currentRow(deps, ownerKey);
  }
  return row;
}
