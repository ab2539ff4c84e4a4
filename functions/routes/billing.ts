/**
 * Billing & Invoices and the Trial → Standard upgrade (src/contract/billing.ts), by card or, for
 * a team, by invoice (src/contract/invoice-purchase.ts). Every call needs
 * a session: Bearer, or the cookie with our Origin on the POSTs and the PATCH (CSRF,
 * middleware/auth.ts). Each invoice's PDF downloads from here too.
 */
import {
  billingDetailsRoute,
  billingOverviewRoute,
  billingPortalRoute,
  cancelSubscriptionRoute,
  invoicePdfRoute,
  invoiceUpgradeRoute,
  renewalSeatsRoute,
  resumeSubscriptionRoute,
  seatAdditionRoute,
  seatPreviewRoute,
  seatSummaryRoute,
  upgradeCheckoutRoute,
} from '../../src/contract/api/billing-routes';
import type { BillingOverview, PortalResponse } from '../../src/contract/billing';
import type { StandardCheckoutResponse } from '../../src/contract/payments';
import type { InvoiceUpgradeResponse } from '../../src/contract/invoice-purchase';
import type {
  RenewalSeatsResponse,
  SeatAdditionResponse,
  SeatPreview,
  SeatSummaryResponse,
} from '../../src/contract/seats';
import { SeatMessages } from '../../src/contract/messages';
import { formatDate } from '../../src/lib/format';
import {
  addSeats,
  previewSeatAddition,
  seatSummary,
  setRenewalSeats,
} from '../services/billing/seats';
import { declaredRoutes } from '../lib/openapi';
import { requireSession, type AccountEnv } from '../middleware/auth';
import { invoicePdfFor } from '../services/billing/invoice-pdf';
import { changeBillingDetails } from '../services/billing/edit-details';
import { openPortal } from '../services/billing/manage';
import { billingOverview } from '../services/billing/overview';
import { cancelAtPeriodEnd } from '../services/core/payments/subscriptions';
import { resumeSubscription } from '../services/core/payments/resume';
import { startUpgradeCheckout } from '../services/billing/upgrade-checkout';
import { startInvoicedUpgrade } from '../services/billing/invoice-purchase';

/** A PDF download named after the invoice number; private, never cached by a shared cache. */
export function invoicePdfResponse(number: string, pdf: Uint8Array): Response {
  const name = number.replace(/[^A-Za-z0-9_-]/g, '_');
  return new Response(pdf as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="invoice-${name}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

export const billingRoutes = declaredRoutes<AccountEnv>()
  .openapi({ ...billingOverviewRoute, middleware: requireSession }, async (c) => {
    const overview = await billingOverview(c.get('deps'), c.get('session').userId);
    return c.json(overview satisfies BillingOverview, 200);
  })

  // Our PDF of one of the account's invoices (404 for anyone else's).
  .openapi({ ...invoicePdfRoute, middleware: requireSession }, async (c) => {
    const { db } = c.get('deps');
    const { number, pdf } = await invoicePdfFor(
      db,
      c.req.valid('param').id,
      c.get('session').userId,
    );
    return invoicePdfResponse(number, pdf);
  })

  // The body is optional: `{ seats }` to buy more than one seat.
  .openapi({ ...upgradeCheckoutRoute, middleware: requireSession }, async (c) => {
    const { seats } = c.req.valid('json');
    const link = await startUpgradeCheckout(c.get('deps'), c.get('session').userId, seats);
    return c.json(
      { checkoutUrl: link.url, sessionId: link.id } satisfies StandardCheckoutResponse,
      200,
    );
  })

  // Standard for a team paying by invoice (bank transfer): upgraded at once, invoice open.
  .openapi({ ...invoiceUpgradeRoute, middleware: requireSession }, async (c) => {
    const body = c.req.valid('json');
    const invoice = await startInvoicedUpgrade(c.get('deps'), c.get('session').userId, body);
    return c.json({ invoice } satisfies InvoiceUpgradeResponse, 200);
  })

  // The billing details future invoices carry; answers the fresh page.
  .openapi({ ...billingDetailsRoute, middleware: requireSession }, async (c) => {
    const deps = c.get('deps');
    const { userId } = c.get('session');
    await changeBillingDetails(deps, userId, c.req.valid('json'));
    return c.json((await billingOverview(deps, userId)) satisfies BillingOverview, 200);
  })

  .openapi({ ...billingPortalRoute, middleware: requireSession }, async (c) => {
    const portal = await openPortal(c.get('deps'), c.get('session').userId);
    return c.json({ url: portal.url } satisfies PortalResponse, 200);
  })

  // Cancel at period end (the no-refund rule is in the confirm dialog); answers the fresh page.
  // The body is optional: `{ reason }` when the customer said why.
  .openapi({ ...cancelSubscriptionRoute, middleware: requireSession }, async (c) => {
    const deps = c.get('deps');
    const { userId } = c.get('session');
    await cancelAtPeriodEnd(deps, userId, c.req.valid('json').reason);
    return c.json((await billingOverview(deps, userId)) satisfies BillingOverview, 200);
  })

  // Seats of a running subscription: what adding costs now, adding (charged at once), and the
  // seats it renews with (fewer take effect at renewal).
  .openapi({ ...seatSummaryRoute, middleware: requireSession }, async (c) => {
    const summary = await seatSummary(c.get('deps'), c.get('session').userId);
    return c.json({ summary } satisfies SeatSummaryResponse, 200);
  })

  .openapi({ ...seatPreviewRoute, middleware: requireSession }, async (c) => {
    const { add } = c.req.valid('json');
    const preview = await previewSeatAddition(c.get('deps'), c.get('session').userId, add);
    return c.json(
      {
        seats: preview.seats,
        newSeats: preview.seats + add,
        subtotal: preview.subtotal,
        tax: preview.tax,
        total: preview.total,
        currency: preview.currency,
        reverseCharge: preview.reverseCharge,
        periodEnd: new Date(preview.periodEnd).toISOString(),
      } satisfies SeatPreview,
      200,
    );
  })

  .openapi({ ...seatAdditionRoute, middleware: requireSession }, async (c) => {
    const { add, expectedTotal } = c.req.valid('json');
    const added = await addSeats(c.get('deps'), c.get('session').userId, {
      added: add,
      expectedTotal,
    });
    return c.json(
      {
        message: SeatMessages.seatsAdded(add),
        seats: added.seats,
        invoice: {
          id: added.invoice.invoiceId,
          number: added.invoice.number,
          total: added.invoice.total,
          currency: added.invoice.currency,
        },
      } satisfies SeatAdditionResponse,
      200,
    );
  })

  .openapi({ ...renewalSeatsRoute, middleware: requireSession }, async (c) => {
    const { seats } = c.req.valid('json');
    const set = await setRenewalSeats(c.get('deps'), c.get('session').userId, seats);
    const message =
      set.renewalSeats === null || set.renewsOn === null
        ? SeatMessages.seatReductionUndone
        : SeatMessages.seatsReduced(set.renewalSeats, formatDate(set.renewsOn, 'UTC'));
    return c.json({ message, renewalSeats: set.renewalSeats } satisfies RenewalSeatsResponse, 200);
  })

  // Undo a cancellation at period end while the period runs; answers the fresh page.
  .openapi({ ...resumeSubscriptionRoute, middleware: requireSession }, async (c) => {
    const deps = c.get('deps');
    const { userId } = c.get('session');
    await resumeSubscription(deps, userId);
    return c.json((await billingOverview(deps, userId)) satisfies BillingOverview, 200);
  });
