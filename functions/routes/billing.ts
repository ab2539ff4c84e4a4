/**
 * Billing & Invoices and the Trial → Standard upgrade (src/contract/billing.ts, DESIGN §3.3,
 * §3.5). Every call needs a session: Bearer, or the cookie with our Origin on the POSTs (CSRF,
 * middleware/auth.ts). No call reads a body.
 */
import { Hono, type Context } from 'hono';
import type { BillingOverview, PortalResponse } from '../../src/contract/billing';
import type { StandardCheckoutResponse } from '../../src/contract/payments';
import { methodNotAllowed } from '../lib/http';
import { nowOf, requireSession, type AccountEnv } from '../middleware/auth';
import { cancelAtPeriodEnd, openPortal } from '../services/billing/manage';
import { billingOverview } from '../services/billing/overview';
import { billingPageUrl, startUpgradeCheckout } from '../services/billing/upgrade';

const originOf = (c: Context) => new URL(c.req.url).origin;

export const billingRoutes = new Hono<AccountEnv>()
  .get('/billing', requireSession, async (c) => {
    const overview = await billingOverview(c.get('db'), c.get('session').userId, nowOf(c));
    return c.json(overview satisfies BillingOverview, 200);
  })
  .all('/billing', methodNotAllowed('GET'))

  .post('/billing/checkout', requireSession, async (c) => {
    const link = await startUpgradeCheckout(
      c.get('db'),
      c.get('payments'),
      c.get('session').userId,
      originOf(c),
      nowOf(c),
    );
    return c.json(
      { checkoutUrl: link.url, sessionId: link.id } satisfies StandardCheckoutResponse,
      200,
    );
  })
  .all('/billing/checkout', methodNotAllowed('POST'))

  .post('/billing/portal', requireSession, async (c) => {
    const portal = await openPortal(
      c.get('db'),
      c.get('payments'),
      c.get('session').userId,
      billingPageUrl(originOf(c)),
    );
    return c.json({ url: portal.url } satisfies PortalResponse, 200);
  })
  .all('/billing/portal', methodNotAllowed('POST'))

  .post('/billing/cancel', requireSession, async (c) => {
    const { userId } = c.get('session');
    const db = c.get('db');
    const now = nowOf(c);
    await cancelAtPeriodEnd(db, c.get('payments'), userId, now);
    return c.json((await billingOverview(db, userId, now)) satisfies BillingOverview, 200);
  })
  .all('/billing/cancel', methodNotAllowed('POST'));
