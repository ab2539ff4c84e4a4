/**
 * Every route of the Worker outside /dev is declared once (src/contract/api/) and published in
 * the OpenAPI document, read from the app's own route table, so a route added without its
 * declaration fails here. The routes below are not declared yet; the list only ever shrinks.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app';
import { apiDocument } from '../../src/contract/api/document';

/** Routes the document does not hold yet, each `METHOD /path` as Hono spells it. */
const notYetDeclared = new Set([
  // routes/stripe-webhook.ts (the provider's signed events)
  'POST /api/stripe/webhook',
  // routes/openapi.ts (the document itself)
  'GET /api/openapi.json',
  // routes/payments.ts
  'POST /api/register-email-standard',
  'POST /api/register-google-standard',
  'POST /api/invoice-quote',
  'POST /api/register-email-standard-invoice',
  'POST /api/register-google-standard-invoice',
  'POST /api/check-payment-completion',
  // routes/billing.ts
  'GET /api/billing/invoices/:id/pdf',
  'POST /api/billing/checkout',
  'POST /api/billing/invoice',
  'PATCH /api/billing/details',
  'GET /api/billing/seats',
  'POST /api/billing/seats/preview',
  'POST /api/billing/seats',
  'POST /api/billing/seats/renewal',
  'GET /api/billing',
  'POST /api/billing/cancel',
  'POST /api/billing/resume',
  'POST /api/billing/portal',
  // routes/admin.ts
  'GET /api/admin/session',
  'GET /api/admin/metrics',
  'GET /api/admin/search',
  'GET /api/admin/customers/:id',
  'POST /api/admin/customers/:id/actions',
  'POST /api/admin/customers/:id/notes',
  'DELETE /api/admin/customers/:id/notes/:noteId',
  'GET /api/admin/inbox',
  'POST /api/admin/inbox/:id/handle',
  'POST /api/admin/inbox/:id/reply',
  'GET /api/admin/audit',
  // routes/admin-organizations.ts
  'GET /api/admin/organizations',
  'POST /api/admin/organizations',
  'GET /api/admin/organizations/:id',
  'PATCH /api/admin/organizations/:id',
  'POST /api/admin/organizations/:id/team',
  // routes/admin-money.ts
  'GET /api/admin/money',
  'POST /api/admin/money/refunds/:id/retry',
  'POST /api/admin/money/invoices/:id/retry-refund',
  'GET /api/admin/money/invoices/:id/pdf',
  'POST /api/admin/money/mails/:id/retry',
  // routes/team.ts
  'GET /api/team',
  'GET /api/team/members',
  'GET /api/team/members/:userId/devices',
  'GET /api/team/member-names',
  'GET /api/team/activity',
  'GET /api/team/activity.csv',
  'GET /api/team/utilization',
  'GET /api/team/utilization.csv',
  'POST /api/team/invitations',
  'POST /api/team/invitations/bulk',
  'POST /api/team/invitations/:id/resend',
  'DELETE /api/team/invitations/:id',
  'DELETE /api/team/members/:userId',
  'POST /api/team/seat',
  'DELETE /api/team/seat',
  'POST /api/team/devices/:id/free',
  'POST /api/team/transfer',
  'GET /api/organization',
  // routes/invitations.ts
  'GET /api/invitations/:token',
  'POST /api/invitations/:token/accept',
  'POST /api/invitations/:token/signup',
  // routes/login-form.ts: the sign-in forms as the browser posts them, answered with a page or a 303
  'POST /login',
  'POST /login/code',
  // routes/early-forms.ts: island forms posted before their scripts loaded, answered with their page
  'POST /forgot-password',
  'POST /activate',
  'POST /signup',
  'POST /reset-password',
  // the console's pages (middleware/operator.ts), HTML for operators
  'GET /admin',
  'GET /admin/*',
]);

/** Methods a handler answers; middleware (`use`, `all`) is not a route of its own. */
const methods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

describe("the app's route table", () => {
  it('publishes every route outside /dev in the OpenAPI document', () => {
    const document = apiDocument();
    const documented = new Set(
      Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
        Object.keys(item ?? {}).map(
          (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        ),
      ),
    );
    const routes = [
      ...new Set(
        createApp()
          .routes.filter(({ method }) => methods.has(method))
          .filter(({ path }) => path !== '/dev' && !path.startsWith('/dev/'))
          .map(({ method, path }) => `${method} ${path}`),
      ),
    ];
    expect(routes.length).toBeGreaterThan(documented.size / 2);
    expect(routes.filter((route) => !documented.has(route) && !notYetDeclared.has(route))).toEqual(
      [],
    );
    // A route declared since goes off the list.
    expect([...notYetDeclared].filter((route) => documented.has(route))).toEqual([]);
  });
});
