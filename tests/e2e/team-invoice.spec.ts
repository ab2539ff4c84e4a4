/**
 * A firm buys 40 seats by bank transfer on our own signup page and pays within the 30 days: the
 * choice is not offered for 4 seats; for 40, "Pay by bank transfer" with the firm's billing details
 * and PO number, the total with tax (reverse charge) before confirming, then the new account
 * signed in on Billing & Invoices, which says the team is ready with the invoice's number, amount
 * and due date and links the invoice. On the local stand-in's hosted invoice page (PO number, bank
 * details) "Mark as paid by bank transfer", after which the invoice is paid and the receipt is
 * sent. Axe on the choice, the form, its total, the landing page and the invoice page.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  fillSignupForm,
  islandsReady,
  latestCode,
  latestMail,
  newVisitor,
  uniqueEmail,
} from './auth.helpers';
import { expect, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await newVisitor(page);
});

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

const BANK_TRANSFER = 'Pay by bank transfer (invoice, due in 30 days)';
const CHANGE_DETAILS = 'Change details';

test('a firm buys 40 seats by bank transfer and pays within the 30 days', async ({ page }) => {
  // A long journey with five accessibility sweeps; on a busy machine it outlasts the default.
  test.setTimeout(90_000);
  const email = uniqueEmail('procurement');
  await page.goto('/signup?plan=standard&seats=4');
  await islandsReady(page);
  // Four seats: bank transfer is not offered.
  await expect(page.getByRole('group', { name: 'How to pay' })).toHaveCount(0);

  // Forty seats: the choice appears; the steps say what happens instead of the card checkout.
  await page.getByLabel('Seats').fill('40');
  const method = page.getByRole('group', { name: 'How to pay' });
  await expect(method.getByLabel('Pay by card')).toBeChecked();
  await method.getByLabel(BANK_TRANSFER).check();
  await expect(page).toHaveURL(/seats=40/);
  await expect(page).toHaveURL(/pay=invoice/);
  await expect(
    page.getByText('Enter whom the invoice is billed to and check the total.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await fillSignupForm(page, { name: 'Jonas Keller', email });
  await page.getByRole('button', { name: 'Start Standard Plan' }).click();
  const verify = page.getByRole('dialog', { name: 'Verify Your Email' });
  await verify.getByLabel('Verification code').fill(await latestCode(page.request, email));
  await verify.getByRole('button', { name: 'Verify Email' }).click();

  // The bank-transfer form: whom the invoice is billed to, and the firm's PO number.
  const form = page.getByRole('dialog', { name: 'Pay by bank transfer' });
  await expect(form).toBeVisible();
  await form.getByLabel('Company').fill('Keller Architekten AG');
  await form.getByLabel('Name', { exact: true }).fill('Jonas Keller');
  await form.getByLabel('Country').selectOption({ label: 'Germany' });
  await form.getByLabel('Address', { exact: true }).fill('Friedrichstraße 50');
  await form.getByLabel('Postal code').fill('10117');
  await form.getByLabel('City').fill('Berlin');
  await form.getByLabel(/Purchase-order reference/).fill('PO-2026-0815');
  // A VAT number the EU's register does not list: VAT is added, and the total says why.
  await form.getByLabel('Tax ID').fill('DE558291406');
  await form.getByRole('button', { name: 'Show the total' }).click();
  await expect(form.getByText(/does not list DE558291406 as a registered business/)).toBeVisible();
  await expect(form.getByTestId('invoice-total')).toHaveText('$6,140.40');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: CHANGE_DETAILS }).click();
  await form.getByLabel('Tax ID').fill('DE136695976');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Show the total' }).click();

  // The total with tax, before anything is bought.
  await expect(form.getByRole('heading', { name: 'Your invoice' })).toBeVisible();
  await expect(form.getByText('40 seats × $129 / year')).toBeVisible();
  await expect(form.getByText('Reverse charge')).toBeVisible();
  await expect(form.getByTestId('invoice-total')).toHaveText('$5,160.00');
  await expect(form.getByText('PO-2026-0815')).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Confirm and send the invoice' }).click();

  // Signed in, on Billing & Invoices: the team is ready, with the invoice to pay.
  await expect(page).toHaveURL(/\/dashboard\/billing\?invoice=in_local_/, { timeout: 20_000 });
  await islandsReady(page);
  const ready = page.getByRole('region', { name: 'Your team is ready' });
  await expect(ready).toContainText("Your team's 40 seats are ready to use now.");
  await expect(ready).toContainText('$5,160.00');
  await expect(ready).toContainText(/invoice SW-\d{4}-\d{6}/);
  await expect(ready).toContainText(/by [A-Z][a-z]+ \d{1,2}, \d{4}\./);
  await expect(page.getByText(/Open — due /)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-auth', 'in');
  await expectNoAxeViolations(page);

  const sent = await latestMail(page.request, email, 'invoice-sent');
  expect(sent.text).toContain('PO-2026-0815');
  expect(sent.text).toContain('$5,160.00');

  // The hosted invoice page: the PO number and how to pay; the transfer arrives within 30 days.
  await ready.getByRole('link', { name: 'View the invoice' }).click();
  await expect(page).toHaveURL(/\/dev\/checkout\/invoice\?id=in_local_/);
  await expect(page.locator('#invoice-status')).toHaveText(/^Open — due \d{4}-\d{2}-\d{2}$/);
  await expect(page.locator('#invoice-po')).toHaveText('PO-2026-0815');
  await expect(page.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Mark as paid by bank transfer' }).click();
  await expect(page.locator('#invoice-status')).toHaveText(/^Paid on \d{4}-\d{2}-\d{2}$/);
  const receipt = await latestMail(page.request, email, 'receipt');
  expect(receipt.text).toContain('$5,160.00');

  await page.goto('/dashboard/billing');
  await islandsReady(page);
  await expect(page.getByRole('heading', { name: 'Billing history' })).toBeVisible();
  await expect(page.getByText(/Open — due /)).toHaveCount(0);
});

test('the local checkout takes cards only: bank transfer is chosen on our own pages', async ({
  page,
}) => {
  await page.goto('/signup?plan=standard&seats=12');
  await islandsReady(page);
  const email = uniqueEmail('card-team');
  await fillSignupForm(page, { name: 'Mara Card', email });
  await page.getByRole('button', { name: 'Start Standard Plan' }).click();
  const verify = page.getByRole('dialog', { name: 'Verify Your Email' });
  await verify.getByLabel('Verification code').fill(await latestCode(page.request, email));
  await verify.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page).toHaveURL(/\/dev\/checkout\?session_id=cs_local_/);
  await expect(page.getByRole('heading', { name: /^Subscribe to / })).toBeVisible();
  await expect(page.getByText(BANK_TRANSFER)).toHaveCount(0);
});
