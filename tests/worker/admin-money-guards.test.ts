/**
 * Who may use the console's money routes, and what bad input gets: every route refuses a visitor
 * (401), a customer (403) and an operator whose sign-in is older than 12 hours (401
 * REAUTH_REQUIRED); bad bodies and unknown ids answer a plain message, never a 500.
 */
import { describe, expect, it } from 'vitest';
import { ConsoleMessages } from '../../src/contract/messages';
import { accountApp, queryAll, signUpTrial, type AccountApp } from './account-helpers';
import { adminPost, operator } from './admin-helpers';
import { errorOf, moneyPage } from './admin-money-helpers';

const REASON = { reason: 'Customer asked by e-mail' };

/** Every new money route, as [method, path, body]. */
function routes(userId: string): [string, string, unknown][] {
  return [
    ['GET', '/api/admin/money', undefined],
    ['POST', '/api/admin/money/refunds/some-refund/retry', REASON],
    ['POST', '/api/admin/money/invoices/in_123/retry-refund', REASON],
    ['POST', '/api/admin/money/mails/some-mail/retry', REASON],
    [
      'POST',
      `/api/admin/customers/${userId}/actions`,
      { action: 'cancel-subscription', when: 'now', ...REASON },
    ],
    [
      'POST',
      `/api/admin/customers/${userId}/actions`,
      { action: 'refund-payment', invoiceId: 'in_123', ...REASON },
    ],
  ];
}

function call(app: AccountApp, method: string, path: string, body: unknown, headers = {}) {
  return app.request(path, {
    method,
    headers,
    ...(body === undefined ? {} : { json: body }),
  });
}

describe('money routes of the console: who may call them', () => {
  it('refuses a visitor without a session with 401', async () => {
    const app = accountApp();
    for (const [method, path, body] of routes('someone')) {
      const response = await call(app, method, path, body);
      expect((await errorOf(response)).code, `${method} ${path}`).toBe('UNAUTHORIZED');
      expect(response.status).toBe(401);
    }
  });

  it('refuses a signed-in customer with 403, without a hint of what the route does', async () => {
    const app = accountApp();
    const customer = await signUpTrial(app);
    for (const [method, path, body] of routes(customer.auth.user.userId)) {
      const response = await call(app, method, path, body, customer.browser);
      expect(await errorOf(response), `${method} ${path}`).toEqual({
        status: 403,
        message: ConsoleMessages.notAnOperator,
        code: 'FORBIDDEN',
      });
    }
  });

  it('refuses an operator whose sign-in is older than 12 hours with 401 REAUTH_REQUIRED', async () => {
    const app = accountApp();
    const op = await operator(app);
    const customer = await signUpTrial(app);
    app.clock.advance(12 * 60 * 60 + 1);
    for (const [method, path, body] of routes(customer.auth.user.userId)) {
      const response = await call(app, method, path, body, op.browser);
      expect(await errorOf(response), `${method} ${path}`).toEqual({
        status: 401,
        message: ConsoleMessages.signInAgain,
        code: 'REAUTH_REQUIRED',
      });
    }
  });

  it('checks the operator and counts its rate limit once per request', async () => {
    const app = accountApp();
    const op = await operator(app);

    await moneyPage(app, op);

    const [counter] = await queryAll<{ count: number }>(
      'SELECT count FROM rate_limits WHERE key = ?',
      `adminPerOperator:${op.userId}`,
    );
    expect(counter?.count).toBe(1);
  });

  it('answers 405 to a method a money route does not take', async () => {
    const app = accountApp();
    const op = await operator(app);
    const response = await app.request('/api/admin/money', {
      method: 'POST',
      headers: op.browser,
      json: REASON,
    });
    expect(response.status).toBe(405);
  });
});

