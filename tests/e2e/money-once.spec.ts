/**
 * Money is never taken twice (README "Trying payments locally" item 4), as a user meets it with
 * two tabs of one browser: a second Standard signup for the same e-mail expires the first tab's
 * checkout, and so does a trial started for it; when two tabs still both pay (the first tab's
 * return and webhook late), the payment that cannot be applied is refunded and its tab says so; a
 * double click on Upgrade together with a second tab opens one checkout, paid once.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { Messages } from '../../src/contract/messages';
import {
  enterBillingDetails,
  fillSignupForm,
  islandsReady,
  logIn,
  newVisitor,
  PASSWORD,
  payAtDevCheckout,
  signUpForTrial,
  uniqueEmail,
} from './auth.helpers';
import { expect, failedLoad, test } from './fixtures';

type Visitor = Awaited<ReturnType<typeof newVisitor>>;

interface MailboxMessage {
  tag: string;
  subject: string;
  text: string;
  code: string | null;
}

/** The value next to a label in a details list (`<dt>` + `<dd>`). */
const detail = (scope: Page | Locator, label: string) =>
  scope.locator('dt', { hasText: label }).locator('+ dd');

/** Every local e-mail to `to` with `tag`, newest first. */
async function mails(request: APIRequestContext, to: string, tag: string) {
  const response = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}&limit=100`);
  expect(response.status()).toBe(200);
  const { messages } = (await response.json()) as { messages: MailboxMessage[] };
  return messages.filter((message) => message.tag === tag);
}

/**
 * Another tab of the browser `page` belongs to: same cookies, and the same device fingerprint and
 * client IP (newVisitor sets those per page).
 */
async function secondTab(page: Page, visitor: Visitor): Promise<Page> {
  const tab = await page.context().newPage();
  await tab.addInitScript((value) => {
    window.__SW_TEST_FINGERPRINT__ = value;
  }, visitor.fingerprint);
  await tab.setExtraHTTPHeaders({ 'CF-Connecting-IP': visitor.ip });
  return tab;
}

/**
 * Signs up through /signup?plan=… and enters the code e-mailed for THIS attempt (an earlier tab's
 * code for the same address is already in the mailbox): ends at the local checkout (Standard,
 * whose URL is returned) or on the dashboard (trial).
 */
async function signUp(
  page: Page,
  plan: 'standard' | 'trial',
  values: { name: string; email: string; password?: string },
): Promise<string> {
  const before = (await mails(page.request, values.email, 'verification-code')).length;
  await page.goto(`/signup?plan=${plan}`);
  await fillSignupForm(page, values);
  await page
    .getByRole('button', { name: plan === 'standard' ? 'Start Standard Plan' : 'Start Free Trial' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Verify Your Email' });
  await expect(dialog).toBeVisible();
  let code = '';
  await expect
    .poll(
      async () => {
        const sent = await mails(page.request, values.email, 'verification-code');
        if (sent.length > before) code = sent[0]?.code ?? '';
        return sent.length > before;
      },
      { message: `a new code for ${values.email}`, timeout: 10_000 },
    )
    .toBe(true);
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Verify Email' }).click();
  if (plan === 'trial') {
    await expect(page).toHaveURL(/\/dashboard$/);
    return page.url();
  }
  await expect(page).toHaveURL(/\/dev\/checkout\?session_id=cs_local_/);
  return page.url();
}

const sessionIdOf = (url: string) => new URL(url).searchParams.get('session_id') ?? '';

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('a second Standard signup tab for the same e-mail expires the first tab’s checkout', async ({
  page,
  browser,
  allowConsoleError,
}, testInfo) => {
  // Three signups, two checkouts with their billing details and a sign-in: more than 30 s.
  test.slow();
  // The first tab's checkout has expired: paying there answers 410, which the browser logs.
  allowConsoleError(failedLoad(410, '/dev/checkout'));
  const visitor = await newVisitor(page);
  const email = uniqueEmail('two-tabs');
  const checkoutA = await signUp(page, 'standard', { name: 'Tab One', email });
  await enterBillingDetails(page);

  const tabB = await secondTab(page, visitor);
  const checkoutB = await signUp(tabB, 'standard', {
    name: 'Tab Two',
    email,
    password: `${PASSWORD}-2`,
  });
  expect(sessionIdOf(checkoutB)).not.toBe(sessionIdOf(checkoutA));

  // Tab one still shows its Pay button; pressing it takes no money and says why.
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(checkoutA);
  await expect(page.getByRole('heading', { name: 'This checkout has expired' })).toBeVisible();
  await expect(
    page.getByText('A newer checkout was opened for the same purchase, so this one closed.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
  const reloaded = await page.reload();
  expect(reloaded?.status()).toBe(410);
  await expect(page.getByRole('heading', { name: 'This checkout has expired' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Return to Sheetwright' })).toHaveAttribute(
    'href',
    /\/pricing$/,
  );
  await shoot(page, testInfo, 'checkout-expired');

  // Tab two pays: its form (name, password) made the one account.
  await payAtDevCheckout(tabB);
  await expect(tabB.getByText('Welcome back, Tab Two!')).toBeVisible();
  await expect(detail(tabB, 'Subscription')).toHaveText('Standard');
  expect(await mails(page.request, email, 'welcome')).toHaveLength(1);
  expect(await mails(page.request, email, 'payment-refunded')).toHaveLength(0);
  const elsewhere = await browser.newPage();
  await newVisitor(elsewhere);
  await logIn(elsewhere, email, `${PASSWORD}-2`);
  await expect(detail(elsewhere, 'Subscription')).toHaveText('Standard');
  await elsewhere.close();

  // The expired tab's return link goes back to the site, and nothing was charged there.
  await page.getByRole('link', { name: 'Return to Sheetwright' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await tabB.close();
});

test('two tabs buy Standard for one e-mail: one account, one charge kept, the other refunded and told so', async ({
  page,
}, testInfo) => {
  const visitor = await newVisitor(page);
  const email = uniqueEmail('refunded');
  test.slow();
  const checkout = await signUp(page, 'standard', { name: 'Paying Tab', email });
  const sessionId = sessionIdOf(checkout);
  await enterBillingDetails(page);

  // Tab one pays, but its return and Stripe's webhook are late (the customer closed the tab):
  // no account exists yet, so nothing stops a second tab.
  await page.getByRole('button', { name: 'Pay, hold back the return and the webhook' }).click();
  await expect(page.getByRole('heading', { name: 'Paid, return held back' })).toBeVisible();

  // The second tab signs up for the same e-mail (tab one's checkout is paid, so it cannot be
  // expired), pays, and gets the account.
  const tabB = await secondTab(page, visitor);
  const second = await signUp(tabB, 'standard', { name: 'Second Tab', email });
  expect(sessionIdOf(second)).not.toBe(sessionId);
  await payAtDevCheckout(tabB);
  await expect(tabB).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(detail(tabB, 'Subscription')).toHaveText('Standard');

  // Tab one comes back: its payment cannot make a second account, and is given back at once.
  await page.getByRole('link', { name: 'Return to Sheetwright' }).click();
  await expect(page).toHaveURL(/\/payment-processing\?session_id=cs_local_/);
  const heading = page.getByRole('heading', { name: 'Payment Refunded' });
  await expect(heading).toBeVisible({ timeout: 20_000 });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('status')).toHaveText(
    Messages.paymentRefunded('account_exists', true),
  );
  await expect(page.getByRole('status')).toHaveText(
    'You already have an account — this payment was refunded. Log in.',
  );
  await expect(page.getByText('We have sent you an e-mail about it.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    '/about',
  );
  // It stays: no redirect to the dashboard or /login.
  await page.waitForTimeout(2_000);
  await expect(page).toHaveURL(/\/payment-processing\?session_id=cs_local_/);
  await shoot(page, testInfo, 'payment-refunded');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, testInfo, 'payment-refunded-narrow');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The payer is e-mailed once.
  await expect
    .poll(async () => (await mails(page.request, email, 'payment-refunded')).length)
    .toBe(1);
  const [refundMail] = await mails(page.request, email, 'payment-refunded');
  expect(refundMail?.subject).toBe('Your Sheetwright payment was refunded');
  expect(refundMail?.text).toContain('$129.00');
  expect(refundMail?.text).toContain('you already have an account');

  // The checkout's own page and its invoice show the refund.
  await page.goto(checkout);
  await expect(page.getByRole('heading', { name: 'This checkout is already paid' })).toBeVisible();
  // The page's text wraps across source lines, so spaces are matched loosely.
  await expect(page.getByText('This payment could not be applied')).toHaveText(
    /^\s*This payment could not be applied and was refunded in full on\s+\d{4}-\d{2}-\d{2}\.\s*$/,
  );
  await shoot(page, testInfo, 'checkout-refunded');
  await page.goto(`/dev/checkout/invoice?id=${sessionId.replace(/^cs_local_/, 'in_local_')}`);
  await expect(detail(page, 'Status')).toHaveText(/^\s*Refunded on \d{4}-\d{2}-\d{2}\s*$/);
  await expect(detail(page, 'Amount paid')).toHaveText('$129.00');

  // One account: the second tab's, with its one charge; one welcome e-mail.
  await tabB.goto('/dashboard/billing');
  await islandsReady(tabB);
  await expect(detail(tabB, 'Plan')).toHaveText('Standard');
  expect(await mails(page.request, email, 'welcome')).toHaveLength(1);

  // Log In from the refunded tab: this browser is signed in already (the second tab), so /login
  // forwards it to the one account.
  await page.goto(`/payment-processing?session_id=${sessionId}`);
  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(detail(page, 'Subscription')).toHaveText('Standard');
  await tabB.close();
});

test('a trial started in another tab closes the e-mail’s open Standard checkout: no charge', async ({
  page,
  allowConsoleError,
}) => {
  // The closed checkout answers 410, which the browser logs.
  allowConsoleError(failedLoad(410, '/dev/checkout'));
  const visitor = await newVisitor(page);
  const email = uniqueEmail('trial-close');
  await signUp(page, 'standard', { name: 'Standard Tab', email });
  await enterBillingDetails(page);

  const tabB = await secondTab(page, visitor);
  await signUp(tabB, 'trial', { name: 'Trial Tab', email });

  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'This checkout has expired' })).toBeVisible();
  expect(await mails(page.request, email, 'payment-refunded')).toHaveLength(0);
  await tabB.close();
});

test('a double click on Upgrade and a second tab open one checkout, paid once', async ({
  page,
}) => {
  const visitor = await newVisitor(page);
  const { email } = await signUpForTrial(page, 'Double Clicker');
  const tabB = await secondTab(page, visitor);
  await tabB.goto('/dashboard/billing');
  await islandsReady(tabB);

  // Every answer of POST /api/billing/checkout, whichever tab asked (read before the tab leaves).
  const answered: string[] = [];
  for (const tab of [page, tabB]) {
    await tab.route('**/api/billing/checkout', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { checkoutUrl?: string };
      answered.push(`${response.status()} ${sessionIdOf(body.checkoutUrl ?? 'http://x/')}`);
      await route.fulfill({ response });
    });
  }

  // A double click on the dashboard and, at the same moment, Upgrade in the other tab.
  await Promise.all([
    page
      .getByRole('region', { name: 'Upgrade to Standard' })
      .getByRole('button', { name: 'Upgrade to Standard' })
      .dblclick(),
    tabB.getByRole('button', { name: 'Upgrade to Standard' }).click(),
  ]);
  await expect(page).toHaveURL(/\/dev\/checkout\?session_id=cs_local_/);
  await expect(tabB).toHaveURL(/\/dev\/checkout\?session_id=cs_local_/);
  const sessionId = sessionIdOf(page.url());
  expect(sessionIdOf(tabB.url())).toBe(sessionId);
  expect(answered.length).toBeGreaterThanOrEqual(2);
  expect(new Set(answered)).toEqual(new Set([`200 ${sessionId}`]));

  // Paid in the second tab: upgraded (the details entered in the first tab, seen on reload).
  await enterBillingDetails(page);
  await tabB.reload();
  await tabB.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(tabB.getByRole('heading', { name: 'Welcome to Sheetwright Standard!' })).toBeVisible(
    { timeout: 20_000 },
  );
  await expect(tabB).toHaveURL(/\/dashboard$/);
  await expect(detail(tabB, 'Subscription')).toHaveText('Standard');

  // The first tab still shows the same checkout: Pay there takes nothing more.
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'This checkout is already paid' })).toBeVisible();
  await expect(page.getByText(/refunded/)).toHaveCount(0);

  await expect.poll(async () => (await mails(page.request, email, 'upgrade')).length).toBe(1);
  expect(await mails(page.request, email, 'payment-refunded')).toHaveLength(0);
  await tabB.goto('/dashboard/billing');
  await islandsReady(tabB);
  await expect(detail(tabB, 'Plan')).toHaveText('Standard');
  await expect(tabB.getByRole('table').getByRole('row')).toHaveCount(2);
  await tabB.close();
});
