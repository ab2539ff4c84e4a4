/**
 * The console's money page (docs/operating.md): what needs an operator's attention, and a retry
 * for each refund and dead e-mail, every retry with a required reason and an audit row. Behind
 * `requireOperator` like routes/admin.ts: a fresh operator session, same-site, rate-limited.
 * Each retry answers what happened and the page to redraw.
 */
import type { Context } from 'hono';
import type { MoneyActionResult, MoneyOverview } from '../../src/contract/admin';
import {
  adminInvoicePdfRoute,
  moneyOverviewRoute,
  retryInvoiceRefundRoute,
  retryMailRoute,
  retryRefundRoute,
} from '../../src/contract/api/admin-routes';
import { ConsoleMessages } from '../../src/contract/messages';
import { declaredRoutes } from '../lib/openapi';
import { operatorAct, requireOperator, type OperatorEnv } from '../middleware/operator';
import { retryInvoiceRefund } from '../services/admin/money';
import { invoicePdfFor } from '../services/billing/invoice-pdf';
import { invoicePdfResponse } from './billing';
import {
  moneyOverview,
  retryAutomaticRefund,
  retryDeadMail,
} from '../services/admin/money-attention';

/** The answer to a retry: its message and the money page as it stands now. */
async function result(c: Context<OperatorEnv>, message: string) {
  const { db, now } = c.get('deps');
  const body: MoneyActionResult = { message, money: await moneyOverview(db, now) };
  return c.json(body, 200);
}

const router = declaredRoutes<OperatorEnv>();
router.use('/admin/money', ...requireOperator);
router.use('/admin/money/*', ...requireOperator);

export const adminMoneyRoutes = router

  .openapi(moneyOverviewRoute, async (c) => {
    const { db, now } = c.get('deps');
    return c.json((await moneyOverview(db, now)) satisfies MoneyOverview, 200);
  })

  .openapi(retryRefundRoute, async (c) => {
    const { reason } = c.req.valid('json');
    await retryAutomaticRefund(c.get('deps'), operatorAct(c, reason), c.req.valid('param').id);
    return result(c, ConsoleMessages.refundRetried);
  })

  .openapi(retryInvoiceRefundRoute, async (c) => {
    const { reason } = c.req.valid('json');
    await retryInvoiceRefund(c.get('deps'), operatorAct(c, reason), c.req.valid('param').id);
    return result(c, ConsoleMessages.refundRetried);
  })

  // Any customer's invoice as a PDF, for support.
  .openapi(adminInvoicePdfRoute, async (c) => {
    const { number, pdf } = await invoicePdfFor(c.get('deps').db, c.req.valid('param').id, null);
    return invoicePdfResponse(number, pdf);
  })

  .openapi(retryMailRoute, async (c) => {
    const { reason } = c.req.valid('json');
    await retryDeadMail(c.get('deps'), operatorAct(c, reason), c.req.valid('param').id);
    return result(c, ConsoleMessages.mailRetried);
  });
