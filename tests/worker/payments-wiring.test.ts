/**
 * The payments wiring in the Worker: the D1 checkout store behind the local
 * provider, and /dev/checkout's Pay delivering signed events to our own webhook in process.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createD1CheckoutStore } from '../../functions/adapters/payments/d1-store';
import { createLocalPayments } from '../../functions/adapters/payments/local';
import { createDb } from '../../functions/db/client';
import { queryAll } from './account-helpers';
import { ORIGIN, payDevCheckout } from './helpers';

const DEV_SECRET = `whsec_${'b'.repeat(40)}`;
const devEnv = { ENVIRONMENT: 'development', DEV_STRIPE_WEBHOOK_SECRET: DEV_SECRET } as const;

function localOnD1() {
  const store = createD1CheckoutStore(createDb(env.DB));
  return { store, payments: createLocalPayments({ store, webhookSecret: DEV_SECRET }) };
}

function open(payments: ReturnType<typeof localOnD1>['payments'], pendingSignupId: string) {
  return payments.createCheckoutSession({
    pendingSignupId,
    customerEmail: 'ada@example.com',
    successUrl: `${ORIGIN}/payment-processing?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${ORIGIN}/pricing`,
    plan: 'standard',
  });
}

describe('D1 checkout store', () => {
  it('saves, reads back, marks paid exactly once and lists paid sessions', async () => {
    const { store, payments } = localOnD1();
    const { id } = await open(payments, `ps_${crypto.randomUUID()}`);
    const saved = await store.get(id);
    expect(saved).toMatchObject({ id, status: 'open', customerEmail: 'ada@example.com' });
    expect('pendingSignupId' in saved!.reference).toBe(true);

    const [first, second] = await Promise.all([
      store.markPaid(id, { subscriptionId: 'sub_local_x', paidAt: 5 }),
      store.markPaid(id, { subscriptionId: 'sub_local_x', paidAt: 6 }),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const paid = await store.listPaid(saved!.customerId);
    expect(paid.map((s) => s.id)).toEqual([id]);
    expect(await store.get('cs_local_missing')).toBeNull();
  });
});

describe('/dev/checkout Pay in the Worker', () => {
  it('delivers signed events to /api/stripe/webhook in process, which records them', async () => {
    const { payments } = localOnD1();
    const { id } = await open(payments, `ps_${crypto.randomUUID()}`);
    const response = await payDevCheckout(id, devEnv);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`${ORIGIN}/payment-processing?session_id=${id}`);
    const events = await queryAll<{ type: string }>(
      'SELECT type FROM stripe_events WHERE object_id = ? ORDER BY type',
      id,
    );
    expect(events).toEqual([{ type: 'checkout.session.completed' }]);
  });
});
