/**
 * Card payment journeys (the Standard signup and the payment-processing page): a Standard signup through the local /dev/checkout, Cancel back to /pricing, and the
 * Payment Processing Issue view for a missing session or for running out of attempts.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  continueOnDevGoogle,
  enterBillingDetails,
  fillSignupForm,
  latestCode,
  newVisitor,
  uniqueEmail,
} from './auth.helpers';
import { expect, failedLoad, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await newVisitor(page);
});

/** Signs up for Standard through the UI and waits at the local card checkout. */
async function startStandardSignup(page: Page, name: string, email: string) {
  await page.goto('/signup?plan=standard');
  await fillSignupForm(page, { name, email });
  await page.getByRole('button', { name: 'Start Standard Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify Your Email' });
  await dialog.getByLabel('Verification code').fill(await latestCode(page.request, email));
  await dialog.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page.getByText('Redirecting you to secure checkout...')).toBeVisible();
  await expect(page).toHaveURL(/\/dev\/checkout\?session_id=cs_local_/);
  await enterBillingDetails(page);
}

/** Makes /payment-processing poll fast (the localhost test hook of poll-settings.ts). */
async function fastPolling(page: Page, intervalMs: number, maxAttempts: number) {
  await page.addInitScript(
    (settings) => {
      window.__SW_TEST_PAYMENT_POLL__ = settings;
    },
    { intervalMs, maxAttempts },
  );
}

/** Why the issue view shows: attempts ran out (the spec's text), or a checkout that cannot complete. */
type IssueReason = 'attempts' | 'unknown';

async function expectIssueView(page: Page, reason: IssueReason) {
  await expect(page.getByRole('heading', { name: 'Payment Processing Issue' })).toBeVisible();
  await expect(
    page.getByText("We're having trouble confirming your payment completion."),
  ).toBeVisible();
  const successful = page.getByText(
    "This might take a few more minutes. Your payment was successful, and we're setting up your account.",
  );
  if (reason === 'attempts') await expect(successful).toBeVisible();
  else {
    await expect(page.getByText(/We could not find this checkout/)).toBeVisible();
    await expect(successful).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    '/about',
  );
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute(
    'href',
    '/pricing',
  );
}

/** A Standard signup's checkout, left open and unpaid: its session id. */
async function openUnpaidCheckout(page: Page): Promise<string> {
  await startStandardSignup(page, 'Pat Pending', uniqueEmail('pending'));
  const sessionId = new URL(page.url()).searchParams.get('session_id');
  expect(sessionId).toMatch(/^cs_local_/);
  return sessionId!;
}

test.describe('standard checkout', () => {
  test('pay at the checkout, set up the account and land on the dashboard as Standard', async ({
    page,
  }) => {
    const email = uniqueEmail('paid');
    await startStandardSignup(page, 'Grace Paid', email);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/payment-processing\?session_id=cs_local_/);
    await expect(page.getByRole('heading', { name: 'Welcome to Sheetwright!' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText('Your account has been created successfully.')).toBeVisible();
    await expect(page.getByText('Redirecting you to your dashboard...')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    const subscription = page.locator('dt', { hasText: 'Subscription' }).locator('+ dd');
    await expect(subscription).toHaveText('Standard');
  });

  test('Google sign-up for Standard goes through the checkout to the dashboard', async ({
    page,
  }) => {
    await page.goto('/signup?plan=standard');
    await expect(page.getByRole('button', { name: 'Start Standard Plan' })).toBeEnabled();
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await continueOnDevGoogle(page, uniqueEmail('google-paid'), 'Ada Paid');
    await expect(page).toHaveURL(/\/dev\/checkout\?session_id=cs_local_/);
    await enterBillingDetails(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    const subscription = page.locator('dt', { hasText: 'Subscription' }).locator('+ dd');
    await expect(subscription).toHaveText('Standard');
  });

  test('Cancel at the checkout returns to /pricing', async ({ page }) => {
    await startStandardSignup(page, 'Cancel Person', uniqueEmail('cancel'));
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe('payment processing page', () => {
  test('without session_id it shows the issue view at once, and it is accessible', async ({
    page,
  }) => {
    await page.goto('/payment-processing');
    await expectIssueView(page, 'unknown');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });

  test('an unknown session shows the issue view at the first answer, never "Payment confirmed"', async ({
    page,
    allowConsoleError,
  }, testInfo) => {
    // The checkout session does not exist: the check answers 404, which the browser logs.
    allowConsoleError(failedLoad(404, '/api/check-payment-completion'));
    // A long interval: were the page to poll again, it would sit in the processing view.
    await fastPolling(page, 60_000, 40);
    const checks: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/check-payment-completion')) checks.push(response.status());
    });
    await page.goto('/payment-processing?session_id=cs_local_doesnotexist');
    await expectIssueView(page, 'unknown');
    await expect(page.getByText('Payment confirmed')).toHaveCount(0);
    await expect(page.getByText(/Attempt \d+ of/)).toHaveCount(0);
    expect(checks).toEqual([404]);
    await page.screenshot({ path: testInfo.outputPath('unknown-session.png') });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });

  test('processing state shows every product text and is accessible', async ({
    page,
  }, testInfo) => {
    const sessionId = await openUnpaidCheckout(page);
    await fastPolling(page, 60_000, 40);
    await page.goto(`/payment-processing?session_id=${sessionId}`);
    await expect(page.getByRole('heading', { name: /Setting Up Your Account/ })).toBeVisible();
    await expect(page.getByText(/payment was successful/i)).toBeVisible();
    await expect(page.getByText(/30-60 seconds/)).toBeVisible();
    await expect(page.getByText(/do not close this page/i)).toBeVisible();
    await expect(page.getByText('Payment confirmed')).toBeVisible();
    await expect(page.getByText('Creating account and license...')).toBeVisible();
    await expect(page.getByText('Attempt 1 of 40')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('processing.png') });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });

  test('running out of attempts on an open checkout shows the issue view after the last attempt', async ({
    page,
  }) => {
    const sessionId = await openUnpaidCheckout(page);
    await fastPolling(page, 50, 3);
    const checks: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/check-payment-completion')) checks.push(response.status());
    });
    await page.goto(`/payment-processing?session_id=${sessionId}`);
    await expectIssueView(page, 'attempts');
    await expect(page.getByText('Stopped after Attempt 3 of 3')).toBeVisible();
    expect(checks).toEqual([200, 200, 200]);
  });
});
