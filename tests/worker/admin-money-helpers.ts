/**
 * Helpers for the console's money tests, on top of admin-helpers.ts (operators and their
 * requests): the money page checked against its shape, customer actions as sent, the audit rows
 * written, and error answers.
 */
import { expect } from 'vitest';
import { type MoneyOverview } from '../../src/contract/admin';
import { parse } from '../../src/contract/shape';
import { queryAll, type AccountApp, type SignedInAccount } from './account-helpers';
import { PaymentProviderError, type PaymentProvider } from '../../functions/adapters/payments';
import { adminGet, adminPost, operator } from './admin-helpers';
import { upgradedAccount, type BillingWorld } from './billing-helpers';
import { isGetMoneyOverviewAnswer } from '../../src/generated/answers/GetMoneyOverviewAnswer';

/** POST /api/admin/customers/:id/actions as the operator's browser, whatever it answers. */
export function customerAction(
  app: AccountApp,
  who: SignedInAccount,
  userId: string,
  body: unknown,
) {
  return adminPost(app, who, `/api/admin/customers/${userId}/actions`, body);
}

/** GET /api/admin/money, asserting success and the answer's shape. */
export async function moneyPage(app: AccountApp, who: SignedInAccount): Promise<MoneyOverview> {
  const response = await adminGet(app, who, '/api/admin/money');
  expect(response.status, await response.clone().text()).toBe(200);
  const body: unknown = await response.json();
  expect(isGetMoneyOverviewAnswer(body)).toBe(true);
  return parse(isGetMoneyOverviewAnswer, body);
}

/** An audit row as stored, with its JSON values parsed. */
export interface StoredAudit {
  operator_id: string;
  operator_email: string;
  user_id: string | null;
  action: string;
  subject: string;
  reason: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** The audit rows about `subject`, oldest first. */
export async function auditOf(subject: string): Promise<StoredAudit[]> {
  const rows = await queryAll<
    Omit<StoredAudit, 'before' | 'after'> & { before: string; after: string }
  >(
    'SELECT operator_id, operator_email, user_id, action, subject, reason, before, after FROM audit_log WHERE subject = ? ORDER BY created_at, rowid',
    subject,
  );
  return rows.map((row) => ({
    ...row,
    before: JSON.parse(row.before) as Record<string, unknown>,
    after: JSON.parse(row.after) as Record<string, unknown>,
  }));
}

/** An error answer: its status and body. */
export async function errorOf(
  response: Response,
): Promise<{ status: number; message: string; code: string | null }> {
  const body = await response.json<{ message: string; code: string | null }>();
  return { status: response.status, ...body };
}

/** A Standard customer who paid through the local checkout, an operator, and the paid invoice. */
export async function paidCustomer(world: BillingWorld) {
  const { account, checkout } = await upgradedAccount(world);
  const suffix = checkout.sessionId.slice('cs_local_'.length);
  const op = await operator(world.app);
  return {
    account,
    userId: account.auth.user.userId,
    sessionId: checkout.sessionId,
    invoiceId: `in_local_${suffix}`,
    refundId: `re_local_${suffix}`,
    op,
  };
}

/** The local provider, with refundPayment failing `failures` times first; keys of every call. */
export function flakyRefunds(failures: number) {
  const keys: string[] = [];
  let left = failures;
  const wrap = (local: PaymentProvider): PaymentProvider => ({
    ...local,
    async refundPayment(input) {
      keys.push(input.idempotencyKey);
      if (left > 0) {
        left -= 1;
        throw new PaymentProviderError('unavailable', 'Stripe is unavailable; try again later.');
      }
      return local.refundPayment(input);
    },
  });
  return { keys, wrap };
}
