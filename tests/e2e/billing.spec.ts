/**
 * The Standard plan after signup: the Trial → Standard
 * upgrade from the dashboard and from the signup page's member modal through the local
 * /dev/checkout, a payment finished in another browser, and Billing & Invoices (invoices, cancel
 * at period end, the Trial empty state with no billing details yet), with axe on each state.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { Messages, SuccessMessages } from '../../src/contract/messages';
import {
  buyStandard,
  enterBillingDetails,
  islandsReady,
  newVisitor,
  payAtDevCheckout,
  signUpForTrial,
  startStandardSignupAtCheckout,
  uniqueEmail,
} from './auth.helpers';
import { expect, failedLoad, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await newVisitor(page);
});

/** The value next to a label in a details list (`<dt>` + `<dd>`). */
const detail = (scope: Page | Locator, label: string) =>
  scope.locator('dt', { hasText: label }).locator('+ dd');
/** The date of the "Renews on" line, without what the renewal charges beside it. */
const renewalDate = (page: Page) => detail(page, 'Renews on').locator('time');

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

async function openBilling(page: Page) {
  await page.goto('/dashboard/billing');
  await islandsReady(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Current plan' })).toBeVisible();
}

test.describe('upgrade to Standard', () => {
  test('a Trial user upgrades from the dashboard and keeps the same license key', async ({
    page,
  }) => {
    await signUpForTrial(page, 'Trial Upgrader');
    const license = page.getByRole('region', { name: 'Your License' });
    const key = await license.locator('code').innerText();

    await page
      .getByRole('region', { name: 'Upgrade to Standard' })
      .getByRole('button', { name: 'Upgrade to Standard' })
      .click();
    await expect(page).toHaveURL(/\/dev\/checkout\?session_id=cs_local_/);
    await enterBillingDetails(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/payment-processing\?session_id=cs_local_/);
    await expect(
      page.getByRole('heading', { name: 'Welcome to Sheetwright Standard!' }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Your plan has been upgraded to Standard.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    await expect(detail(license, 'Subscription')).toHaveText('Standard');
    await expect(license.locator('code')).toHaveText(key);
    await expect(page.getByRole('region', { name: 'Upgrade to Standard' })).toHaveCount(0);
    await expect(license.locator('#download')).toContainText('Latest version');
  });

  test('the upgrade button shows it is redirecting, and a refusal shows the server message', async ({
    page,
    allowConsoleError,
  }) => {
    // The refused checkout answers 409, which the browser logs.
    allowConsoleError(failedLoad(409, '/api/billing/checkout'));
    await signUpForTrial(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Held until the busy state has been seen, then refused as the server refuses a Standard user.
    await page.route('**/api/billing/checkout', async (route) => {
      await held;
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: Messages.alreadyStandard, code: 'ALREADY_STANDARD' }),
      });
    });
    const box = page.getByRole('region', { name: 'Upgrade to Standard' });
    await box.getByRole('button', { name: 'Upgrade to Standard' }).click();
    const busy = box.getByRole('button', { name: 'Redirecting to checkout...' });
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    release();
    await expect(box.getByRole('alert')).toHaveText(Messages.alreadyStandard);
    await expect(box.getByRole('button', { name: 'Upgrade to Standard' })).toBeFocused();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('when the upgrade button cannot load, the box links to the Standard signup, which offers the upgrade', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/UpgradeButton|Failed to fetch dynamically imported module/);
    await page.route('**/_astro/UpgradeButton.*.js', (route) => route.abort());
    await signUpForTrial(page);
    const box = page.getByRole('region', { name: 'Upgrade to Standard' });
    await expect(box).toContainText('Keep every feature after your trial: $129 per year');
    await box.getByRole('link', { name: 'Upgrade to Standard' }).click();
    await expect(page).toHaveURL(/\/signup\?plan=standard$/);
    await expect(
      page.getByRole('dialog').getByRole('button', { name: 'Upgrade to Standard' }),
    ).toBeVisible();
  });

  test('a Trial user upgrades from the member modal on the signup page', async ({ page }) => {
    await signUpForTrial(page, 'Modal Upgrader');
    await page.goto('/signup?plan=trial');
    const modal = page.getByRole('dialog', { name: 'Upgrade to Standard' });
    await modal.getByRole('button', { name: 'Upgrade to Standard' }).click();
    await payAtDevCheckout(page);
    await expect(detail(page, 'Subscription')).toHaveText('Standard');

    // Now Standard: the standard signup page says so instead of offering an upgrade.
    await page.goto('/signup?plan=standard');
    await expect(page.getByRole('dialog', { name: 'Already a Member' })).toContainText(
      'You already have the Standard plan.',
    );
  });

  test('cancel at the checkout of an upgrade returns to Billing & Invoices, still Trial', async ({
    page,
  }) => {
    await signUpForTrial(page);
    await openBilling(page);
    await page.getByRole('button', { name: 'Upgrade to Standard' }).click();
    await expect(page).toHaveURL(/\/dev\/checkout\?session_id=cs_local_/);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
    await expect(detail(page, 'Plan')).toHaveText('Free Trial');
  });

  test('an upgrade paid in another browser sends that browser to /login, no e-mail named', async ({
    page,
    browser,
  }) => {
    await signUpForTrial(page);
    await page
      .getByRole('region', { name: 'Upgrade to Standard' })
      .getByRole('button', { name: 'Upgrade to Standard' })
      .click();
    await expect(page).toHaveURL(/\/dev\/checkout\?session_id=cs_local_/);
    const sessionId = new URL(page.url()).searchParams.get('session_id');
    await enterBillingDetails(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

    const other = await browser.newPage();
    await newVisitor(other);
    await other.goto(`/payment-processing?session_id=${sessionId}`);
    await expect(other).toHaveURL(/\/login\?/, { timeout: 20_000 });
    // The payment page names no e-mail to a browser that did not pay (docs/architecture.md).
    await expect(other.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    await expect(other.getByRole('status')).toHaveText(Messages.upgradedPleaseLogin);
    await other.close();
  });
});

test('a new Standard account paid in another browser goes to /login without the e-mail', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('elsewhere');
  const checkoutUrl = await startStandardSignupAtCheckout(page, { name: 'Paid Elsewhere', email });
  const sessionId = new URL(checkoutUrl).searchParams.get('session_id');
  await enterBillingDetails(page);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/payment-processing|\/dashboard$/);

  const other = await browser.newPage();
  await newVisitor(other);
  await other.goto(`/payment-processing?session_id=${sessionId}`);
  await expect(other).toHaveURL(/\/login\?/, { timeout: 20_000 });
  await expect(other.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  await expect(other.getByRole('status')).toHaveText(Messages.accountCreatedPleaseLogin);
  await other.close();
});

test.describe('Billing & Invoices', () => {
  test('a Trial user sees the empty state and the upgrade, and the page is accessible', async ({
    page,
  }) => {
    await signUpForTrial(page);
    await openBilling(page);
    await expect(detail(page, 'Plan')).toHaveText('Free Trial');
    await expect(detail(page, 'Price')).toHaveText('$0 · 15 days');
    await expect(detail(page, 'Status')).toHaveText('Active');
    await expect(detail(page, 'Expires on')).toHaveText(/\w+ \d{1,2}, \d{4}/);
    for (const heading of ['Usage summary', 'Billing history', 'Account management']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByText('1 active device')).toBeVisible();
    await expect(page.getByRole('link', { name: /Usage & Sessions/ }).last()).toHaveAttribute(
      'href',
      '/dashboard/usage',
    );
    await expect(
      page.getByText('You are on the Free Trial. There are no invoices or payments.'),
    ).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const details = page.getByRole('region', { name: 'Billing details' });
    await expect(details).toContainText(
      'No billing details yet. The company, address and tax ID you enter at checkout when you buy Standard are saved here and printed on your invoices.',
    );
    await expect(details.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Upgrade to Standard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Manage card' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('after a purchase it shows the plan, the renewal date and the invoice with its link', async ({
    page,
  }) => {
    await buyStandard(page);
    await openBilling(page);
    await expect(detail(page, 'Plan')).toHaveText('Standard');
    await expect(detail(page, 'Price')).toHaveText('$129 per year');
    await expect(detail(page, 'Status')).toHaveText('Active');
    await expect(renewalDate(page)).toHaveText(/\w+ \d{1,2}, \d{4}/);
    // One seat at the list price without tax (no billing details at this checkout).
    await expect(detail(page, 'Seats')).toHaveText('1 seat × $129 / year');
    await expect(detail(page, 'Total')).toHaveText('$129.00 / year');
    await expect(detail(page, 'Renews on')).toContainText('for $129.00');
    await expect(page.getByText('2 active devices')).toBeVisible();

    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row).toContainText('$129.00');
    await expect(row).toContainText('Paid');
    const link = row.getByRole('link', { name: /View invoice/ });
    await expect(link).toHaveAttribute('target', '_blank');
    const [invoicePage] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await expect(invoicePage.getByRole('heading', { name: /Invoice/ })).toBeVisible();
    await invoicePage.close();

    await expect(page.getByRole('button', { name: 'Manage card' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upgrade to Standard' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('Manage card opens the card page of the payment provider', async ({ page }) => {
    await buyStandard(page);
    await openBilling(page);
    await page.getByRole('button', { name: 'Manage card' }).click();
    await expect(page).toHaveURL(/\/dev\/checkout\/portal/);
  });

  test('cancelling asks first with the no-refund notice, then shows Cancelling and the end date', async ({
    page,
  }) => {
    await buyStandard(page);
    await openBilling(page);
    const renews = await renewalDate(page).innerText();
    const cancel = page.getByRole('button', { name: 'Cancel subscription' });

    await cancel.click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel subscription?' });
    await expect(dialog).toContainText(Messages.cancelNoRefund);
    await expect(dialog.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute(
      'href',
      '/refund-policy',
    );
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Keep subscription' }).click();
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();
    await expect(detail(page, 'Status')).toHaveText('Active');

    await cancel.click();
    await dialog
      .getByLabel('Why are you cancelling? (optional)')
      .fill('Our office moves to another application next year.');
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(SuccessMessages.subscriptionCancelled)).toBeFocused();
    await expect(detail(page, 'Status')).toHaveText(`Cancelling — ends ${renews}`);
    await expect(detail(page, 'Expires on')).toHaveText(renews);
    await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);

    // The server keeps the new state: a reload shows it too.
    await openBilling(page);
    await expect(detail(page, 'Status')).toHaveText(`Cancelling — ends ${renews}`);
  });

  test('a customer cancels, then resumes: the card shows and the renewal date is back', async ({
    page,
  }) => {
    await buyStandard(page);
    await openBilling(page);
    await expect(detail(page, 'Card on file')).toHaveText(
      /^Visa ending in 4242, expires 12\/\d{4}$/,
    );
    const renews = await renewalDate(page).innerText();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const cancelDialog = page.getByRole('alertdialog', { name: 'Cancel subscription?' });
    await cancelDialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(detail(page, 'Status')).toHaveText(`Cancelling — ends ${renews}`);

    const resume = page.getByRole('button', { name: 'Resume subscription' });
    await resume.click();
    const dialog = page.getByRole('dialog', { name: 'Resume subscription?' });
    await expect(dialog).toContainText(`will renew on ${renews} for $129.00 per year`);
    await expect(dialog).toContainText('Visa ending in 4242');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect(dialog).toBeHidden();
    await expect(resume).toBeFocused();
    await expect(detail(page, 'Status')).toHaveText(`Cancelling — ends ${renews}`);

    await resume.click();
    await dialog.getByRole('button', { name: 'Resume subscription' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(SuccessMessages.subscriptionResumed)).toBeFocused();
    await expect(detail(page, 'Status')).toHaveText('Active');
    await expect(renewalDate(page)).toHaveText(renews);
    await expect(page.getByRole('button', { name: 'Resume subscription' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The server keeps it: a reload shows the renewal too.
    await openBilling(page);
    await expect(renewalDate(page)).toHaveText(renews);
  });

  test('a failed renewal is said plainly, with the way to update the card', async ({ page }) => {
    await buyStandard(page);
    // The renewal a year away fails in Stripe's hands; the page is shown the state it leaves.
    await page.route('**/api/billing', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown> & {
        subscription: Record<string, unknown>;
      };
      await route.fulfill({
        response,
        json: {
          ...body,
          licenseStatus: 'suspended',
          subscription: {
            ...body.subscription,
            status: 'past_due',
            paymentFailedAt: '2027-03-01T12:00:00.000Z',
          },
        },
      });
    });
    await openBilling(page);
    const alert = page.locator('.billing-alert');
    await expect(alert).toHaveRole('alert');
    await expect(alert).toContainText(
      'Your last renewal payment failed on March 1, 2027. Update your card to keep Standard.',
    );
    await expect(detail(page, 'Card on file')).toContainText('Visa ending in 4242');
    await expectNoAxeViolations(page);
    await alert.getByRole('button', { name: 'Update card' }).click();
    await expect(page).toHaveURL(/\/dev\/checkout\/portal/);
  });

  test('fits a 390 px wide screen with an invoice, without sideways scrolling', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await buyStandard(page);
    await openBilling(page);
    await expect(page.getByRole('link', { name: /View invoice/ })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('a stored session the server no longer knows goes to /login from the billing page', async ({
    page,
    allowConsoleError,
  }) => {
    // Without the session cookie the billing call answers 401, which the browser logs.
    allowConsoleError(failedLoad(401, '/api/billing'));
    await signUpForTrial(page);
    await page.context().clearCookies();
    await page.goto('/dashboard/billing');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('a failed load shows the error with Retry, and Retry loads the page', async ({
    page,
    allowConsoleError,
  }) => {
    // The 503 below is the test's own, and the browser logs it.
    allowConsoleError(failedLoad(503, '/api/billing'));
    await signUpForTrial(page);
    let fail = true;
    await page.route('**/api/billing', (route) =>
      fail
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              message: 'Payments are unavailable.',
              code: 'PAYMENTS_UNAVAILABLE',
            }),
          })
        : route.continue(),
    );
    await page.goto('/dashboard/billing');
    await expect(page.getByRole('alert')).toHaveText('Payments are unavailable.');
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(detail(page, 'Plan')).toHaveText('Free Trial');
    await expect(page.getByRole('heading', { name: 'Current plan' })).toBeFocused();
  });
});

test('the header DOWNLOAD link lands on the download block of My Account', async ({ page }) => {
  // Short enough that the block starts below the fold unless the page scrolls to it.
  await page.setViewportSize({ width: 1280, height: 360 });
  await signUpForTrial(page);
  await page.goto('/overview');
  await page.goto('/dashboard#download');
  const block = page.locator('#download');
  await expect(block.getByRole('link', { name: 'Download Sheetwright' })).toHaveAttribute(
    'href',
    '/api/download',
  );
  await expect(block).toContainText(
    'The version your trial started with — plugin updates come with Standard',
  );
  await expect(block).toBeInViewport();
});
