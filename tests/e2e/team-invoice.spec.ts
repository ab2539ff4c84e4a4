/**
 * A firm buys 40 seats by bank transfer and pays within the 30 days: on /dev/checkout the payment
 * method "Pay by bank transfer" with a PO number (refused first for 4 seats), the team running at
 * once, Billing & Invoices showing the invoice open with its due date, the invoice e-mail, then on
 * the hosted invoice page (PO number, bank details) "Mark as paid by bank transfer", after which
 * the invoice is paid and the receipt is sent. Axe on the checkout and the invoice page.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  enterBillingDetails,
  fillSignupForm,
  islandsReady,
  latestCode,
  latestMail,
  newVisitor,
  uniqueEmail,
} from './auth.helpers';
import { expect, failedLoad, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await newVisitor(page);
});

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

test('a firm buys 40 seats by bank transfer and pays within the 30 days', async ({
  page,
  allowConsoleError,
}) => {
  // The refusal for 4 seats answers 400, which Chromium logs.
  allowConsoleError(failedLoad(400, '/dev/checkout/pay'));
  const email = uniqueEmail('procurement');
  await page.goto('/signup?plan=standard&seats=4');
  await islandsReady(page);
  await fillSignupForm(page, { name: 'Jonas Keller', email });
  await page.getByRole('button', { name: 'Start Standard Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify Your Email' });
  await dialog.getByLabel('Verification code').fill(await latestCode(page.request, email));
  await dialog.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page).toHaveURL(/\/dev\/checkout\?session_id=cs_local_/);

  await enterBillingDetails(page, {
    company: 'Keller Architekten AG',
    name: 'Jonas Keller',
    country: 'Germany',
    address: 'Friedrichstraße 50',
    postalCode: '10117',
    city: 'Berlin',
    taxId: 'DE136695976',
  });
  const method = page.getByRole('group', { name: 'Payment method' });
  // Four seats: bank transfer is refused in plain words, nothing is bought.
  await method.getByLabel('Pay by bank transfer (invoice, due in 30 days)').check();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Paying by bank transfer is possible from 5 seats. Choose 5 seats or more, or pay by card.',
  );

  // Forty seats, then bank transfer with the firm's purchase-order reference.
  await page.getByLabel('Seats').fill('40');
  await page.getByRole('button', { name: 'Update details' }).click();
  await expect(page.locator('#checkout-price')).toHaveText('40 seats × $129.00 / year');
  await expect(page.locator('#checkout-total')).toHaveText('$5,160.00');
  await method.getByLabel('Pay by bank transfer (invoice, due in 30 days)').check();
  await method.getByLabel(/Purchase-order reference/).fill('PO-2026-0815');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

  // The team runs now; the invoice is open until the transfer arrives.
  await page.goto('/dashboard/billing');
  await islandsReady(page);
  await expect(page.getByText(/Open — due /)).toBeVisible();
  const sent = await latestMail(page.request, email, 'invoice-sent');
  expect(sent.text).toContain('PO-2026-0815');
  expect(sent.text).toContain('$5,160.00');
  const invoiceLink = sent.links.find((link) => link.includes('/dev/checkout/invoice?id='));
  expect(invoiceLink).toBeDefined();

  // The hosted invoice page: the PO number and how to pay; the transfer arrives within 30 days.
  await page.goto(invoiceLink!);
  await expect(page.locator('#invoice-status')).toHaveText(/^Open — due \d{4}-\d{2}-\d{2}$/);
  await expect(page.locator('#invoice-po')).toHaveText('PO-2026-0815');
  await expect(page.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Mark as paid by bank transfer' }).click();
  await expect(page.locator('#invoice-status')).toHaveText(/^Paid on \d{4}-\d{2}-\d{2}$/);
  await expectNoAxeViolations(page);
  const receipt = await latestMail(page.request, email, 'receipt');
  expect(receipt.text).toContain('$5,160.00');

  await page.goto('/dashboard/billing');
  await islandsReady(page);
  await expect(page.getByText(/Open — due /)).toHaveCount(0);
});
