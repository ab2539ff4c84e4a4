/** Operators for the console's tests: an account granted `admin` as scripts/admin.mjs does it. */
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { parse } from '../../src/contract/shape';
import { type CustomerActionResult, type CustomerDetail } from '../../src/contract/admin';
import type { AuthResponse } from '../../src/contract/user';
import { credentials, signUpTrial, type AccountApp, type SignedInAccount } from './account-helpers';
import { enableTwoStep, nextCode, type TwoStep } from './two-step-helpers';
import { isActOnCustomerAnswer } from '../../src/generated/answers/ActOnCustomerAnswer';
import { isGetCustomerAnswer } from '../../src/generated/answers/GetCustomerAnswer';

/**
 * A signed-in operator: the account, headers of its session (signed in after the grant), and its
 * authenticator app (turned on in that session, which so proved a second factor).
 */
export interface OperatorAccount extends SignedInAccount {
  userId: string;
  twoStep: TwoStep;
}

/** Grants `admin` to the account with this e-mail, as `npm run admin -- grant` does. */
export async function grantAdmin(email: string): Promise<void> {
  await env.DB.prepare('UPDATE users SET role = ? WHERE email_normalized = ?')
    .bind('admin', email.trim().toLowerCase())
    .run();
}

/**
 * Signs up an account, makes it an operator, signs it in again (a fresh session) and turns on
 * two-step sign-in in that session, as the console asks an operator to.
 */
export async function operator(app: AccountApp): Promise<OperatorAccount> {
  const account = await operatorWithoutSecondFactor(app);
  const twoStep = await enableTwoStep(app, account);
  return { ...account, twoStep };
}

/** An operator signed in by password alone, with no second factor: the console refuses them. */
export async function operatorWithoutSecondFactor(
  app: AccountApp,
): Promise<Omit<OperatorAccount, 'twoStep'>> {
  const account = await signUpTrial(app);
  await grantAdmin(account.form.email);
  const response = await app.post('/api/login', {
    email: account.form.email,
    password: account.form.password,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const auth = await response.json<AuthResponse>();
  return { ...account, auth, ...credentials(auth.token), userId: auth.user.userId };
}

/** Confirms it is the operator (a fresh code), as the console asks before a money action. */
export async function confirmIdentity(app: AccountApp, who: OperatorAccount): Promise<void> {
  const response = await app.post(
    '/api/verify-identity',
    { code: nextCode(app, who.twoStep.secret) },
    who.browser,
  );
  expect(response.status, await response.clone().text()).toBe(200);
}

/** GET as the operator's browser (cookie + same-site fetch). */
export function adminGet(app: AccountApp, who: SignedInAccount, path: string) {
  return app.request(path, { headers: { ...who.browser, 'Sec-Fetch-Site': 'same-origin' } });
}

/** POST as the operator's browser (cookie + our Origin). */
export function adminPost(app: AccountApp, who: SignedInAccount, path: string, json: unknown) {
  return app.request(path, {
    method: 'POST',
    json,
    headers: { ...who.browser, 'Sec-Fetch-Site': 'same-origin' },
  });
}

/** The customer page's data, checked against its shape. */
export async function detailOf(
  app: AccountApp,
  who: SignedInAccount,
  userId: string,
): Promise<CustomerDetail> {
  const response = await adminGet(app, who, `/api/admin/customers/${userId}`);
  expect(response.status, await response.clone().text()).toBe(200);
  const body: unknown = await response.json();
  expect(isGetCustomerAnswer(body)).toBe(true);
  return parse(isGetCustomerAnswer, body);
}

/** Runs a customer action and asserts it succeeded; answers the result. */
export async function act(
  app: AccountApp,
  who: SignedInAccount,
  userId: string,
  body: Record<string, unknown>,
): Promise<CustomerActionResult> {
  const response = await adminPost(app, who, `/api/admin/customers/${userId}/actions`, {
    reason: 'Customer asked by e-mail',
    ...body,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return parse(isActOnCustomerAnswer, await response.json());
}
