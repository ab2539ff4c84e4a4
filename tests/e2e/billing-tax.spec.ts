/**
 * Billing a firm can file, in the browser: the local checkout asks for billing details and shows
 * the total with tax before Pay (a German company with a VAT ID: reverse charge; a German
 * consumer: 19 % VAT; a made-up VAT number: VAT, and why), a declined test card stays on the checkout with Stripe's message, and
 * Billing & Invoices offers each invoice's PDF; the receipt lands in /dev/mailbox. Billing &
 * Invoices shows the saved billing details and changes them for future invoices (refusing what
 * the checkout refuses), while the issued invoice keeps its own. Axe on each, at both widths.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import {
  enterBillingDetails,
  islandsReady,
  latestMail,
  newVisitor,
  startStandardSignupAtCheckout,
  uniqueEmail,
  type CheckoutDetails,
} from './auth.helpers';
import { expect, failedLoad, test } from './fixtures';

const GERMAN_CONSUMER: CheckoutDetails = {
  name: 'Grete Müller',
  country: 'Germany',
  address: 'Hauptstraße 1',
  postalCode: '10115',
  city: 'Berlin',
};
const GERMAN_COMPANY: CheckoutDetails = {
  ...GERMAN_CONSUMER,
  company: 'Baubüro Müller GmbH',
  taxId: 'DE136695976',
};

test.beforeEach(async ({ page }) => {
  await newVisitor(page);
});

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Pays on the checkout and waits for the dashboard. */
async function pay(page: Page) {
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

/** The first invoice row on Billing & Invoices. */
async function firstInvoice(page: Page) {
  await page.goto('/dashboard/billing');
  await islandsReady(page);
  return page.getByRole('table', { name: 'Invoices, newest first' }).getByRole('row').nth(1);
}

test('a German company with a VAT ID buys Standard: reverse charge, PDF and receipt', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('de-company');
  await startStandardSignupAtCheckout(page, { name: 'Grete Müller', email });
  await enterBillingDetails(page, GERMAN_COMPANY);

  const summary = page.getByRole('article', { name: 'Order summary' });
  await expect(summary).toContainText('reverse charge (VAT ID DE136695976)');
  await expect(summary.locator('#checkout-total')).toHaveText('$129.00');
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'checkout-reverse-charge');
  await pay(page);

  const row = await firstInvoice(page);
  await expect(row).toContainText('$129.00');
  await expect(row).toContainText('Reverse charge');
  const pdfLink = row.getByRole('link', { name: /^Download invoice SW-\d{4}-\d{6} as PDF$/ });
  const href = await pdfLink.getAttribute('href');
  expect(href).toMatch(/^\/api\/billing\/invoices\/in_local_\w+\/pdf$/);
  const pdf = await page.request.get(href ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await testInfo.attach('invoice.pdf', { body: bytes, contentType: 'application/pdf' });
  await expectNoAxeViolations(page);

  const receipt = await latestMail(page.request, email, 'receipt');
  expect(receipt.text).toMatch(/Invoice number: SW-\d{4}-\d{6}/);
  expect(receipt.text).toContain('Total paid: $129.00');
  expect(receipt.text).toContain('Reverse charge');
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByText(/Your Sheetwright receipt SW-/).first()).toBeVisible();
});