describe('money routes of the console: bad input', () => {
  it('answers 400 with a plain message for a missing or too short reason', async () => {
    const app = accountApp();
    const op = await operator(app);
    const customer = await signUpTrial(app);
    const actions = `/api/admin/customers/${customer.auth.user.userId}/actions`;

    const cases: [string, unknown, string][] = [
      ['/api/admin/money/refunds/r1/retry', {}, 'Reason is required.'],
      [
        '/api/admin/money/mails/m1/retry',
        { reason: ' x ' },
        'Give a reason (at least 3 characters); it is kept in the audit log.',
      ],
      ['/api/admin/money/invoices/in_1/retry-refund', { reason: 42 }, 'Reason must be a string.'],
      [actions, { action: 'refund-payment', invoiceId: 'in_1' }, 'Reason is required.'],
      [actions, { action: 'cancel-subscription', when: 'now' }, 'Reason is required.'],
    ];
    for (const [path, body, message] of cases) {
      const response = await adminPost(app, op, path, body);
      expect(await errorOf(response), path).toEqual({
        status: 400,
        message,
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it('answers 400 with a plain message for a cancel without a valid time or a refund without a payment', async () => {
    const app = accountApp();
    const op = await operator(app);
    const customer = await signUpTrial(app);
    const actions = `/api/admin/customers/${customer.auth.user.userId}/actions`;

    const cases: [unknown, string][] = [
      [
        { action: 'cancel-subscription', when: 'tomorrow', ...REASON },
        'Choose when the subscription ends: at the end of the paid period or now.',
      ],
      [
        { action: 'cancel-subscription', ...REASON },
        'Choose when the subscription ends: at the end of the paid period or now.',
      ],
      [{ action: 'refund-payment', ...REASON }, 'Invoice id is required.'],
      [{ action: 'refund-payment', invoiceId: '   ', ...REASON }, 'Invoice id is required.'],
      [
        { action: 'refund-payment', invoiceId: 'x'.repeat(129), ...REASON },
        'Invoice id must have at most 128 characters.',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await adminPost(app, op, actions, body);
      expect(await errorOf(response), JSON.stringify(body)).toEqual({
        status: 400,
        message,
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it('answers 404 with a plain message for ids that name nothing', async () => {
    const app = accountApp();
    const op = await operator(app);
    const customer = await signUpTrial(app);

    const cases: [string, unknown, number, string][] = [
      [
        '/api/admin/money/refunds/no-such-refund/retry',
        REASON,
        404,
        ConsoleMessages.refundNotFound,
      ],
      ['/api/admin/money/mails/no-such-mail/retry', REASON, 404, ConsoleMessages.mailNotFound],
      [
        '/api/admin/money/invoices/in_nothing/retry-refund',
        REASON,
        404,
        ConsoleMessages.paymentNotFound,
      ],
      [
        `/api/admin/customers/${customer.auth.user.userId}/actions`,
        { action: 'refund-payment', invoiceId: 'in_nothing', ...REASON },
        404,
        ConsoleMessages.invoiceNotFound,
      ],
    ];
    for (const [path, body, status, message] of cases) {
      const response = await adminPost(app, op, path, body);
      const error = await errorOf(response);
      expect({ status: error.status, message: error.message }, path).toEqual({ status, message });
    }
  });

  it('answers 404 NO_SUBSCRIPTION when the customer has no card subscription to cancel', async () => {
    const app = accountApp();
    const op = await operator(app);
    const customer = await signUpTrial(app);

    for (const when of ['now', 'period-end']) {
      const response = await adminPost(
        app,
        op,
        `/api/admin/customers/${customer.auth.user.userId}/actions`,
        { action: 'cancel-subscription', when, ...REASON },
      );
      expect((await errorOf(response)).code).toBe('NO_SUBSCRIPTION');
      expect(response.status).toBe(404);
    }
  });

  it('answers 400 for a body that is not JSON, and 415 for another content type', async () => {
    const app = accountApp();
    const op = await operator(app);

    const broken = await app.request('/api/admin/money/mails/m1/retry', {
      method: 'POST',
      headers: { ...op.browser, 'Content-Type': 'application/json' },
      body: '{"reason": ',
    });
    expect(broken.status).toBe(400);
    const form = await app.request('/api/admin/money/mails/m1/retry', {
      method: 'POST',
      headers: { ...op.browser, 'Content-Type': 'text/plain' },
      body: 'reason=because',
    });
    expect(form.status).toBe(415);
  });
});