test('a German consumer sees $129.00 + $24.51 VAT = $153.51 before Pay, and on the invoice', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('de-consumer');
  await startStandardSignupAtCheckout(page, { name: 'Grete Müller', email });
  await enterBillingDetails(page, GERMAN_CONSUMER);

  const summary = page.getByRole('article', { name: 'Order summary' });
  await expect(summary).toContainText('VAT 19% (Germany)');
  await expect(summary).toContainText('$24.51');
  await expect(summary.locator('#checkout-total')).toHaveText('$153.51');
  await shoot(page, testInfo, 'checkout-vat');
  await pay(page);

  const row = await firstInvoice(page);
  await expect(row).toContainText('$153.51');
  await expect(row).toContainText('$24.51');
  const receipt = await latestMail(page.request, email, 'receipt');
  expect(receipt.text).toContain('VAT 19%: $24.51');

  // The current plan and its renewal name the same amount the card will be charged.
  const plan = page.getByRole('region', { name: 'Current plan' });
  const detail = (label: string) => plan.locator('dt', { hasText: label }).locator('+ dd');
  await expect(detail('Seats')).toHaveText('1 seat × $129 / year');
  await expect(detail('VAT 19%')).toHaveText('$24.51');
  await expect(detail('Total')).toHaveText('$153.51 / year');
  await expect(detail('Renews on')).toContainText('for $153.51 ($129 plus VAT 19%)');
});

test('a German freelancer who types a VAT number the register does not list pays VAT, is told why, and corrects it later', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('de-freelancer');
  await startStandardSignupAtCheckout(page, { name: 'Grete Müller', email });
  // Right format and check digit, registered to no one.
  await enterBillingDetails(page, { ...GERMAN_CONSUMER, taxId: 'DE558291406' });

  const summary = page.getByRole('article', { name: 'Order summary' });
  await expect(summary).toContainText('VAT 19% (Germany)');
  await expect(summary.locator('#checkout-total')).toHaveText('$153.51');
  await expect(summary).toContainText(
    'VAT is added: the EU VAT register (VIES) does not list DE558291406 as a registered business',
  );
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'checkout-unregistered-vat');
  await pay(page);

  const row = await firstInvoice(page);
  await expect(row).toContainText('$153.51');
  const details = page.getByRole('region', { name: 'Billing details' });
  await expect(details.getByTestId('tax-id-note')).toContainText('does not list DE558291406');
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'billing-unregistered-vat');

  // She finds her real number: the note goes, and the renewal goes without VAT.
  await details.getByRole('button', { name: 'Change billing details' }).click();
  await details.getByLabel('Tax ID').fill('DE136695976');
  await details.getByRole('button', { name: 'Save billing details' }).click();
  await expect(details.getByRole('status')).toBeVisible();
  await expect(details.getByTestId('tax-id-note')).toHaveCount(0);
  const plan = page.getByRole('region', { name: 'Current plan' });
  await expect(plan.locator('dt', { hasText: 'Renews on' }).locator('+ dd')).toContainText(
    'reverse charge',
  );
});

test('a malformed VAT ID is refused in plain words before paying', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(failedLoad(400, '/dev/checkout/details'));
  await startStandardSignupAtCheckout(page, { name: 'Grete Müller', email: uniqueEmail('vat') });
  const form = page.getByRole('group', { name: 'Billing details' });
  await form.getByLabel('Company').fill('Baubüro Müller GmbH');
  await form.getByLabel('Name', { exact: true }).fill('Grete Müller');
  await form.getByLabel('Country').selectOption({ label: 'Germany' });
  await form.getByLabel('Address', { exact: true }).fill('Hauptstraße 1');
  await form.getByLabel('Postal code').fill('10115');
  await form.getByLabel('City').fill('Berlin');
  await form.getByLabel('Tax ID').fill('DE12345');
  await form.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('alert')).toContainText('This VAT ID is not valid for Germany.');
  await expect(form.getByLabel('Tax ID')).toHaveValue('DE12345');
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a declined card stays on the checkout with the message; the right card then pays', async ({
  page,
  allowConsoleError,
}, testInfo) => {
  allowConsoleError(failedLoad(402, '/dev/checkout/pay'));
  const email = uniqueEmail('declined');
  await startStandardSignupAtCheckout(page, { name: 'Dana Declined', email });
  await enterBillingDetails(page);

  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/dev\/checkout\/pay$/);
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'checkout-declined');

  await page.getByLabel('Card number').fill('4000 0000 0000 9995');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card has insufficient funds.');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay(page);
  await expect(page.getByRole('region', { name: 'Your License' })).toContainText('Standard');
});

test('Billing & Invoices shows the billing details and changes them for future invoices only', async ({
  page,
  allowConsoleError,
}, testInfo) => {
  // A purchase, then five states each checked with axe: more than the default 30 s on a busy CPU.
  test.setTimeout(90_000);
  allowConsoleError(failedLoad(400, '/api/billing/details'));
  await startStandardSignupAtCheckout(page, { name: 'Grete Müller', email: uniqueEmail('edit') });
  await enterBillingDetails(page, GERMAN_CONSUMER);
  await pay(page);
  const invoiceUrl = await (
    await firstInvoice(page)
  )
    .getByRole('link', { name: /View invoice/ })
    .getAttribute('href');

  const section = page.getByRole('region', { name: 'Billing details' });
  const detail = (label: string) => section.locator('dt', { hasText: label }).locator('+ dd');
  await expect(detail('Billed to')).toHaveText('Grete Müller');
  await expect(detail('Address')).toContainText('Hauptstraße 1');
  await expect(detail('Address')).toContainText('10115 Berlin');
  await expect(detail('Address')).toContainText('Germany');
  await expect(detail('Tax ID')).toHaveText('None');
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'billing-details-1280');

  // A VAT ID that is not valid for Germany: the checkout's sentence, the field marked, no change.
  await section.getByRole('button', { name: 'Change billing details' }).click();
  await expect(section.getByLabel('Name', { exact: true })).toHaveValue('Grete Müller');
  await expect(section.getByLabel('Country')).toHaveValue('DE');
  await section.getByLabel('Company').fill('Baubüro Müller GmbH');
  await section.getByLabel('Address', { exact: true }).fill('Friedrichstraße 20');
  await section.getByLabel('Postal code').fill('10117');
  await section.getByLabel('Tax ID').fill('DE12345');
  await section.getByRole('button', { name: 'Save billing details' }).click();
  await expect(section.getByRole('alert')).toContainText('This VAT ID is not valid for Germany.');
  await expect(section.getByLabel('Tax ID')).toHaveAttribute('aria-invalid', 'true');
  await expect(section.getByLabel('Tax ID')).toBeFocused();
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'billing-details-refused-1280');
  await section.getByRole('button', { name: 'Cancel' }).click();
  await expect(detail('Address')).toContainText('Hauptstraße 1');
  await expect(detail('Tax ID')).toHaveText('None');

  // At 390 px: the form fits, and a valid change is saved.
  await page.setViewportSize({ width: 390, height: 844 });
  await section.getByRole('button', { name: 'Change billing details' }).click();
  await section.getByLabel('Company').fill('Baubüro Müller GmbH');
  await section.getByLabel('Address', { exact: true }).fill('Friedrichstraße 20');
  await section.getByLabel('Postal code').fill('10117');
  await section.getByLabel('Tax ID').fill('DE 136 695 976');
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shoot(page, testInfo, 'billing-details-form-390');
  await section.getByRole('button', { name: 'Save billing details' }).click();

  await expect(section.getByRole('status')).toHaveText(
    'Your billing details are saved. Your next invoice will carry them.',
  );
  await expect(detail('Billed to')).toHaveText('Baubüro Müller GmbH (Grete Müller)');
  await expect(detail('Address')).toContainText('Friedrichstraße 20');
  await expect(detail('Address')).toContainText('10117 Berlin');
  await expect(detail('Tax ID')).toHaveText('DE136695976');
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'billing-details-390');

  // Saved for good, and the invoice already issued keeps the details it was issued with.
  await page.reload();
  await islandsReady(page);
  await expect(detail('Tax ID')).toHaveText('DE136695976');
  await page.goto(invoiceUrl ?? '');
  await expect(page.getByRole('definition').filter({ hasText: 'Hauptstraße 1' })).toBeVisible();
  await expect(page.getByText('Friedrichstraße 20')).toHaveCount(0);
  await expect(page.getByText('VAT 19%')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'hosted-invoice-390');
});
